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
    let layout = self.layout
    guard layout.fits else {
      drawTooSmall(into: &canvas)
      return canvas
    }
    if layout.sectionBar != nil { drawSectionBar(into: &canvas, layout: layout, at: now) }
    canvas.clipped(to: layout.body) { canvas in
      for visible in sectionPager.visiblePages(width: layout.body.width, at: now) {
        drawSection(
          sections[visible.page], into: &canvas, layout: layout, dx: visible.column, at: now)
      }
    }
    canvas.cursor = readingPoint(layout: layout, at: now)
    drawFooter(into: &canvas, layout: layout, at: now)
    switch focus {
    case .page, .search: break
    case .details: drawDetails(into: &canvas)
    case .behind: drawBehindList(into: &canvas)
    case .help: drawHelp(into: &canvas)
    }
    return canvas
  }

  /// The layout for the current size and number of sections.
  var layout: Layout { Layout(size, sections: sections.count) }

  /// One section's body — its weekday tabs, the visible day pages and the
  /// hints — shifted `dx` columns (a section slide moves all of it together).
  func drawSection(
    _ section: SectionState, into canvas: inout Canvas, layout: Layout, dx: Int, at now: Duration
  ) {
    tabBar(of: section, at: now).render(into: &canvas, area: layout.tabs.offset(dx: dx))
    drawColumns(of: section, into: &canvas, page: layout.page.offset(dx: dx), at: now)
    drawHints(of: section, into: &canvas, layout: layout, dx: dx)
  }

  /// Where a screen reader should look: the start of the selected serial's
  /// title (the heading on an empty day) on the selected day's page.
  ///
  /// During a slide that page is the one arriving (in the instant before any
  /// of it shows, the point stays where it was), clamped to the screen. Equal
  /// before and after a dummy snap, like every other part of the frame.
  func readingPoint(layout: Layout, at now: Duration) -> Point {
    let section = sections[current]
    let sectionColumn =
      sectionPager.visiblePages(width: layout.body.width, at: now).last { $0.page == current }?
      .column ?? 0
    let selected = selectedPage(of: section)
    let dayColumn = selectedColumnOffset(of: section, at: now) ?? 0
    let x0 = layout.page.x + sectionColumn + dayColumn
    var point = Point(x: x0 + 1, y: layout.page.y)  // the heading
    let count = selected.serials.count
    if count > 0 {
      var list = selected.list
      list.clamp(count: count, rows: layout.listRows)
      point = Point(x: x0 + selected.titleColumn, y: layout.page.y + 1 + list.cursor - list.offset)
    }
    point.x = min(max(point.x, layout.page.x), layout.columns(columnCount).strip.maxX - 1)
    return point
  }

  /// A section's weekday tabs at instant `now`: the indicator (in the chosen
  /// style) follows the slide, the selected day is highlighted, today's tab is marked.
  func tabBar(of section: SectionState, at now: Duration) -> TabBar {
    if mode == .calendar { return calendarTabBar(of: section, at: now) }
    return TabBar(
      labels: tabLabels(of: section, width: layout.tabs.width),
      position: section.week.position(at: now),
      selected: section.selectedDay.rawValue, looping: section.loops, marked: today.rawValue,
      indicator: indicator, span: pageWindow.count, lead: pageWindow.lead)
  }

  /// The selected section's weekday tabs (what a click on the tab row hits).
  func tabBar(at now: Duration) -> TabBar { tabBar(of: sections[current], at: now) }

  /// The previous and next hints, naming the neighbours of a section's
  /// selected day (in the calendar, date); nil past an end of a week that does not loop.
  func hints(of section: SectionState) -> (previous: String?, next: String?) {
    if mode == .calendar { return calendarHints(of: section) }
    let target = section.week.targetPage
    return (
      section.week.canStep(.backward)
        ? "‹ " + labels.label(section.weekday(ofPage: target - 1)) : nil,
      section.week.canStep(.forward)
        ? labels.label(section.weekday(ofPage: target + 1)) + " ›" : nil
    )
  }

  /// The hints of the selected section (what a click on the hint row hits).
  var hints: (previous: String?, next: String?) { hints(of: sections[current]) }

  /// One weekday's page of the week in `area` (this week's date of that day).
  func drawPage(
    _ day: Weekday, of section: SectionState, into canvas: inout Canvas, area: Rect,
    at now: Duration
  ) {
    drawPage(weekPage(day, of: section), of: section, into: &canvas, area: area, at: now)
  }

  /// One page in `area`: a heading, then the list (or a spinner, or an
  /// empty-day note).
  ///
  /// Everything is laid out relative to `area` and truncated to its width, so
  /// the page looks the same wherever it sits; the canvas clip hides what is
  /// off screen during a slide.
  func drawPage(
    _ page: DatePage, of section: SectionState, into canvas: inout Canvas, area: Rect,
    at now: Duration, cursor: Bool = true
  ) {
    let rows = max(1, area.height - 1)
    let used = canvas.draw(
      " " + page.heading, x: area.x, y: area.y, maxWidth: area.width,
      style: Style(.bold, color: .accent))
    guard section.schedule != nil, section.loadError == nil else {
      drawNotLoaded(section, into: &canvas, area: area, at: now)
      return
    }
    let serials = page.serials
    var list = page.list
    list.clamp(count: serials.count, rows: rows)
    drawHeadingCounts(page, of: section, list: list, into: &canvas, area: area, used: used)
    guard !serials.isEmpty else {
      let note =
        section.starFilter != nil && !(section.schedule?[page.date.weekday].isEmpty ?? true)
        ? labels.noStarred : labels.emptyDay(page.date.weekday)
      let w = min(TextWidth.of(note), area.width - 2)
      canvas.draw(
        note, x: area.x + max(1, (area.width - w) / 2), y: area.y + min(2, area.height - 1),
        maxWidth: area.width - 2, style: .dim)
      return
    }
    let now = nowMark(on: page.date, serials, count: page.ownCount)
    let key = marksKey(of: section)
    for row in 0..<rows {
      let index = list.offset + row
      guard index < serials.count else { break }
      drawRow(
        serials[index],
        marked(rowExtras(page, index: index, now: now), page, index, key, section),
        into: &canvas, x: area.x, y: area.y + 1 + row, width: area.width,
        isCursor: cursor && index == list.cursor)
    }
  }

  /// A page whose section has no week to show: why it could not be read (wrapped,
  /// so the file name and the place in it both show), or a spinner while it loads.
  private func drawNotLoaded(
    _ section: SectionState, into canvas: inout Canvas, area: Rect, at now: Duration
  ) {
    let (x0, width) = (area.x, area.width)
    let below = min(2, area.height - 1)
    if let error = section.loadError {
      let rows = max(1, area.height - 1)
      for (i, line) in TextWidth.wrap(error, width: width - 3).prefix(rows - below + 1).enumerated()
      {
        canvas.draw(line, x: x0 + 2, y: area.y + below + i, maxWidth: width - 3, style: .bold)
      }
      return
    }
    let frames: [Unicode.Scalar] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    let phase = Int(now / Self.spinnerInterval)
    let text = String(frames[phase % frames.count]) + " " + labels.loading
    canvas.draw(text, x: x0 + 2, y: area.y + below, maxWidth: width - 2, style: .dim)
  }

  /// The heading's right part: where the cursor is at the right end, and between it
  /// and the heading (`used` columns) how many serials, cut first when narrow.
  private func drawHeadingCounts(
    _ page: DatePage, of section: SectionState, list: ListState, into canvas: inout Canvas,
    area: Rect, used: Int
  ) {
    let (x0, y0, width) = (area.x, area.y, area.width)
    var countRoom = width - used
    if !page.serials.isEmpty {
      let position = "\(list.cursor + 1)/\(page.serials.count) "
      let pw = TextWidth.of(position)
      if used + 1 + pw <= width {
        canvas.draw(position, x: x0 + width - pw, y: y0, maxWidth: pw, style: .dim)
        countRoom -= pw + 1
      }
    }
    let count = "  " + headingCount(of: section, page, total: page.serials.count)
    if countRoom >= TextWidth.of(count) {
      canvas.draw(count, x: x0 + used, y: y0, maxWidth: countRoom, style: .dim)
    }
  }

  /// The hints and, between them, the schedule's title; a hidden hint keeps
  /// its room, so the title stays put at the ends of a week that does not loop.
  private func drawHints(
    of section: SectionState, into canvas: inout Canvas, layout: Layout, dx: Int
  ) {
    let (previous, next) = hints(of: section)
    let target = section.week.targetPage
    let rects = layout.hintRects(
      previous: previous ?? "‹ " + labels.label(section.weekday(ofPage: target - 1)),
      next: next ?? labels.label(section.weekday(ofPage: target + 1)) + " ›")
    let left = rects.previous.offset(dx: dx)
    let right = rects.next.offset(dx: dx)
    if let previous {
      canvas.draw(" " + previous + " ", x: left.x, y: left.y, style: Style(color: .accent))
    }
    if let next {
      canvas.draw(" " + next + " ", x: right.x, y: right.y, style: Style(color: .accent))
    }
    // An account's list is named after the account, not its tracker.
    if let title = account(of: section) != nil ? section.name : section.schedule?.title,
      !title.isEmpty
    {
      let room = right.x - left.maxX - 2
      let w = min(TextWidth.of(title, upTo: room), room)
      if room > 3 {
        canvas.draw(
          title, x: left.maxX + 1 + (room - w) / 2, y: layout.hints.y, maxWidth: room, style: .bold)
      }
    }
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
    let first = TextWidth.of(lines[0])
    canvas.cursor = Point(x: max(0, (size.width - first) / 2), y: min(top, max(0, size.height - 1)))
    for (i, line) in lines.enumerated() {
      let w = TextWidth.of(line)
      canvas.draw(
        line, x: max(0, (size.width - w) / 2), y: top + i, maxWidth: size.width,
        style: i == 0 ? .bold : .dim)
    }
  }
}
