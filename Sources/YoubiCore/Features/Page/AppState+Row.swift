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
    let row = RowStyles(
      style: style, quiet: isCursor ? style : .dim, mark: Self.matchStyle(on: style),
      isCursor: isCursor)
    let left = drawRowStart(extras, row, into: &canvas, x: x, y: y, width: width)
    let behind = extras.behind > 0 ? " +\(extras.behind)" : ""
    let check = (extras.read ? 2 : 0) + TextWidth.of(behind)  // kept for ✓ and +N after the title
    let end = drawRowEnd(
      serial, extras, row, into: &canvas, left: left, end: x + width - 1, y: y, check: check)
    drawTitle(serial, extras, row, behind: behind, into: &canvas, x: left, y: y, room: end - left)
  }

  /// The styles of one row: its own, the quieter one of its details, and the one of
  /// search matches on it.
  struct RowStyles {
    var style: Style
    var quiet: Style
    var mark: Style
    var isCursor: Bool
  }

  /// The start of a row: the cursor's fill and mark, the star, the time; returns
  /// the column the title starts at.
  private func drawRowStart(
    _ extras: RowExtras, _ row: RowStyles, into canvas: inout Canvas, x: Int, y: Int, width: Int
  ) -> Int {
    let style = row.style
    if row.isCursor {
      canvas.fill(Rect(x: x, y: y, width: width, height: 1), with: Cell(" ", style: style))
    }
    canvas.draw(row.isCursor ? " ▸ " : "   ", x: x, y: y, maxWidth: 3, style: style)
    if extras.starred {
      canvas.draw(
        "★", x: x, y: y, maxWidth: 1, style: row.isCursor ? style : Style(color: .accent))
    }
    guard let time = extras.time else { return x + 3 }
    canvas.draw(time, x: x + 3, y: y, maxWidth: extras.timeWidth - 1, style: style)
    return x + 3 + extras.timeWidth
  }

  /// The right end of a row, where there is room beside a title of at least 12
  /// columns: the author, and before it the status (a countdown, that it aired);
  /// returns the column the title must end before.
  private func drawRowEnd(
    _ serial: Serial, _ extras: RowExtras, _ row: RowStyles, into canvas: inout Canvas,
    left: Int, end: Int, y: Int, check: Int
  ) -> Int {
    var end = end  // one column of margin on the right
    let minimumTitle = min(TextWidth.of(serial.title, upTo: 12), 12)
    let status = extras.status ?? ""
    let statusWidth = TextWidth.of(status)
    let showsStatus = !status.isEmpty && end - left - check - statusWidth - 2 >= minimumTitle
    let statusRoom = showsStatus ? statusWidth + 2 : 0
    if let author = serial.author, !author.isEmpty {
      let authorWidth = TextWidth.of(author, upTo: end - left)
      if end - left - check - statusRoom - authorWidth - 2 >= minimumTitle {
        canvas.draw(
          author, x: end - authorWidth, y: y, maxWidth: authorWidth, style: row.quiet,
          highlights: search?.highlights(in: author) ?? [], highlight: row.mark)
        end -= authorWidth + 2
      }
    }
    if showsStatus {
      let emphasis = row.isCursor ? row.style : extras.isNext ? Style.bold : row.quiet
      canvas.draw(status, x: end - statusWidth, y: y, maxWidth: statusWidth, style: emphasis)
      end -= statusRoom
    }
    return end
  }

  /// The title in `room` columns, then a ✓ when it is read, `+N` behind (bold), and
  /// where there is room its episode and note (dimmed).
  private func drawTitle(
    _ serial: Serial, _ extras: RowExtras, _ row: RowStyles, behind: String,
    into canvas: inout Canvas, x left: Int, y: Int, room titleRoom: Int
  ) {
    let style = row.style
    let check = (extras.read ? 2 : 0) + TextWidth.of(behind)
    var used = canvas.draw(
      serial.title, x: left, y: y, maxWidth: titleRoom - check, style: style,
      highlights: search?.highlights(in: serial.title) ?? [], highlight: row.mark)
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
        " " + episode, x: left + used, y: y, maxWidth: titleRoom - used, style: row.quiet)
    }
    if let note = serial.note, !note.isEmpty, titleRoom - used >= 8 {
      let marks = (search?.highlights(in: note) ?? []).map {
        ($0.lowerBound + 2)..<($0.upperBound + 2)
      }
      canvas.draw(
        "  " + note, x: left + used, y: y, maxWidth: titleRoom - used, style: row.quiet,
        highlights: marks, highlight: row.mark)
    }
  }
}
