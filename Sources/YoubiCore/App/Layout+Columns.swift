import TerminalUI

/// Where the days' columns go when several are in view.
extension Layout {
  /// The width of one day's column with `count` days in view, and the strip they share.
  ///
  /// Every column is equally wide (`page.width / count`), so the pager's one rounding
  /// rule places them all; the columns left over sit empty at the right. With one day
  /// the column is the whole page, as it always was.
  public func columns(_ count: Int) -> (width: Int, strip: Rect) {
    let count = max(1, count)
    let width = max(1, page.width / count)
    return (width, Rect(x: page.x, y: page.y, width: width * count, height: page.height))
  }
}
