import PagerCore
import Schedule
import TerminalUI

/// Where a match is: a section, a day, and a serial's position in that day's list.
///
/// Ordered as the search walks: section by section, Monday to Sunday, top to bottom.
public struct SearchHit: Equatable, Hashable, Comparable, Sendable {
  public var section: Int
  public var day: Weekday
  public var index: Int

  public init(section: Int, day: Weekday, index: Int) {
    self.section = section
    self.day = day
    self.index = index
  }

  public static func < (a: SearchHit, b: SearchHit) -> Bool {
    (a.section, a.day.rawValue, a.index) < (b.section, b.day.rawValue, b.index)
  }
}

/// A search: what was typed, what it matches, and where it started.
///
/// Pure data: `AppState` asks each section's `SearchIndex` for the hits and
/// moves the pagers; the view highlights with `highlights(in:)`.
public struct Search: Equatable, Sendable {
  /// The prompt's text as typed or pasted (untrusted: drawn only through `Canvas`).
  public private(set) var query = ""
  /// The query folded (`SearchFolding`), as scalars, for highlighting rows.
  public private(set) var folded: [Unicode.Scalar] = []
  /// The query folded, as UTF-8, for the indexes.
  public private(set) var foldedUTF8: [UInt8] = []
  /// Every matching serial, in search order.
  public var hits: [SearchHit] = []
  /// Where the view was when `/` was pressed, for Esc; nil once the search is kept.
  public var origin: Origin?

  /// Everything the search may move, as it was when it started.
  public struct Origin: Equatable, Sendable {
    /// The section pager (the selected section).
    public var sectionPager: Pager
    /// Each section's week (its selected day).
    public var weeks: [Pager]
    /// Each section's cursors and scroll offsets.
    public var lists: [PageMemory<ListState>]
    /// The cursor: the first match at or after it is where typing goes.
    public var place: SearchHit
  }

  public init(origin: Origin?) {
    self.origin = origin
  }

  /// Replaces the query; the folded forms follow.
  ///
  /// Folding sees the text as it is drawn (`SafeText`), so a pasted invisible
  /// character matches the placeholder a schedule shows for it.
  public mutating func setQuery(_ text: String) {
    query = text
    folded = Array(SearchFolding.fold(SafeText.sanitize(text)).unicodeScalars)
    foldedUTF8 = []
    for scalar in folded { SearchFolding.appendUTF8(scalar, to: &foldedUTF8) }
  }

  /// `text` made fit for the one-line prompt: line breaks and tabs become
  /// spaces, other control characters are dropped.
  public static func promptText(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09, 0x0A, 0x0D: out.append(" ")
      case 0x00..<0x20, 0x7F...0x9F: continue
      default: out.append(scalar)
      }
    }
    return String(out)
  }

  /// The hit at `place`, counted from 1 for the footer, if `place` is one.
  ///
  /// - Complexity: O(log hits).
  public func number(of place: SearchHit) -> Int? {
    let i = firstIndex(notBefore: place)
    return i < hits.count && hits[i] == place ? i + 1 : nil
  }

  /// The first hit at or after `place`, wrapping to the first of all; nil with no hits.
  public func first(atOrAfter place: SearchHit) -> SearchHit? {
    let i = firstIndex(notBefore: place)
    return i < hits.count ? hits[i] : hits.first
  }

  /// The hit after `place` (or before it, going backward), and whether the
  /// search wrapped round an end to find it; nil with no hits.
  public func step(_ direction: Direction, from place: SearchHit) -> (
    hit: SearchHit, wrapped: Bool
  )? {
    guard let first = hits.first, let last = hits.last else { return nil }
    switch direction {
    case .forward:
      var i = firstIndex(notBefore: place)
      if i < hits.count && hits[i] == place { i += 1 }
      return i < hits.count ? (hits[i], false) : (first, true)
    case .backward:
      let i = firstIndex(notBefore: place) - 1
      return i >= 0 ? (hits[i], false) : (last, true)
    }
  }

  /// The index of the first hit not before `place` (`hits.count` when none).
  private func firstIndex(notBefore place: SearchHit) -> Int {
    var lo = 0
    var hi = hits.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if hits[mid] < place { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// Where the query occurs in `text`, as ranges of scalar offsets in `text`
  /// (for `Canvas.draw(highlights:)`), left to right, not overlapping.
  ///
  /// - Complexity: O(scalars of `text` × scalars of the query), for the few rows on screen.
  public func highlights(in text: String) -> [Range<Int>] {
    Self.ranges(of: folded, in: text)
  }

  static func ranges(of needle: [Unicode.Scalar], in text: String) -> [Range<Int>] {
    guard !needle.isEmpty else { return [] }
    let (hay, offsets) = SearchFolding.foldWithOffsets(text)
    guard hay.count >= needle.count else { return [] }
    let total = text.unicodeScalars.count
    var ranges: [Range<Int>] = []
    var i = 0
    while i <= hay.count - needle.count {
      if hay[i] == needle[0] && hay[i..<(i + needle.count)].elementsEqual(needle) {
        let end = i + needle.count
        let lower = offsets[i]
        let upper = max(end < hay.count ? offsets[end] : total, lower + 1)
        if let last = ranges.last, last.upperBound >= lower {
          ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, upper)
        } else {
          ranges.append(lower..<upper)
        }
        i = end
      } else {
        i += 1
      }
    }
    return ranges
  }
}
