import Foundation

/// One capture of a pane: the plain text of each row, and the same rows with their
/// SGR attributes (`capture-pane -e`), so two screens that differ only by a
/// highlighted row (the cursor, the selected tab) still compare unequal.
struct Screen: Equatable, CustomStringConvertible, Sendable {
  let styledRows: [String]
  let rows: [String]
  /// The attribute code of each character of each row (parallel to `rows`).
  let attributeRows: [[String]]

  static let dayNames = [
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
  ]
  static let shortNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

  init(styled: String) {
    var lines = styled.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    (rows, styledRows, attributeRows) = Screen.canonicalize(lines)
  }

  /// The SGR state of a cell.
  struct Attributes: Equatable {
    /// SGR numbers: 1 bold, 2 dim, 3 italic, 4 underline, 5 blink, 7 reverse, 8 hidden, 9 strike.
    var flags = Set<Int>()
    var fg = ""  // "" = default
    var bg = ""
    var code: String {
      flags.sorted().map(String.init).joined(separator: ",") + "|" + fg + "|" + bg
    }

    mutating func apply(_ params: String) {
      var ps = params.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
      if ps.isEmpty { ps = ["0"] }
      var i = 0
      while i < ps.count {
        let main = ps[i].split(separator: ":").first.map(String.init) ?? ""
        let n = Int(main) ?? 0
        switch n {
        case 0: self = Attributes()
        case 1, 2, 3, 5, 7, 8, 9: flags.insert(n)
        case 4: if ps[i] == "4:0" { flags.remove(4) } else { flags.insert(4) }
        case 21: flags.insert(4)
        case 22:
          flags.remove(1)
          flags.remove(2)
        case 23: flags.remove(3)
        case 24: flags.remove(4)
        case 25: flags.remove(5)
        case 27: flags.remove(7)
        case 28: flags.remove(8)
        case 29: flags.remove(9)
        case 30...37, 90...97: fg = String(n)
        case 39: fg = ""
        case 40...47, 100...107: bg = String(n)
        case 49: bg = ""
        case 38, 48:
          var value = ps[i]
          if !ps[i].contains(":") {
            if i + 2 < ps.count, ps[i + 1] == "5" {
              value = "\(n):5:\(ps[i + 2])"
              i += 2
            } else if i + 4 < ps.count, ps[i + 1] == "2" {
              value = "\(n):2:\(ps[i + 2]):\(ps[i + 3]):\(ps[i + 4])"
              i += 4
            }
          }
          if n == 38 { fg = value } else { bg = value }
        default: break
        }
        i += 1
      }
    }
  }

