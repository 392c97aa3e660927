import JSON

extension Weekday {
  /// The weekday whose name or abbreviation is closest to `text`
  /// (case-insensitive), if it is close enough to be a typo: within a third
  /// of its length in edits, and never less than two.
  ///
  /// `mondy` → Monday, `thurs` → Thursday, `fri day` → Friday; `banana` → nil.
  /// Long text gets no suggestion without being read (`Suggestion.maxLength`).
  public static func nearest(to text: String) -> Weekday? {
    guard text.utf8.count <= Suggestion.maxLength * 4 else { return nil }
    let input = text.lowercased()
    let length = input.unicodeScalars.count
    let forms = Weekday.allCases.flatMap { [$0.name, String($0.name.prefix(3))] }
    guard
      let word = Suggestion.nearest(
        to: input, among: forms, maxDistance: { _ in max(2, length / 3) })
    else { return nil }
    return Weekday.allCases.first { word.hasPrefix($0.name.prefix(3)) }
  }
}

/// The message for a day key that names no weekday.
enum DayKeySuggestion {
  static func unknownDayMessage(_ key: String) -> String {
    if let day = Weekday.nearest(to: key) {
      return "unknown day \(Excerpt.quoted(key)); did you mean \"\(day.name)\"?"
    }
    return unknownDayMessage(quoted: Excerpt.quoted(key))
  }

  /// The message without a suggestion, for a key already quoted.
  static func unknownDayMessage(quoted: String) -> String {
    "unknown day \(quoted); expected a weekday such as \"monday\", \"mon\" or \"月\""
  }
}

extension Weekday {
  /// Edit distance between two words (optimal string alignment: insertions,
  /// deletions, substitutions and swaps of neighbours, one edit each), for
  /// did-you-mean beyond day names, such as config keys.
  ///
  /// - Complexity: O(a.count × b.count).
  public static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    let x = a.map(\.value)
    let y = b.map(\.value)
    return x.withUnsafeBufferPointer { x in
      y.withUnsafeBufferPointer { y in Suggestion.distance(x, y) }
    }
  }
}
