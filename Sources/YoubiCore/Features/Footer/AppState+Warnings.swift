/// A week's warnings in the footer: said once, for a few seconds after it is shown or
/// until the next key, never for the whole run (`youbi --check` lists them in full).
extension AppState {
  /// How long the footer says a week's warnings.
  static let warningsShown = Duration.seconds(5)

  /// Starts the footer's few seconds for each week that has warnings not yet said.
  mutating func startSayingWarnings(at now: Duration) {
    for i in sections.indices where sections[i].warningsUntil == nil {
      if let count = sections[i].schedule?.warningCount, count > 0 {
        sections[i].warningsUntil = now + Self.warningsShown
      }
    }
  }

  /// A key was pressed: warnings being said have been seen.
  mutating func warningsSeen(at now: Duration) {
    for i in sections.indices {
      if let until = sections[i].warningsUntil, until > now { sections[i].warningsUntil = now }
    }
  }

  /// Whether `section`'s warnings are being said at `now`.
  func saysWarnings(of section: SectionState, at now: Duration) -> Bool {
    section.warningsUntil.map { now < $0 } ?? true
  }

  /// When the warnings being said go from the footer; nil when none are.
  func warningsDeadline(after now: Duration) -> Duration? {
    sections.compactMap(\.warningsUntil).filter { $0 > now }.min()
  }
}
