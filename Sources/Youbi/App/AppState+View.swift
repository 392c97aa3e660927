import PagerCore
import TerminalUI

extension AppState {
  /// Draws the whole screen at instant `now`.
  ///
  /// Pure: the same state, size and instant always give the same canvas, which is
  /// what makes the dummy-page snap invisible (the frames before and after it are
  /// drawn from equal inputs).
  public func render(at now: Duration) -> Canvas {
    var canvas = Canvas(size: size)
    let layout = Layout(size)
    guard layout.fits else {
      drawTooSmall(into: &canvas)
      return canvas
    }
    let position = pager.position(at: now)
    TabBar(labels: Weekday.allCases.map(labels.label), position: position, marked: today.rawValue)
      .render(into: &canvas, area: layout.tabs)
    canvas.clipped(to: layout.page) { canvas in
      for visible in pager.visiblePages(width: layout.page.width, at: now) {
        let area = Rect(
          x: layout.page.x + visible.column, y: layout.page.y, width: layout.page.width,
          height: layout.page.height)
        drawPage(weekday(ofPage: visible.page), into: &canvas, area: area, at: now)
      }
    }
    drawHints(into: &canvas, layout: layout)
    drawFooter(into: &canvas, layout: layout)
    if showHelp { drawHelp(into: &canvas) }
    return canvas
  }

  /// One day's page in `area`: a heading, then the list (or a spinner, or an
  /// empty-day note).
  ///
  /// Everything is laid out relative to `area` and truncated to its width, so
  /// the page looks the same wherever it sits; the canvas clip hides what is
  /// off screen during a slide.
  func drawPage(_ day: Weekday, into canvas: inout Canvas, area: Rect, at now: Duration) {
    let (x0, y0, width) = (area.x, area.y, area.width)
    let rows = max(1, area.height - 1)
    let name = labels.fullName(day)
    let used = canvas.draw(
      " " + name, x: x0, y: y0, maxWidth: width, style: Style(.bold, color: .accent))
    let below = min(2, area.height - 1)
    guard let schedule else {
      let frames: [Unicode.Scalar] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
      let (seconds, atto) = now.components
      let phase = Int(seconds * 1000 + atto / 1_000_000_000_000_000) / 80
      let text =
        String(frames[phase % frames.count])
        + (labels == .ja ? " 読み込み中…" : " Loading schedule…")
      canvas.draw(text, x: x0 + 2, y: y0 + below, maxWidth: width - 2, style: .dim)
      return
    }
    let serials = schedule[day]
    let count =
      labels == .ja
      ? "  \(serials.count)作品" : "  \(serials.count) serial\(serials.count == 1 ? "" : "s")"
    canvas.draw(count, x: x0 + used, y: y0, maxWidth: width - used, style: .dim)
    guard !serials.isEmpty else {
      let note = labels == .ja ? "この日の連載はありません。ひと休み。" : "Nothing on \(name) — a day off."
      let w = min(TextWidth.of(note), width - 2)
      canvas.draw(
        note, x: x0 + max(1, (width - w) / 2), y: y0 + below, maxWidth: width - 2, style: .dim)
      return
    }
    var list = lists[day.rawValue]
    list.clamp(count: serials.count, rows: rows)
    let position = "\(list.cursor + 1)/\(serials.count) "
    let pw = TextWidth.of(position)
    if used + pw < width {
      canvas.draw(position, x: x0 + width - pw, y: y0, maxWidth: pw, style: .dim)
    }
    for row in 0..<rows {
      let index = list.offset + row
      guard index < serials.count else { break }
      drawRow(
        serials[index], into: &canvas, x: x0, y: y0 + 1 + row, width: width,
        isCursor: index == list.cursor)
    }
  }

  /// One serial: a cursor mark, the title, and the author right-aligned when there is room.
  private func drawRow(
    _ serial: Serial, into canvas: inout Canvas, x: Int, y: Int, width: Int, isCursor: Bool
  ) {
    let style = isCursor ? Style(.reverse) : .plain
    if isCursor {
      canvas.fill(Rect(x: x, y: y, width: width, height: 1), with: Cell(" ", style: style))
    }
    canvas.draw(isCursor ? " ▸ " : "   ", x: x, y: y, maxWidth: 3, style: style)
    let space = width - 4  // three columns of mark, one of margin on the right
    let titleWidth = TextWidth.of(serial.title, upTo: 12)
    if let author = serial.author, !author.isEmpty {
      let authorWidth = TextWidth.of(author, upTo: space)
      let titleRoom = space - authorWidth - 2
      if titleRoom >= min(titleWidth, 12) {
        canvas.draw(serial.title, x: x + 3, y: y, maxWidth: titleRoom, style: style)
        canvas.draw(
          author, x: x + 3 + space - authorWidth, y: y, maxWidth: authorWidth,
          style: isCursor ? style : .dim)
        return
      }
    }
    canvas.draw(serial.title, x: x + 3, y: y, maxWidth: space, style: style)
  }

