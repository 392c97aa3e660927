import Schedule

/// Sections shown from a snapshot, which holds only the weeks around today (`dates`): their
/// files are read whole behind the first frame only once something needs more, and the
/// whole schedule takes the part's place as a reread does (`loaded`), changing no row of
/// the week on screen.
extension AppState {
  /// Shows the sections of the files at `paths` from their snapshots, which hold every
  /// serial listed on `dates`; the reads that are needed at once (`needsWhole`).
  public mutating func readWhole(_ paths: Set<String>, holding dates: Range<CivilDate>)
    -> [Effect]
  {
    guard !paths.isEmpty else { return [] }
    partial.paths = paths
    partial.dates = dates
    return readWholeIfNeeded()
  }

  /// Reads the files shown from snapshots whole, once something needs more than they hold.
  mutating func readWholeIfNeeded() -> [Effect] {
    guard !partial.paths.isEmpty, needsWhole else { return [] }
    if references.deferred {
      partial.paths = []
      return readDeferredReferences()
    }
    var effects: [Effect] = []
    for i in sections.indices where sections[i].schedule != nil {
      guard let path = readPath(of: sections[i].source), partial.paths.contains(path),
        !sections[i].reload.loading
      else { continue }
      let load = read(path, pages: sections[i].pagePaths, for: [i])
      if !effects.contains(load) { effects.append(load) }
    }
    partial.paths = []
    return effects
  }

  /// Whether the app now needs more of a section than the weeks a snapshot holds: a
  /// search (every title), the details box, the `b` list and the behind counts (marks,
  /// followed sources: weeks back), notifications of every serial, the calendar (any
  /// date), or a today
  /// whose next week is past the snapshot's dates.
  var needsWhole: Bool {
    switch focus {
    case .page, .help: break
    case .search, .details, .behind: return true
    }
    switch mode {
    case .week: break
    case .calendar: return true
    }
    switch notify.scope {
    case .off, .starred, .followed: break  // nothing without marks or a followed source
    case .all: return true
    }
    if search != nil || starredOnly || !marks.isEmpty || !followedSources.isEmpty {
      return true
    }
    guard let dates = partial.dates else { return true }
    let monday = todayDate.adding(days: -today.rawValue)
    return !(dates.contains(monday) && dates.contains(monday.adding(days: 13)))
  }
}
