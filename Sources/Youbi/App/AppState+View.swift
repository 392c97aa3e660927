import PagerCore
import Schedule
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
    tabBar(at: now).render(into: &canvas, area: layout.tabs)
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

  /// The tab bar at instant `now`: its indicator follows the slide, today's tab is marked.
  func tabBar(at now: Duration) -> TabBar {
    TabBar(
      labels: Weekday.allCases.map(labels.label), position: pager.position(at: now),
      marked: today.rawValue)
  }

  /// The previous and next hints, naming the neighbours of the day being shown.
  var hints: (previous: String, next: String) {
    let target = pager.targetPage
    return (
      "‹ " + labels.label(weekday(ofPage: target - 1)),
      labels.label(weekday(ofPage: target + 1)) + " ›"
    )
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
      let phase = Int(now / Self.spinnerInterval)
      let text =
        String(frames[phase % frames.count]) + " " + labels.loading
      canvas.draw(text, x: x0 + 2, y: y0 + below, maxWidth: width - 2, style: .dim)
      return
    }
    let serials = schedule[day]
    var list = lists[day.rawValue]
    list.clamp(count: serials.count, rows: rows)
    // Right: where the cursor is; between: how many, cut first when narrow.
    var countRoom = width - used
    if !serials.isEmpty {
      let position = "\(list.cursor + 1)/\(serials.count) "
      let pw = TextWidth.of(position)
      if used + 1 + pw <= width {
        canvas.draw(position, x: x0 + width - pw, y: y0, maxWidth: pw, style: .dim)
        countRoom -= pw + 1
      }
    }
    let count = "  " + labels.serialCount(serials.count)
    if countRoom >= TextWidth.of(count) {
      canvas.draw(count, x: x0 + used, y: y0, maxWidth: countRoom, style: .dim)
    }
    guard !serials.isEmpty else {
      let note = labels.emptyDay(day)
      let w = min(TextWidth.of(note), width - 2)
      canvas.draw(
        note, x: x0 + max(1, (width - w) / 2), y: y0 + below, maxWidth: width - 2, style: .dim)
      return
    }
    for row in 0..<rows {
      let index = list.offset + row
      guard index < serials.count else { break }
      drawRow(
        serials[index], into: &canvas, x: x0, y: y0 + 1 + row, width: width,
        isCursor: index == list.cursor)
    }
  }

  /// One serial: a cursor mark, the title, its note (dimmed) when there is
  /// room, and the author right-aligned when there is room.
  private func drawRow(
    _ serial: Serial, into canvas: inout Canvas, x: Int, y: Int, width: Int, isCursor: Bool
  ) {
    let style = isCursor ? Style(.reverse) : .plain
    let quiet = isCursor ? style : .dim
    if isCursor {
      canvas.fill(Rect(x: x, y: y, width: width, height: 1), with: Cell(" ", style: style))
    }
    canvas.draw(isCursor ? " ▸ " : "   ", x: x, y: y, maxWidth: 3, style: style)
    let space = width - 4  // three columns of mark, one of margin on the right
    var titleRoom = space
    if let author = serial.author, !author.isEmpty {
      let authorWidth = TextWidth.of(author, upTo: space)
      let room = space - authorWidth - 2
      if room >= min(TextWidth.of(serial.title, upTo: 12), 12) {
        titleRoom = room
        canvas.draw(
          author, x: x + 3 + space - authorWidth, y: y, maxWidth: authorWidth, style: quiet)
      }
    }
    let used = canvas.draw(serial.title, x: x + 3, y: y, maxWidth: titleRoom, style: style)
    if let note = serial.note, !note.isEmpty, titleRoom - used >= 8 {
      canvas.draw("  " + note, x: x + 3 + used, y: y, maxWidth: titleRoom - used, style: quiet)
    }
  }

  private func drawHints(into canvas: inout Canvas, layout: Layout) {
    let (previous, next) = hints
    let rects = layout.hintRects(previous: previous, next: next)
    canvas.draw(
      " " + previous + " ", x: rects.previous.x, y: rects.previous.y, style: Style(color: .accent))
    canvas.draw(" " + next + " ", x: rects.next.x, y: rects.next.y, style: Style(color: .accent))
    if let title = schedule?.title, !title.isEmpty {
      let room = rects.next.x - rects.previous.maxX - 2
      let w = min(TextWidth.of(title, upTo: room), room)
      if room > 3 {
        canvas.draw(
          title, x: rects.previous.maxX + 1 + (room - w) / 2, y: layout.hints.y, maxWidth: room,
          style: .bold)
      }
    }
  }

  private func drawFooter(into canvas: inout Canvas, layout: Layout) {
    let keys = " " + labels.footerKeys
    canvas.fill(layout.footer, with: Cell(" ", style: .dim))
    canvas.draw(keys, x: 0, y: layout.footer.y, maxWidth: layout.footer.width, style: .dim)
  }

  /// The notice shown below the minimum size, in the longest wording that fits.
  private func drawTooSmall(into canvas: inout Canvas) {
    let need = "need \(Layout.minimum.width)x\(Layout.minimum.height)"
    let wordings = [
      ["terminal too small", "\(size.width)x\(size.height), \(need)"],
      ["terminal too small", need],
      ["too small", need],
      ["too small"],
    ]
    let lines =
      wordings.first { $0.allSatisfy { TextWidth.of($0) <= size.width } && $0.count <= size.height }
      ?? ["too small"]
    let top = max(0, (size.height - lines.count) / 2)
    for (i, line) in lines.enumerated() {
      let w = TextWidth.of(line)
      canvas.draw(
        line, x: max(0, (size.width - w) / 2), y: top + i, maxWidth: size.width,
        style: i == 0 ? .bold : .dim)
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
    canvas.draw(" Keys · ? or Esc closes ", x: box.x + 2, y: box.y, maxWidth: w - 4, style: .bold)
    for (i, line) in lines.enumerated() where box.y + 1 + i < box.maxY - 1 {
      canvas.draw(line, x: box.x + 2, y: box.y + 1 + i, maxWidth: w - 4)
    }
  }
}
