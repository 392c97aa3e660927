import YoubiCore

/// The options that print releases: `--next`, `--upcoming`, `--starred`, `--short`, `--format`.
extension Options {
  /// Whether `text` is a count: ASCII digits only, and not too long to be one.
  static func isCount(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.count <= 6 && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
  }

  /// `30m`, `2h`, `1d`, `90s`, `1h30m`: seconds; a bare number is minutes. Nil for
  /// anything else, or more than a year.
  static func seconds(_ text: String) -> Int? {
    guard let value = DurationText.seconds(text), value <= 366 * 86_400 else { return nil }
    return value
  }

  /// Refuses options that only make sense with one another.
  func checkOutputOptions() throws(UsageError) {
    if next != nil && upcoming != nil {
      throw UsageError(message: "--next and --upcoming cannot be combined")
    }
    let releases = next != nil || upcoming != nil
    if releases && (print || check || initialize) {
      throw UsageError(
        message: "--next and --upcoming cannot be combined with --print, --check or --init")
    }
    if starred && !releases {
      throw UsageError(message: "--starred goes with --next or --upcoming")
    }
    if short && next == nil {
      throw UsageError(message: "--short goes with --next")
    }
    if short && format != .text {
      throw UsageError(message: "--short writes text; it cannot be combined with --format")
    }
    if format != .text && !releases && !print {
      throw UsageError(message: "--format goes with --print, --next or --upcoming")
    }
  }
}
