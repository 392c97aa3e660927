import Schedule
import TerminalUI

/// One row of a page: the serial, its marks, its time and what it says about now.
extension AppState {
  /// How a match shows inside a row drawn in `style`: bold, underlined, in
  /// the accent colour, never dimmed (on the cursor row, still reversed).
  static func matchStyle(on style: Style) -> Style {
    var attributes = style.attributes
    attributes.remove(.dim)
    attributes.formUnion([.bold, .underline])
    return Style(attributes, color: .accent)
  }

  /// One serial: a star (★) and a cursor mark, its time when the day has
  /// times, the title, a ✓ when it is read (the whole row dimmed too), its
  /// episode and note (dimmed) when there is room, and on the right the
  /// countdown (or that it aired) and the author, when there is room.
  func drawRow(
    _ serial: Serial, _ extras: RowExtras, into canvas: inout Canvas, x: Int, y: Int, width: Int,
    isCursor: Bool
  ) {
    var style = isCursor ? Style(.reverse) : .plain
    if extras.aired || extras.read || extras.onBreak { style.attributes.insert(.dim) }
    let quiet = isCursor ? style : .dim
    let mark = Self.matchStyle(on: style)
    if isCursor {
      canvas.fill(Rect(x: x, y: y, width: width, height: 1), with: Cell(" ", style: style))
    }
    canvas.draw(isCursor ? " ▸ " : "   ", x: x, y: y, maxWidth: 3, style: style)
    if extras.starred {
      canvas.draw("★", x: x, y: y, maxWidth: 1, style: isCursor ? style : Style(color: .accent))
    }
    var left = x + 3
    if let time = extras.time {
      canvas.draw(time, x: left, y: y, maxWidth: DatePage.timeColumns - 1, style: style)
      left += DatePage.timeColumns
    }
    let behind = extras.behind > 0 ? " +\(extras.behind)" : ""
    let check = (extras.read ? 2 : 0) + TextWidth.of(behind)  // kept for ✓ and +N after the title
    var end = x + width - 1  // one column of margin on the right
    let minimumTitle = min(TextWidth.of(serial.title, upTo: 12), 12)
    let status = extras.status ?? ""
    let statusWidth = TextWidth.of(status)
    let showsStatus = !status.isEmpty && end - left - check - statusWidth - 2 >= minimumTitle
    let statusRoom = showsStatus ? statusWidth + 2 : 0
    if let author = serial.author, !author.isEmpty {
      let authorWidth = TextWidth.of(author, upTo: end - left)
      if end - left - check - statusRoom - authorWidth - 2 >= minimumTitle {
        canvas.draw(
          author, x: end - authorWidth, y: y, maxWidth: authorWidth, style: quiet,
          highlights: search?.highlights(in: author) ?? [], highlight: mark)
        end -= authorWidth + 2
      }
    }
    if showsStatus {
      let emphasis = isCursor ? style : extras.isNext ? Style.bold : quiet
      canvas.draw(status, x: end - statusWidth, y: y, maxWidth: statusWidth, style: emphasis)
      end -= statusRoom
    }
    let titleRoom = end - left
    var used = canvas.draw(
      serial.title, x: left, y: y, maxWidth: titleRoom - check, style: style,
      highlights: search?.highlights(in: serial.title) ?? [], highlight: mark)
    if extras.read {
      used += canvas.draw(" ✓", x: left + used, y: y, maxWidth: 2, style: style)
    }
    if !behind.isEmpty {
      var bold = style
      bold.attributes.insert(.bold)
      bold.attributes.remove(.dim)
      used += canvas.draw(behind, x: left + used, y: y, maxWidth: TextWidth.of(behind), style: bold)
    }
    if let episode = extras.episode, titleRoom - used >= TextWidth.of(episode) + 1 {
      used += canvas.draw(
        " " + episode, x: left + used, y: y, maxWidth: titleRoom - used, style: quiet)
    }
    if let note = serial.note, !note.isEmpty, titleRoom - used >= 8 {
      let marks = (search?.highlights(in: note) ?? []).map {
        ($0.lowerBound + 2)..<($0.upperBound + 2)
      }
      canvas.draw(
        "  " + note, x: left + used, y: y, maxWidth: titleRoom - used, style: quiet,
        highlights: marks, highlight: mark)
    }
  }
}
