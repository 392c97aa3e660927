import Schedule

/// Did-you-mean for names a person typed: config keys, command-line options.
public enum Suggestion {
  /// The candidate closest to `text` (case-insensitive), when it is within
  /// `maxDistance` edits: `lables` → `labels`, `--no-mous` → `--no-mouse`.
  public static func nearest(to text: String, among candidates: [String], maxDistance: Int = 2)
    -> String?
  {
    let input = Array(text.lowercased().unicodeScalars)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let d = Weekday.editDistance(input, Array(candidate.lowercased().unicodeScalars))
      if d <= maxDistance && d < (best?.distance ?? Int.max) { best = (candidate, d) }
    }
    return best?.candidate
  }
}
