import Schedule

/// Marks, stars and actions on a serial: what the key bindings call.
///
/// A binding changes `marks` and calls `marksChanged()`, for example on `m`:
///
/// ```swift
/// marks.toggleRead(SerialID(serial), in: key, week: weekOnScreen, at: wall)
/// return marksChanged()  // saved by `update` once the debounce passes
/// ```
extension AppState {
  /// After a change to `marks`: forgets weeks past the horizon; `update` saves
  /// them once the debounce passes.
  mutating func marksChanged() -> [Effect] {
    marks.prune(now: ISOWeek(wall))
    notifications.stale = true  // a star changes what is announced
    saving.changed()
    return syncEffects()  // a tracked show's progress goes back to its tracker
  }

  /// Asks for `url` to be opened; the footer will say how it went.
  mutating func open(_ url: WebURL) -> [Effect] {
    notice = Notice(.link, labels.opening)
    return [.open(url)]
  }

  /// Copies `text` to the clipboard and says so in the footer.
  mutating func copy(_ text: String) -> [Effect] {
    notice = Notice(.clipboard, labels.copied)
    return [.copy(text)]
  }

  /// A save came back: the marks are merged in, or it is tried again later.
  ///
  /// A quit waiting for it ends now, saying whether the marks are on disk.
  mutating func stateSaved(_ result: Result<Marks, StateFileError>, at now: Duration) -> [Effect] {
    let failure: StateFileError? = if case .failure(let error) = result { error } else { nil }
    saving.finished(failed: failure != nil, at: now)
    if let quit = saving.quitting {
      if let failure { return [.quit(status: quit.status, message: Self.unsavedMessage(failure))] }
      // A change made while this save was on its way goes next, then the quit.
      return saving.unsaved ? [] : [.quit(status: quit.status)]
    }
    stateSynced(result)
    return []
  }

  /// Quits with `status`, after the last save if a change is not on disk yet.
  mutating func requestQuit(_ status: Int32, at now: Duration) -> [Effect] {
    if saving.quitting != nil {
      // Asked again while waiting (a second Ctrl-C): go now.
      return [.quit(status: status, message: Self.unsavedMessage(nil))]
    }
    guard saving.isBusy else { return [.quit(status: status)] }
    saving.quit(status, at: now)
    return []
  }

  /// The quit waiting for the last save gives up once its patience runs out.
  mutating func quitIfOutOfPatience(at now: Duration) -> [Effect] {
    guard let quit = saving.quitting, now >= quit.giveUpAt else { return [] }
    return [.quit(status: quit.status, message: Self.unsavedMessage(nil))]
  }

  /// The line printed after quitting when the last save did not reach the disk.
  static func unsavedMessage(_ error: StateFileError?) -> String {
    guard let error else { return "youbi: marks not saved: the last save did not finish in time" }
    switch error.reason {
    case .locked: return "youbi: marks not saved: another youbi held the state file's lock"
    case .noLocation, .system, .newerVersion: return "youbi: marks not saved: \(error.message)"
    }
  }

  /// Takes in the marks on disk after a load or save, or shows why it failed.
  ///
  /// Merging (not replacing) keeps any change made while the save was on its
  /// way; those are already in a later `.save`. Nothing else needs saving here: a
  /// merge only adds what the file already has. When the file is `loaded` (not
  /// after a save: that would look over every entry each time), the marks an edit
  /// orphaned are looked at (`forgetOrphanedMarks`), and what that changed is saved.
  mutating func stateSynced(_ result: Result<Marks, StateFileError>, loaded: Bool = false) {
    switch result {
    case .success(var disk):
      if notice?.topic == .stateFile { notice = nil }
      if disk.limitHorizon(to: ISOWeek(wall).advanced(by: -Marks.retainedWeeks)) {
        notice = Notice(.stateFile, labels.horizonAhead, isError: true)
      }
      marks.merge(disk)
      marks.prune(now: ISOWeek(wall))
      // Saved, so the file forgets them too.
      if loaded && forgetOrphanedMarks() { saving.changed() }
    case .failure(let error):
      notice = Notice(error)
    }
  }

}
