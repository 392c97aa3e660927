/// "Did you mean …?": the nearest of a few known words to a misspelt one.
///
/// Distances count insertions, deletions, substitutions and swaps of two
/// neighbouring characters (optimal string alignment), one edit each, so
/// `titel` is one edit from `title`. Input is untrusted and can be huge:
/// anything longer than `maxLength` scalars gets no suggestion and costs
/// nothing, since a word that long is no typo of a short one. Comparing
/// allocates nothing, so warning about unknown fields stays cheap in a file
/// of 100,000 entries.
public enum Suggestion {
  /// The longest text worth comparing, in Unicode scalars.
  static let maxLength = 24

  /// The closest of `candidates` (each at most `maxLength` scalars) within
  /// `maxDistance(candidate's length)` edits of `text`, the first on a tie;
  /// nil when none is that close.
  static func nearest(
    to text: String, among candidates: [String], maxDistance: (Int) -> Int
  ) -> String? {
    var text = text
    return text.withUTF8 { nearest(toUTF8: $0, among: candidates, maxDistance: maxDistance) }
  }

  /// `nearest(to:among:maxDistance:)` for valid UTF-8.
  static func nearest(
    toUTF8 utf8: UnsafeBufferPointer<UInt8>, among candidates: [String],
    maxDistance: (Int) -> Int
  ) -> String? {
    guard utf8.count <= maxLength * 4 else { return nil }
    return withScalars(of: utf8) { input -> String? in
      guard let input else { return nil }
      var best: (word: String, distance: Int)?
      for word in candidates {
        var word = word
        let d = word.withUTF8 { wordUTF8 in
          withScalars(of: wordUTF8) { candidate -> Int in
            guard let candidate else { return Int.max }
            let limit = maxDistance(candidate.count)
            // The lengths alone can rule a word out.
            if abs(candidate.count - input.count) > limit { return Int.max }
            let d = distance(input, candidate)
            return d <= limit ? d : Int.max
          }
        }
        if d != Int.max && (best == nil || d < best!.distance) { best = (word, d) }
      }
      return best?.word
    }
  }

  /// Calls `body` with the scalars of `utf8` in a temporary buffer, or with
  /// nil when there are more than `maxLength`.
  static func withScalars<R>(
    of utf8: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt32>?) -> R
  ) -> R {
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: maxLength) { buffer in
      var count = 0
      var bytes = utf8.makeIterator()
      var decoder = UTF8()
      while case .scalarValue(let scalar) = decoder.decode(&bytes) {
        guard count < maxLength else { return body(nil) }
        buffer[count] = scalar.value
        count += 1
      }
      return body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
    }
  }

  /// Optimal string alignment distance between two short scalar sequences.
  ///
  /// - Complexity: O(a.count × b.count) time; no allocation.
  static func distance(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    let width = b.count + 1
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows in
      // Rows i-2, i-1 and i of the table, `width` each, used in turn: row
      // i lives at (i % 3) × width, so row 0 starts at 0.
      for j in 0...b.count { rows[j] = j }
      for i in 1...a.count {
        let current = (i % 3) * width
        let previous = ((i - 1) % 3) * width
        let beforePrevious = ((i + 1) % 3) * width
        rows[current] = i
        for j in 1...b.count {
          let cost = a[i - 1] == b[j - 1] ? 0 : 1
          var d = min(
            rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
          if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
            d = min(d, rows[beforePrevious + j - 2] + 1)
          }
          rows[current + j] = d
        }
      }
      return rows[(a.count % 3) * width + b.count]
    }
  }
}

extension Suggestion {
  /// The candidate closest to `text`, case ignored, within `maxDistance` edits:
  /// for names a person typed, such as config keys and command-line options
  /// (`lables` → `labels`, `--no-mous` → `--no-mouse`).
  public static func nearest(to text: String, among candidates: [String], maxDistance: Int = 2)
    -> String?
  {
    let lowered = candidates.map { $0.lowercased() }
    guard
      let near = nearest(to: text.lowercased(), among: lowered, maxDistance: { _ in maxDistance }),
      let index = lowered.firstIndex(of: near)
    else { return nil }
    return candidates[index]
  }
}
