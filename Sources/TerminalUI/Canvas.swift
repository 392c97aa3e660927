/// One terminal cell: a base scalar with any combining scalars, its width and style.
///
/// A wide (2-column) glyph occupies its cell and a *continuation* cell to its
/// right (`width == 0`), so every row always has exactly `width` cells.
public struct Cell: Equatable, Sendable {
  public var scalar: Unicode.Scalar
  /// Up to two zero-width scalars after the base (combining marks), 0 when absent.
  ///
  /// Kept inline so a cell is plain data (16 bytes, no reference counting):
  /// copying a page during a slide is a memory copy. Further marks are dropped,
  /// which also defuses "Zalgo" stacks of marks.
  private var mark1: UInt32
  private var mark2: UInt32
  /// 1 or 2 for a glyph, 0 for the right half of a wide glyph.
  public var width: UInt8
  public var style: Style

  public init(
    _ scalar: Unicode.Scalar = " ", width: UInt8 = 1, style: Style = .plain,
    combining: [Unicode.Scalar]? = nil
  ) {
    self.scalar = scalar
    self.width = width
    self.style = style
    mark1 = combining?.first?.value ?? 0
    mark2 = (combining?.count ?? 0) > 1 ? combining![1].value : 0
  }

  /// Zero-width scalars that follow the base (combining marks); nil when none.
  public var combining: [Unicode.Scalar]? {
    guard mark1 != 0 else { return nil }
    let first = Unicode.Scalar(mark1)!
    return mark2 == 0 ? [first] : [first, Unicode.Scalar(mark2)!]
  }

  /// Adds a combining mark (ignored once two are held).
  mutating func attach(_ mark: Unicode.Scalar) {
    if mark1 == 0 {
      mark1 = mark.value
    } else if mark2 == 0 {
      mark2 = mark.value
    }
  }

  public static let blank = Cell()
  static let continuation = Cell(" ", width: 0)

  public var isContinuation: Bool { width == 0 }
}

/// A grid of cells that widgets draw into; only the backend shows it.
///
/// Drawing never leaves half a wide glyph behind: overwriting either half of a
/// wide glyph blanks the other half, and a glyph that does not fit before a
/// clip edge is replaced by blanks.
public struct Canvas: Equatable, Sendable {
  public let size: Size
  public private(set) var cells: [Cell]

  public init(size: Size, fill: Cell = .blank) {
    self.size = Size(width: max(0, size.width), height: max(0, size.height))
    cells = Array(repeating: fill, count: self.size.width * self.size.height)
  }

  public var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

  public subscript(x: Int, y: Int) -> Cell {
    get { cells[y * size.width + x] }
  }

  /// Sets one cell, repairing any wide glyph it cuts in half.
  @inline(__always)
  mutating func set(_ x: Int, _ y: Int, _ cell: Cell) {
    let w = size.width
    let i = y * w + x
    let old = cells[i]
    if old.width == 0 && x > 0 && cells[i - 1].width == 2 {
      cells[i - 1] = Cell(" ", style: cells[i - 1].style)
    } else if old.width == 2 && x + 1 < w && cell.width != 2 {
      cells[i + 1] = Cell(" ", style: old.style)
    }
    cells[i] = cell
  }

