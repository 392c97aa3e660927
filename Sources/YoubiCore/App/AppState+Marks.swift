import Schedule

/// Marks, stars and actions on a serial: what the key bindings call.
///
/// A binding changes `marks` and returns `marksChanged()`, for example on `m`:
///
/// ```swift
/// marks.toggleRead(SerialID(serial), in: key, week: weekOnScreen, at: wall)
/// return marksChanged()  // [.save(marks)]
/// ```
extension AppState {
  /// After a change to `marks`: forgets weeks past the horizon and asks for a save.
  public mutating func marksChanged() -> [Effect] {
    marks.prune(now: ISOWeek(wall))
    notifications.stale = true  // a star changes what is announced
    return [.save(marks)]
  }

  /// Asks for `url` to be opened; the footer will say how it went.
  public mutating func open(_ url: WebURL) -> [Effect] {
    notice = Notice(.link, labels.opening)
    return [.open(url)]
  }

  /// Copies `text` to the clipboard and says so in the footer.
  public mutating func copy(_ text: String) -> [Effect] {
    notice = Notice(.clipboard, labels.copied)
    return [.copy(text)]
  }

  /// Takes in the marks on disk after a load or save, or shows why it failed.
  ///
  /// Merging (not replacing) keeps any change made while the save was on its
  /// way; those are already in a later `.save`. Nothing needs saving here: a
  /// merge only adds what the file already has.
  mutating func stateSynced(_ result: Result<Marks, StateFileError>) {
    switch result {
    case .success(let disk):
      marks.merge(disk)
      marks.prune(now: ISOWeek(wall))
      if notice?.topic == .stateFile { notice = nil }
    case .failure(let error):
      notice = Notice(error)
    }
  }

}