  /// Turns `capture-pane -e` rows into plain rows and canonical styled rows. tmux's
  /// escapes depend on how cells were written (a cleared cell and a cell written with
  /// default attributes print differently), so its raw text is not comparable; the
  /// canonical form marks each change of effective attributes as `{code}` and drops
  /// trailing blanks whose attributes are invisible.
  static func canonicalize(_ lines: [String]) -> (
    plain: [String], styled: [String], codes: [[String]]
  ) {
    var attrs = Attributes()
    var plain: [String] = []
    var styled: [String] = []
    var codes: [[String]] = []
    for line in lines {
      var cells: [(Character, Attributes)] = []
      var it = line.makeIterator()
      while let c = it.next() {
        if c == "\u{1b}" {
          guard let next = it.next() else { break }
          if next == "[" {
            var params = ""
            while let p = it.next() {
              if let a = p.asciiValue, (0x40...0x7e).contains(a) {
                if p == "m" { attrs.apply(params) }
                break
              }
              params.append(p)
            }
          } else if next == "]" {
            // OSC (hyperlinks): skip to BEL or ST.
            while let p = it.next(), p != "\u{07}", p != "\\" {}
          }
          continue
        }
        cells.append((c, attrs))
      }
      plain.append(String(cells.map { $0.0 }))
      codes.append(cells.map { $0.1.code })
      while let last = cells.last, last.0 == " ", !last.1.flags.contains(7),
        !last.1.flags.contains(4), last.1.bg.isEmpty
      {
        cells.removeLast()
      }
      var out = ""
      var current = Attributes()
      for (c, a) in cells {
        if a != current {
          out += "{\(a.code)}"
          current = a
        }
        out.append(c)
      }
      styled.append(out)
    }
    return (plain, styled, codes)
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

  /// The page's heading row: the tab bar is row 0, the indicator row 1, and the
  /// page's FIRST row is its heading (spec).
  static let headingRowIndex = 2

  /// The day shown when the screen is settled: exactly one full day name on the
  /// heading row. (Other rows may mention day names: schedule titles are free text,
  /// e.g. the embedded Friday has "The Last Ferry to Wednesday".)
  var currentDay: String? {
    guard rows.count > Screen.headingRowIndex else { return nil }
    let names = Screen.dayNames(in: rows[Screen.headingRowIndex])
    return names.count == 1 ? names[0] : nil
  }

  /// The row of the page heading, when it shows a day name.
  var headingRow: Int? {
    rows.count > Screen.headingRowIndex
      && !Screen.dayNames(in: rows[Screen.headingRowIndex]).isEmpty
      ? Screen.headingRowIndex : nil
  }

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

extension Screen {
  /// The heading row as exactly `width` characters (ASCII headings: one char a column).
  func headingCells(width: Int) -> [Character] {
    guard rows.count > Screen.headingRowIndex else { return [] }
    let row = Array(rows[Screen.headingRowIndex].prefix(width))
    return row + Array(repeating: " ", count: max(0, width - row.count))
  }

  /// During a slide from the page on `from` to the page on `to` (both settled screens),
  /// the heading row is the two pages side by side: a window of `width` columns onto
  /// `from`'s heading followed by `to`'s heading, shifted by 0 < k < width. Returns k.
  func slideOffset(from: Screen, to: Screen, width: Int) -> Int? {
    let strip = from.headingCells(width: width) + to.headingCells(width: width)
    let mine = headingCells(width: width)
    for k in 1..<width where Array(strip[k..<(k + width)]) == mine { return k }
    return nil
  }

  /// True while the heading row is neither of the two settled headings.
  func isBetween(_ from: Screen, _ to: Screen) -> Bool {
    hasTabBar && rows.count > Screen.headingRowIndex
      && rows[Screen.headingRowIndex] != from.rows[Screen.headingRowIndex]
      && rows[Screen.headingRowIndex] != to.rows[Screen.headingRowIndex]
  }
}

extension Screen {
  /// Column ranges of the tab names on the top row (ASCII labels: one char a column).
  var tabRanges: [Range<Int>]? {
    guard let top = rows.first else { return nil }
    let chars = Array(top)
    var ranges: [Range<Int>] = []
    var from = 0
    for name in Screen.shortNames {
      let n = Array(name)
      guard
        let start = (from...max(from, chars.count - n.count)).first(where: {
          $0 + n.count <= chars.count && Array(chars[$0..<($0 + n.count)]) == n
        })
      else { return nil }
      ranges.append(start..<(start + n.count))
      from = start + n.count
    }
    return ranges
  }

  /// The tabs drawn differently from all the others: the selected one, and possibly
  /// today's (the app marks today's tab too).
  var distinctTabs: [Int] {
    guard let ranges = tabRanges, let codes = attributeRows.first else { return [] }
    let looks = ranges.map { r in r.map { $0 < codes.count ? codes[$0] : "" } }
    return looks.indices.filter { i in looks.filter { $0 == looks[i] }.count == 1 }
  }

  /// True when tab `selected` is highlighted: drawn unlike any other tab, and no tab
  /// but it and today's (`today`, 0 = Monday) stands out.
  func highlightsTab(_ selected: Int, today: Int) -> Bool {
    let odd = distinctTabs
    return odd.contains(selected) && Set(odd).isSubset(of: [selected, today])
  }

  /// Columns of the indicator row (row 1) that are drawn.
  var indicatorColumns: Range<Int>? {
    guard rows.count > 1 else { return nil }
    let chars = Array(rows[1])
    guard let first = chars.firstIndex(where: { $0 != " " }),
      let last = chars.lastIndex(where: { $0 != " " })
    else { return nil }
    return first..<(last + 1)
  }
}