  /// Fills a rectangle (clipped to the canvas) with one cell.
  public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
    let r = rect.intersection(bounds)
    guard !r.isEmpty else { return }
    for y in r.y..<r.maxY {
      for x in r.x..<r.maxX { set(x, y, cell) }
    }
  }

  /// Sets the style of every cell in a rectangle, keeping the glyphs.
  public mutating func restyle(_ rect: Rect, _ transform: (inout Style) -> Void) {
    let r = rect.intersection(bounds)
    guard !r.isEmpty else { return }
    for y in r.y..<r.maxY {
      for x in r.x..<r.maxX { transform(&cells[y * size.width + x].style) }
    }
  }

  /// Draws `text` from column `x` on row `y`, within `maxWidth` columns (and the canvas).
  ///
  /// Text that does not fit ends in `…`. Scalars the terminal cannot show
  /// (controls, anything `wcwidth` calls unprintable) become `�`, so nothing
  /// drawn here can act on the terminal. Returns the columns used.
  ///
  /// - Complexity: O(visible scalars): drawing stops at the edge.
  @discardableResult
  public mutating func draw(
    _ text: String, x: Int, y: Int, maxWidth: Int? = nil, style: Style = .plain,
    ellipsis: Bool = true
  ) -> Int {
    guard y >= 0, y < size.height else { return 0 }
    let startX = max(0, x)
    let limit = min(size.width, maxWidth.map { x + $0 } ?? size.width)
    guard startX < limit else { return 0 }
    var col = x
    var last: Int? = nil  // index of the last base cell written, for combining marks
    var it = text.unicodeScalars.makeIterator()
    while let raw = it.next() {
      var s = raw
      var w = TextWidth.of(s)
      if w < 0 || s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0) {
        s = "\u{FFFD}"
        w = 1
      }
      if w == 0 {
        if let i = last {
          cells[i].attach(s)
        }
        continue
      }
      if col + w > limit {
        // The glyph does not fit: end with an ellipsis in the last free column,
        // taking back the previous glyph when the row is already full.
        guard ellipsis else {
          for cx in max(col, startX)..<limit { set(cx, y, Cell(" ", style: style)) }
          return limit - startX
        }
        var ex = min(col, limit - 1)
        if ex > startX && cells[y * size.width + ex].isContinuation { ex -= 1 }
        ex = max(ex, startX)
        for cx in ex..<limit { set(cx, y, Cell(" ", style: style)) }
        set(ex, y, Cell("…", style: style))
        return limit - startX
      }
      if col >= startX {
        set(col, y, Cell(s, width: UInt8(w), style: style))
        if w == 2 { set(col + 1, y, Cell(" ", width: 0, style: style)) }
        last = y * size.width + col
      } else if col + w > startX {
        // A wide glyph cut by the left edge: blank its visible half.
        set(startX, y, Cell(" ", style: style))
        last = nil
      }
      col += w
    }
    return max(0, col - startX)
  }

  /// Copies `source` so that its top-left lands at (`x`, `y`), clipped to `clip`.
  ///
  /// A wide glyph cut by a clip edge is drawn as a blank, never as half a glyph.
  ///
  /// - Complexity: O(clipped area).
  public mutating func blit(_ source: Canvas, x: Int, y: Int, clip: Rect? = nil) {
    let target = (clip ?? bounds).intersection(bounds)
      .intersection(Rect(x: x, y: y, width: source.size.width, height: source.size.height))
    guard !target.isEmpty else { return }
    for ty in target.y..<target.maxY {
      let sy = ty - y
      let srcRow = sy * source.size.width
      let dstRow = ty * size.width
      for tx in target.x..<target.maxX {
        var c = source.cells[srcRow + tx - x]
        if c.width == 0 && tx == target.x {
          c = Cell(" ", style: c.style)  // right half of a glyph cut by the left edge
        } else if c.width == 2 && tx + 1 == target.maxX {
          c = Cell(" ", style: c.style)  // left half of a glyph cut by the right edge
        }
        cells[dstRow + tx] = c
      }
      // Repair glyphs of the destination cut by the copied span's edges.
      if target.x > 0 && cells[dstRow + target.x - 1].width == 2 && cells[dstRow + target.x].width != 0 {
        cells[dstRow + target.x - 1] = Cell(" ", style: cells[dstRow + target.x - 1].style)
      }
      if target.maxX < size.width && cells[dstRow + target.maxX].width == 0
        && cells[dstRow + target.maxX - 1].width != 2
      {
        cells[dstRow + target.maxX] = Cell(" ", style: cells[dstRow + target.maxX].style)
      }
    }
  }

  /// The text of row `y`, continuation cells omitted, trailing spaces kept.
  public func line(_ y: Int) -> String {
    var out = String.UnicodeScalarView()
    for x in 0..<size.width {
      let c = self[x, y]
      if c.width == 0 { continue }
      out.append(c.scalar)
      if let extra = c.combining { out.append(contentsOf: extra) }
    }
    return String(out)
  }

  /// Every row as text, trailing spaces trimmed — for tests and snapshots.
  public var lines: [String] {
    (0..<size.height).map { y in
      var l = line(y)
      while l.last == " " { l.removeLast() }
      return l
    }
  }
}

extension Canvas: CustomStringConvertible {
  public var description: String { lines.joined(separator: "\n") }
}
