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
  /// when there are several.
  func behindLine(_ item: Backlog.Item) -> String {
    guard let serial = sections[item.section].schedule?[item.day][item.index] else { return "" }
    var line = labels.tab(item.date)
    if let time = serial.time { line += "  " + time.description }
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
    let lines = items.isEmpty ? [labels.nothingBehind] : items.map(behindLine)
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
