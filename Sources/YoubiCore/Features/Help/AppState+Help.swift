import TerminalUI

/// The help overlay: every key, in a box that scrolls when the screen is short.
extension AppState {
  /// Where the help box is and what it holds at the current size.
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
  }

  /// The help box at the current size.
  ///
  /// When it is too narrow, the columns close up before anything is cut.
  var helpBox: HelpBox {
    let pairs = labels.helpLines
    let keysWidth = pairs.map { TextWidth.of($0.keys) }.max() ?? 0
    let aligned = pairs.map {
      $0.keys + String(repeating: " ", count: keysWidth - TextWidth.of($0.keys) + 2) + $0.meaning
    }
    let alignedWidth = aligned.map { TextWidth.of($0) }.max() ?? 0
    let lines =
      alignedWidth + 4 <= size.width ? aligned : pairs.map { $0.keys + "  " + $0.meaning }
    let inner = lines.map { TextWidth.of($0) }.max() ?? 0
    let w = min(size.width, inner + 4)
    let h = min(size.height, lines.count + 2)
    let box = Rect(x: (size.width - w) / 2, y: (size.height - h) / 2, width: w, height: h)
    return HelpBox(lines: lines, box: box, rows: max(1, h - 2))
  }

  /// A key while the help is up: j/k, the arrows, the page keys, Home and End
  /// scroll it; `?`, Esc and q close it (as its frame says). Ctrl-C quits; every
  /// other key is swallowed. Returns an exit status when the key quits.
  mutating func handleHelpKey(_ key: Key) -> Int32? {
    let page = max(1, helpBox.scrolledRows - 1)
    switch key {
    case .char("?"), .escape, .char("q"): showHelp = false
    case .char("\u{03}"): return 130
    case .down, .char("j"): scrollHelp(by: 1)
    case .up, .char("k"): scrollHelp(by: -1)
    case .pageDown, .char(" "): scrollHelp(by: page)
    case .pageUp: scrollHelp(by: -page)
    case .home, .char("g"): helpOffset = 0
    case .end, .char("G"): helpOffset = helpBox.maxOffset
    default: break
    }
    return nil
  }

  /// Opens the help at its top.
  mutating func openHelp() {
    showHelp = true
    helpOffset = 0
  }

  /// Scrolls the help by `delta` lines, within its lines.
  mutating func scrollHelp(by delta: Int) {
    helpOffset = min(max(0, helpOffset + delta), helpBox.maxOffset)
  }

  /// Draws the help box in the middle of the screen, in the labels' language:
  /// its title on the top edge, how it closes on the bottom one, and where
  /// there is more, an arrow on the edge it is beyond (`↑`, `↓ more`).
  func drawHelp(into canvas: inout Canvas) {
    let help = helpBox
    let box = help.box
    let offset = min(helpOffset, help.maxOffset)  // the size may have changed since
    var shown = Array(help.lines[offset..<(offset + help.scrolledRows)])
    if help.scrolled < help.lines.count { shown.append(help.lines[help.lines.count - 1]) }
    canvas.drawFrame(box, title: labels.helpTitle, footer: labels.helpCloses)
    for (i, line) in shown.prefix(help.rows).enumerated() {
      canvas.draw(line, x: box.x + 2, y: box.y + 1 + i, maxWidth: box.width - 4)
    }
    if offset > 0 { drawOnEdge(" ↑ ", y: box.y, of: box, into: &canvas) }
    if offset < help.maxOffset {
      drawOnEdge(" \(labels.helpMore) ", y: box.maxY - 1, of: box, into: &canvas)
    }
    canvas.cursor = Point(x: box.x + 2, y: min(box.y + 1, box.maxY - 1))
  }

  /// Draws `mark` at the right end of an edge of `box`, one line from its corner;
  /// over the end of the edge's text when the box is narrow (that there is more
  /// matters more than the last words of how it closes, which the keys also say).
  private func drawOnEdge(_ mark: String, y: Int, of box: Rect, into canvas: inout Canvas) {
    let width = TextWidth.of(mark)
    let x = box.maxX - 2 - width
    guard x > box.x else { return }
    canvas.draw(mark, x: x, y: y, maxWidth: width, style: .bold)
  }
}
