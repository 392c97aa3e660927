import TerminalUI

/// Where the help box is and what it holds at a size: every key, in a box that
/// scrolls when the screen is short.
struct HelpBox {
  /// Every line, keys and meaning (in columns when they fit).
  var lines: [String]
  var box: Rect
  /// Rows for lines inside the frame.
  var rows: Int

  /// The lines that scroll: all but the last (how to quit), which stays
  /// under them when the box is too short for every line.
  var scrolled: Int { rows >= lines.count ? lines.count : lines.count - 1 }
  /// Rows for the lines that scroll.
  var scrolledRows: Int { rows >= lines.count ? lines.count : max(0, rows - 1) }
  /// The largest offset: the last line that scrolls at the bottom.
  var maxOffset: Int { max(0, scrolled - scrolledRows) }

  /// The box in `labels`' language for a screen of `size`.
  ///
  /// When it is too narrow, the columns close up before anything is cut.
  init(labels: Labels, size: Size, legend: (keys: String, meaning: String)? = nil) {
    var pairs = labels.helpLines
    // The legend goes before the last line (how to quit), which stays last.
    if let legend { pairs.insert(legend, at: max(0, pairs.count - 1)) }
    let keysWidth = pairs.map { TextWidth.of($0.keys) }.max() ?? 0
    let aligned = pairs.map {
      $0.keys + String(repeating: " ", count: keysWidth - TextWidth.of($0.keys) + 2) + $0.meaning
    }
    let alignedWidth = aligned.map { TextWidth.of($0) }.max() ?? 0
    lines = alignedWidth + 4 <= size.width ? aligned : pairs.map { $0.keys + "  " + $0.meaning }
    let inner = lines.map { TextWidth.of($0) }.max() ?? 0
    let w = min(size.width, inner + 4)
    let h = min(size.height, lines.count + 2)
    box = Rect(x: (size.width - w) / 2, y: (size.height - h) / 2, width: w, height: h)
    rows = max(1, h - 2)
  }

  /// Draws the box in the middle of the screen, scrolled `offset` lines: its title
  /// on the top edge, how it closes on the bottom one, and where there is more, an
  /// arrow on the edge it is beyond (`↑`, `↓ more`).
  func draw(into canvas: inout Canvas, offset: Int, labels: Labels) {
    let offset = min(offset, maxOffset)  // the size may have changed since
    var shown = Array(lines[offset..<(offset + scrolledRows)])
    if scrolled < lines.count { shown.append(lines[lines.count - 1]) }
    canvas.drawFrame(box, title: labels.helpTitle, footer: labels.helpCloses)
    for (i, line) in shown.prefix(rows).enumerated() {
      canvas.draw(line, x: box.x + 2, y: box.y + 1 + i, maxWidth: box.width - 4)
    }
    if offset > 0 { drawOnEdge(" ↑ ", y: box.y, into: &canvas) }
    if offset < maxOffset { drawOnEdge(" \(labels.helpMore) ", y: box.maxY - 1, into: &canvas) }
    canvas.cursor = Point(x: box.x + 2, y: min(box.y + 1, box.maxY - 1))
  }

  /// Draws `mark` at the right end of an edge of the box, one line from its corner;
  /// over the end of the edge's text when the box is narrow (that there is more
  /// matters more than the last words of how it closes, which the keys also say).
  private func drawOnEdge(_ mark: String, y: Int, into canvas: inout Canvas) {
    let width = TextWidth.of(mark)
    let x = box.maxX - 2 - width
    guard x > box.x else { return }
    canvas.draw(mark, x: x, y: y, maxWidth: width, style: .bold)
  }
}
