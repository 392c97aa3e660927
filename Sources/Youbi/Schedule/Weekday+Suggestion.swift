import TerminalUI

extension Weekday {
  /// The weekday whose name or abbreviation is closest to `text` by edit
  /// distance (case-insensitive), if it is close enough to be a typo.
  ///
  /// `mondy` → Monday, `thurs` → Thursday, `fri day` → Friday; `banana` → nil.
  public static func nearest(to text: String) -> Weekday? {
    let input = Array(text.lowercased().unicodeScalars)
    var best: (day: Weekday, distance: Int)?
    for day in Weekday.allCases {
      for form in [day.name, String(day.name.prefix(3))] {
        let d = editDistance(input, Array(form.unicodeScalars))
        if best == nil || d < best!.distance { best = (day, d) }
      }
    }
    guard let best, best.distance <= max(2, input.count / 3) else { return nil }
    return best.day
  }

  /// Levenshtein distance between two scalar arrays.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for (i, x) in a.enumerated() {
      current[0] = i + 1
      for (j, y) in b.enumerated() {
        current[j + 1] = Swift.min(
          previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}

/// The message for a day key that names no weekday.
enum DayKeySuggestion {
  static func unknownDayMessage(_ key: String) -> String {
    let shown = "\"\(SafeText.sanitize(key))\""
    if let day = Weekday.nearest(to: key) {
      return "unknown day \(shown); did you mean \"\(day.name)\"?"
    }
    return "unknown day \(shown); expected a weekday such as \"monday\", \"mon\" or \"月\""
  }
}
