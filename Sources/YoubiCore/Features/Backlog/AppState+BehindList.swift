import Schedule
import TerminalUI

/// The `b` list: every release the person is behind on, across sections and weeks,
/// oldest first, in a box over the screen.
extension AppState {
  /// The cursor of the `b` list while it is open; nil when it is not.
  public var behindList: Int? {
    if case .behind(let list) = focus { return list.row }
    return nil
  }

  /// The releases the `b` list shows, oldest first: the backlog's, and under `*` only
  /// those of starred serials (as the headings and tabs count them).
  var behindItems: [Backlog.Item] {
    guard sections.contains(where: { $0.starFilter != nil }) else { return backlog.items }
    return backlog.items.filter { sections[$0.section].starFilter?.contains($0.id) ?? true }
  }

  /// One line of the list: the date, the time, the title and episode, and the section
  /// when there are several. The date and the time are padded to `columns` (the
  /// widest of each in the list), so the times and titles line up: `Tue 1` beside
  /// `Tue 10`, an untimed release beside a timed one.
  func behindLine(_ item: Backlog.Item, columns: (date: Int, time: Int)) -> String {
    guard let serial = sections[item.section].schedule?[item.day][item.index] else { return "" }
    func padded(_ text: String, to width: Int) -> String {
      text + String(repeating: " ", count: max(0, width - TextWidth.of(text)))
    }
    var line = padded(labels.tab(item.date), to: columns.date)
    if columns.time > 0 { line += "  " + padded(serial.time?.description ?? "", to: columns.time) }
    line += "  " + serial.title
    if let episode = serial.shownEpisode(on: item.date) {
      line += " " + labels.episode(episode)
    }
    if sections.count > 1 { line += "  · " + sections[item.section].name }
    return line
  }

  /// Draws the list; the cursor row is reversed and kept in view, and the terminal
  /// cursor rests on it for a screen reader.
  func drawBehindList(into canvas: inout Canvas) {
    let items = behindItems
    let columns = (
      date: items.map { TextWidth.of(labels.tab($0.date)) }.max() ?? 0,
      time: items.compactMap { sections[$0.section].schedule?[$0.day][$0.index].time }
        .map { TextWidth.of($0.description) }.max() ?? 0
    )
    let lines =
      items.isEmpty ? [labels.nothingBehind] : items.map { behindLine($0, columns: columns) }
    let widest = lines.map { TextWidth.of($0) }.max() ?? 0
    let footerWidth = TextWidth.of(labels.behindKeys) + 8
    let w = min(size.width, max(widest + 4, footerWidth, 24))
    let h = min(size.height, lines.count + 2)
    let rows = max(1, h - 2)
    let box = Rect(x: (size.width - w) / 2, y: (size.height - h) / 2, width: w, height: h)
    canvas.drawFrame(box, title: labels.behindTitle, footer: labels.behindKeys)
    let cursor = min(behindList ?? 0, max(0, lines.count - 1))
    let top = max(0, min(cursor - rows / 2, lines.count - rows))
    for row in 0..<min(rows, lines.count - top) {
      let i = top + row
      let isCursor = !items.isEmpty && i == cursor
      let style = isCursor ? Style(.reverse) : items.isEmpty ? Style.dim : .plain
      if isCursor {
        canvas.fill(
          Rect(x: box.x + 1, y: box.y + 1 + row, width: w - 2, height: 1),
          with: Cell(" ", style: style))
      }
      canvas.draw(lines[i], x: box.x + 2, y: box.y + 1 + row, maxWidth: w - 4, style: style)
    }
    canvas.cursor = Point(x: box.x + 2, y: box.y + 1 + max(0, cursor - top))
  }
}
