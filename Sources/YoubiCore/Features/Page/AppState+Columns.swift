import PagerCore
import Schedule
import TerminalUI

/// The wide view: several days side by side, sliding and looping as one row.
///
/// Nothing here special-cases the loop: the pagers are asked for their frame with a
/// `PageWindow` of the days in view, and PagerCore says which page sits at which column
/// (its dummies, its snap). The count follows the width on every frame, so a resize
/// changes it at once, mid-slide too, keeping the selection, every scroll and every key.
extension AppState {
  /// One day's column on screen: its page, where it is drawn, and whether it is selected.
  struct DayColumn {
    var page: DatePage
    var area: Rect
    var isSelected: Bool
  }

  /// How many days are in view at this size.
  var columnCount: Int { weekColumns.count(forWidth: layout.page.width) }

  /// The window of the days in view: the selected day in the middle.
  var pageWindow: PageWindow { PageWindow(count: columnCount) }

  /// The width of one day's column.
  var columnWidth: Int { layout.columns(columnCount).width }

  /// `pager` with the window of the days in view, for asking where its pages are.
  func columnPager(_ pager: Pager) -> Pager {
    var pager = pager
    pager.pageWindow = pageWindow
    return pager
  }

  /// Chooses how many days the week shows side by side (`columns`, `--columns`).
  public mutating func choose(columns: Columns) {
    weekColumns = WeekColumns(setting: columns)
  }

  /// `w`: one day, or the wide view. Only what a frame draws changes.
  mutating func switchColumns() {
    weekColumns.switched.toggle()
    clampAllLists()
  }

  /// Every section's lists brought inside their rows again.
  mutating func clampAllLists() {
    let rows = layout.listRows
    for index in sections.indices { sections[index].clampLists(rows: rows) }
  }

  /// A section's day columns on screen in the page area `page`, left to right.
  ///
  /// The selected one is the copy of the selected day nearest its place in the window
  /// (with the whole week in view, a slide shows one day at both edges).
  func dayColumns(of section: SectionState, in page: Rect, at now: Duration) -> [DayColumn] {
    let width = columnWidth
    let visible = visiblePages(of: section, width: width, at: now)
    let date = selectedPage(of: section).date
    let home = pageWindow.lead * width
    let selected = visible.indices.filter { visible[$0].page.date == date }
      .min { abs(visible[$0].column - home) < abs(visible[$1].column - home) }
    return visible.enumerated().map { index, shown in
      DayColumn(
        page: shown.page,
        area: Rect(x: page.x + shown.column, y: page.y, width: width, height: page.height),
        isSelected: index == selected)
    }
  }

  /// Draws a section's days in the page area: one page as always, or a row of columns.
  ///
  /// In the row each column is a page one column narrower, with a rule at its right; the
  /// selected day's heading is in reverse video, as the selected row is, and only it
  /// shows its cursor. The rule and the marks move with the columns, so the frame before
  /// a snap and the one after are the same cell for cell.
  func drawColumns(
    of section: SectionState, into canvas: inout Canvas, page: Rect, at now: Duration
  ) {
    let count = columnCount
    let strip = Rect(
      x: page.x, y: page.y, width: layout.columns(count).strip.width, height: page.height)
    let columns = dayColumns(of: section, in: page, at: now)
    canvas.clipped(to: strip) { canvas in
      for column in columns {
        guard count > 1 else {
          drawPage(column.page, of: section, into: &canvas, area: column.area, at: now)
          continue
        }
        var area = column.area
        area.width -= 1
        drawPage(
          column.page, of: section, into: &canvas, area: area, at: now,
          cursor: column.isSelected)
        if column.isSelected {
          // Undimmed, so the whole heading reads as one bar (dim reverse is grey).
          canvas.restyle(Rect(x: area.x, y: area.y, width: area.width, height: 1)) {
            $0.attributes.insert(.reverse)
            $0.attributes.remove(.dim)
          }
        }
        for y in area.y..<area.maxY {
          canvas.draw("│", x: area.maxX, y: y, maxWidth: 1, style: .dim)
        }
      }
    }
  }

  /// The column of the selected day's left edge in the page area (0 with one day).
  func selectedColumnOffset(of section: SectionState, at now: Duration) -> Int? {
    let page = layout.page
    return dayColumns(of: section, in: page, at: now).first(where: \.isSelected)
      .map { $0.area.x - page.x }
  }
}

extension AppState {
  /// A click in the wide view selects the day under it: the row slides by as many
  /// columns as that day is from the selected one (each a step, so none is lost).
  mutating func selectColumn(atX x: Int, at now: Duration) {
    guard columnCount > 1 else { return }
    let columns = dayColumns(of: sections[current], in: layout.page, at: now)
    guard let selected = columns.first(where: \.isSelected),
      let clicked = columns.first(where: { $0.area.x <= x && x < $0.area.maxX }),
      !clicked.isSelected
    else { return }
    let offset = (clicked.area.x - selected.area.x) / max(1, columnWidth)
    let direction: Direction = offset > 0 ? .forward : .backward
    for _ in 0..<abs(offset) { pager.step(direction, at: now) }
  }
}