  private func drawHints(into canvas: inout Canvas, layout: Layout) {
    let target = pager.targetPage
    let previous = "‹ " + labels.label(weekday(ofPage: target - 1))
    let next = labels.label(weekday(ofPage: target + 1)) + " ›"
    let rects = layout.hintRects(previous: previous, next: next)
    canvas.draw(
      " " + previous + " ", x: rects.previous.x, y: rects.previous.y, style: Style(color: .accent))
    canvas.draw(" " + next + " ", x: rects.next.x, y: rects.next.y, style: Style(color: .accent))
    if let title = schedule?.title, !title.isEmpty {
      let room = rects.next.x - rects.previous.maxX - 2
      let w = min(TextWidth.of(title), room)
      if room > 3 {
        canvas.draw(
          title, x: rects.previous.maxX + 1 + (room - w) / 2, y: layout.hints.y, maxWidth: room,
          style: .bold)
      }
    }
  }

  private func drawFooter(into canvas: inout Canvas, layout: Layout) {
    let keys =
      labels == .ja
      ? " ←→ 曜日  ↑↓ 移動  1-7 曜日へ  t 今日  ? ヘルプ  q 終了"
      : " ←→ day  ↑↓ move  1-7 jump  t today  ? help  q quit"
    canvas.fill(layout.footer, with: Cell(" ", style: .dim))
    canvas.draw(keys, x: 0, y: layout.footer.y, maxWidth: layout.footer.width, style: .dim)
  }

  private func drawTooSmall(into canvas: inout Canvas) {
    let lines = [
      "terminal too small",
      "\(size.width)x\(size.height), need \(Layout.minimum.width)x\(Layout.minimum.height)",
    ]
    for (i, line) in lines.enumerated() {
      let y = size.height / 2 - 1 + i
      let w = TextWidth.of(line)
      canvas.draw(line, x: max(0, (size.width - w) / 2), y: y, style: i == 0 ? .bold : .dim)
    }
  }

  /// The help overlay: a box of keys in the middle of the screen.
  private func drawHelp(into canvas: inout Canvas) {
    let lines = [
      "←  h        previous day",
      "→  l        next day",
      "↑  k  ↓  j  move",
      "PgUp PgDn   page up / down",
      "Home g End G  first / last",
      "1 … 7       jump to a weekday",
      "t           today",
      "mouse       click a tab, wheel, drag",
      "?           close this help",
      "q  Esc      quit",
    ]
    let inner = lines.map { TextWidth.of($0) }.max() ?? 0
    let w = min(size.width, inner + 4)
    let h = min(size.height, lines.count + 2)
    let box = Rect(x: (size.width - w) / 2, y: (size.height - h) / 2, width: w, height: h)
    let frame = Style(.bold, color: .accent)
    canvas.fill(box)
    for x in box.x..<box.maxX {
      canvas.draw("─", x: x, y: box.y, style: frame)
      canvas.draw("─", x: x, y: box.maxY - 1, style: frame)
    }
    for y in box.y..<box.maxY {
      canvas.draw("│", x: box.x, y: y, style: frame)
      canvas.draw("│", x: box.maxX - 1, y: y, style: frame)
    }
    canvas.draw("┌", x: box.x, y: box.y, style: frame)
    canvas.draw("┐", x: box.maxX - 1, y: box.y, style: frame)
    canvas.draw("└", x: box.x, y: box.maxY - 1, style: frame)
    canvas.draw("┘", x: box.maxX - 1, y: box.maxY - 1, style: frame)
    canvas.draw(" Keys ", x: box.x + 2, y: box.y, maxWidth: w - 4, style: .bold)
    for (i, line) in lines.enumerated() where box.y + 1 + i < box.maxY - 1 {
      canvas.draw(line, x: box.x + 2, y: box.y + 1 + i, maxWidth: w - 4)
    }
  }
}
