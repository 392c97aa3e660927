import YoubiCore

/// Claiming a release to announce: the one step that makes each release announced once
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
    let path = try location.get()
    do {
      try makeDirectories(parent(of: path))
    } catch let failure {
      throw failure.error(verb: "save")
    }
    var claimed = false
    let synced = try locked(path, verb: "save") { () throws(Failure) in
      var marks = try readMarks(path) ?? Marks()
      guard !marks.wasNotified(key) else { return Synced(marks: marks) }
      marks.recordNotified(key, at: wall)
      try writeAtomically(Marks.stateJSON(marks), to: path)
      claimed = true
      return Synced(marks: marks)
    }
    return (claimed, synced)
  }
}
