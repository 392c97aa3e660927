import Foundation

/// One capture of a pane: the plain text of each row, and the same rows with their
/// SGR attributes (`capture-pane -e`), so two screens that differ only by a
/// highlighted row (the cursor, the selected tab) still compare unequal.
struct Screen: Equatable, CustomStringConvertible, Sendable {
  let styledRows: [String]
  let rows: [String]

  static let dayNames = [
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
  ]
  static let shortNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

  init(styled: String) {
    var lines = styled.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    styledRows = lines
    rows = lines.map(Screen.stripSGR)
  }

  static func stripSGR(_ line: String) -> String {
    var out = ""
    var scalars = line.unicodeScalars.makeIterator()
    while let c = scalars.next() {
      if c == "\u{1b}" {
        // Skip ESC [ params final-byte (capture-pane -e emits only CSI … m).
        guard let next = scalars.next() else { break }
        if next == "[" {
          while let p = scalars.next(), !(0x40...0x7e).contains(p.value) {}
        }
        continue
      }
      out.unicodeScalars.append(c)
    }
    return out
  }

  var text: String { rows.joined(separator: "\n") }

  /// Full English day names on a row, in order of appearance.
  static func dayNames(in row: String) -> [String] {
    var found: [(String.Index, String)] = []
    for name in dayNames {
      var searchRange = row.startIndex..<row.endIndex
      while let r = row.range(of: name, range: searchRange) {
        found.append((r.lowerBound, name))
        searchRange = r.upperBound..<row.endIndex
      }
    }
    return found.sorted { $0.0 < $1.0 }.map { $0.1 }
  }

  /// Every full day name on the screen, row by row.
  var dayNameOccurrences: [(row: Int, name: String)] {
    rows.enumerated().flatMap { i, row in Screen.dayNames(in: row).map { (i, $0) } }
  }

  /// The day shown when the screen is settled: exactly one full day name, once.
  var currentDay: String? {
    let all = dayNameOccurrences
    return all.count == 1 ? all[0].name : nil
  }

  /// The row of the page heading (the row holding the full day name(s)).
  var headingRow: Int? { dayNameOccurrences.first?.row }

  /// True when some row holds two different full day names (two pages side by side).
  var showsTwoPagesSideBySide: Bool {
    rows.contains { Set(Screen.dayNames(in: $0)).count >= 2 }
  }

  /// The top row is the tab bar: Mon Tue … Sun in order.
  var hasTabBar: Bool {
    guard let top = rows.first else { return false }
    var rest = top[...]
    for name in Screen.shortNames {
      guard let r = rest.range(of: name) else { return false }
      rest = rest[r.upperBound...]
    }
    return true
  }

  /// Rows `from..<to` with attributes (for comparing page areas).
  func styled(_ range: Range<Int>) -> [String] {
    Array(styledRows[max(0, range.lowerBound)..<min(styledRows.count, range.upperBound)])
  }

  func contains(_ text: String) -> Bool { rows.contains { $0.contains(text) } }

  var description: String {
    rows.enumerated().map { String(format: "%2d|", $0.offset) + $0.element }.joined(
      separator: "\n")
  }
}
