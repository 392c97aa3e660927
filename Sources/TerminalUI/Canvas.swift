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
  /// Drawing outside this rectangle is discarded (it is always inside the canvas).
  ///
  /// Layout decides truncation (`maxWidth`, with an ellipsis); the clip only
  /// hides. So a page drawn half off screen looks exactly like the same page
  /// at rest, cut at the edge — which is what a slide must show.
  public var clip: Rect {
    didSet { clip = clip.intersection(bounds) }
  }
  /// Where the terminal's cursor rests once the canvas is shown, or nil to leave it be.
  ///
  /// Screen readers and braille displays follow the cursor even when it is
  /// hidden, so the view puts it where the reader should look (the selected
  /// serial, a box's first line, the end of a prompt). Positions outside the
  /// canvas are ignored.
  public var cursor: Point? = nil

  public init(size: Size, fill: Cell = .blank) {
    let size = Size(width: max(0, size.width), height: max(0, size.height))
    self.size = size
    cells = Array(unsafeUninitializedCapacity: size.width * size.height) { buffer, count in
      buffer.initialize(repeating: fill)
      count = buffer.count
    }
    clip = Rect(x: 0, y: 0, width: size.width, height: size.height)
  }

  public var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

  public subscript(x: Int, y: Int) -> Cell {
    get { cells[y * size.width + x] }
  }

  /// Runs `body` with `clip` narrowed to `rect`, then restores it.
  public mutating func clipped(to rect: Rect, _ body: (inout Canvas) -> Void) {
    let saved = clip
    clip = clip.intersection(rect)
    body(&self)
    clip = saved
  }

  /// Sets one cell, repairing any wide glyph it cuts in half.
  @inline(__always)
  mutating func set(_ x: Int, _ y: Int, _ cell: Cell) {
    let w = size.width
    let i = y * w + x
    let old = cells[i]
    if old.width == 0 && cell.width != 0 && x > 0 && cells[i - 1].width == 2 {
      cells[i - 1] = Cell(" ", style: cells[i - 1].style)
    }
    if old.width == 2 && cell.width != 2 && x + 1 < w && cells[i + 1].width == 0 {
      cells[i + 1] = Cell(" ", style: old.style)
    }
    cells[i] = cell
  }

  /// Puts a glyph at (`x`, `y`): both halves of a wide glyph when both are
  /// inside the clip, a blank for a half the clip cuts off.
  @inline(__always)
  private mutating func put(_ scalar: Unicode.Scalar, width: Int, x: Int, y: Int, style: Style) {
    let inLeft = x >= clip.x && x < clip.maxX
    if width == 1 {
      if inLeft { set(x, y, Cell(scalar, style: style)) }
      return
    }
    let inRight = x + 1 >= clip.x && x + 1 < clip.maxX
    if inLeft && inRight {
      set(x, y, Cell(scalar, width: 2, style: style))
      set(x + 1, y, Cell(" ", width: 0, style: style))
    } else if inLeft {
      set(x, y, Cell(" ", style: style))
    } else if inRight {
      set(x + 1, y, Cell(" ", style: style))
    }
  }

  /// Fills a rectangle (clipped) with one single-width cell (anything else becomes a blank).
  public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
    var cell = cell
    if cell.width != 1 || SafeText.isUnsafe(cell.scalar) || TextWidth.of(cell.scalar) != 1 {
      cell = Cell(" ", style: cell.style)
    }
    let r = rect.intersection(clip)
    guard !r.isEmpty else { return }
    for y in r.y..<r.maxY {
      for x in r.x..<r.maxX { set(x, y, cell) }
    }
  }

  /// Changes the style of every cell in `rect` (clipped), keeping the glyphs.
  ///
  /// Both halves of a wide glyph must agree, so a glyph the rectangle cuts
  /// takes the style of its left half.
  public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
    let r = rect.intersection(clip)
    guard !r.isEmpty else { return }
    for y in r.y..<r.maxY {
      for x in r.x..<r.maxX { change(&cells[y * size.width + x].style) }
      let row = y * size.width
      if r.x > 0 && cells[row + r.x].width == 0 {
        cells[row + r.x].style = cells[row + r.x - 1].style
      }
      if r.maxX < size.width && cells[row + r.maxX].width == 0 {
        cells[row + r.maxX].style = cells[row + r.maxX - 1].style
      }
    }
  }

  /// Draws `text` from column `x` on row `y`, within `maxWidth` columns.
  ///
  /// Text wider than `maxWidth` ends in `…` (when `ellipsis`); text that runs
  /// past the clip is simply cut there, a cut wide glyph showing as a blank.
  /// Scalars the terminal cannot show (controls, anything `wcwidth` calls
  /// unprintable) become `�`, so nothing drawn here can act on the terminal.
  /// Returns the columns the text takes in the layout: the whole text, or
  /// `maxWidth` when it was cut; without `maxWidth`, drawing stops at the
  /// clip's right edge and the count with it.
  ///
  /// `highlights` are ranges of scalar offsets in `text` (sorted, not
  /// overlapping) drawn in `highlight` instead of `style`, such as search
  /// matches: they go through the same checks as the rest of the text.
  ///
  /// - Complexity: O(scalars up to the layout limit or the clip's right edge).
  @discardableResult
  public mutating func draw(
    _ text: String, x: Int, y: Int, maxWidth: Int? = nil, style: Style = .plain,
    ellipsis: Bool = true, highlights: [Range<Int>] = [], highlight: Style = .reverse
  ) -> Int {
    let rowVisible = y >= clip.y && y < clip.maxY
    let limit = maxWidth.map { x + max(0, $0) } ?? Int.max
    var col = x
    var lastStart = x  // left column of the last glyph, to take it back for an ellipsis
    var lastIndex: Int? = nil  // its cell, for combining marks
    let base = style
    var offset = -1  // of the scalar being drawn in `text`
    var h = 0  // the first highlight that does not end before it
    for raw in text.unicodeScalars {
      offset += 1
      var style = base
      if h < highlights.count {
        while h < highlights.count && highlights[h].upperBound <= offset { h += 1 }
        if h < highlights.count && highlights[h].lowerBound <= offset { style = highlight }
      }
      // The one choke point for safety: whatever a caller passes, controls,
      // bidi and zero-width characters become visible placeholders here, and
      // anything `wcwidth` cannot show becomes U+FFFD.
      var s = SafeText.replacement(for: raw) ?? raw
      var w = TextWidth.of(s)
      if w < 0 {
        s = "\u{FFFD}"
        w = 1
      }
      if w == 0 {
        if let i = lastIndex { cells[i].attach(s) }
        continue
      }
      if col + w > limit {
        guard ellipsis, limit > x else { return limit - x }
        let ex = col < limit ? col : lastStart
        if rowVisible {
          for cx in ex..<limit { put(" ", width: 1, x: cx, y: y, style: base) }
          put("…", width: 1, x: ex, y: y, style: base)
        }
        return limit - x
      }
      if rowVisible {
        if col >= clip.maxX && maxWidth == nil { break }  // nothing more can show
        put(s, width: w, x: col, y: y, style: style)
        let inside = col >= clip.x && col + w <= clip.maxX
        lastIndex = inside ? y * size.width + col : nil
      }
      lastStart = col
      col += w
    }
    return col - x
  }

  /// Copies `source` so that its top-left lands at (`x`, `y`), within the clip.
  ///
  /// A wide glyph cut by the clip is drawn as a blank, never as half a glyph. The
  /// result is the one of setting each cell in turn (a glyph of this canvas that the
  /// copy cuts is repaired at both ends of each row); between the ends a row is copied
  /// as it is, since `source` holds no half glyph there.
  ///
  /// - Complexity: O(clipped area).
  public mutating func blit(_ source: Canvas, x: Int, y: Int) {
    let target = clip.intersection(
      Rect(x: x, y: y, width: source.size.width, height: source.size.height))
    guard !target.isEmpty else { return }
    let (first, last) = (target.x, target.maxX - 1)
    for ty in target.y..<target.maxY {
      let srcRow = (ty - y) * source.size.width - x
      func edge(_ tx: Int) {
        let c = source.cells[srcRow + tx]
        if (c.width == 0 && tx == first) || (c.width == 2 && tx == last) {
          set(tx, ty, Cell(" ", style: c.style))  // half a glyph, cut by the clip
        } else {
          set(tx, ty, c)
        }
      }
      edge(first)
      if last - first > 1 {
        let row = ty * size.width
        source.cells.withUnsafeBufferPointer { src in
          cells.withUnsafeMutableBufferPointer { dst in
            (dst.baseAddress! + row + first + 1).update(
              from: src.baseAddress! + srcRow + first + 1, count: last - first - 1)
          }
        }
      }
      if last > first { edge(last) }
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
