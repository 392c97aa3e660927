import YoubiCore

/// Claiming releases to announce: the one step that makes each release announced once
/// across every youbi that runs.
extension StateStore {
  /// Records under the lock that `key` is announced, unless the file already says so.
  ///
  /// Returns whether this call recorded it (so this youbi sends the notification) and
  /// the marks on disk afterwards. Two youbis that reach the same release at once both
  /// ask; the lock lets exactly one of them find it unrecorded.
  public func claim(_ key: NotificationKey, at wall: WallTime) throws(StateFileError)
    -> (claimed: Bool, synced: Synced)
  {
    let (claimed, synced) = try claim([key], at: wall)
    return (!claimed.isEmpty, synced)
  }

  /// Records under the lock every one of `keys` the file does not already hold, in one
  /// write; returns those this call recorded (in the order asked) and the marks on disk
  /// afterwards. A minute of three hundred releases is one lock and one write, not three
  /// hundred that queue for the lock.
  public func claim(_ keys: [NotificationKey], at wall: WallTime) throws(StateFileError)
    -> (claimed: [NotificationKey], synced: Synced)
  {
    let path = try location.get()
    do {
      try makeDirectories(parent(of: path))
    } catch let failure {
      throw failure.error(verb: "save")
    }
    var claimed: [NotificationKey] = []
    let synced = try locked(path, verb: "save") { () throws(Failure) in
      claimed = []
      var marks = try readMarks(path) ?? Marks()
      for key in keys where !marks.wasNotified(key) {
        marks.recordNotified(key, at: wall)
        claimed.append(key)
      }
      if !claimed.isEmpty { try writeAtomically(Marks.stateJSON(marks), to: path) }
      return Synced(marks: marks)
    }
    return (claimed, synced)
  }
}
