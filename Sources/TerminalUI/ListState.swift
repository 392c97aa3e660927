/// Cursor and scroll offset of a list, kept per page.
///
/// Invariant (after `clamp`): `0 ≤ cursor < count` (or 0 when empty),
/// `0 ≤ offset ≤ max(0, count − rows)`, and the cursor row is visible.
public struct ListState: Equatable, Hashable, Sendable {
  public var cursor: Int
  public var offset: Int

  public init(cursor: Int = 0, offset: Int = 0) {
    self.cursor = cursor
    self.offset = offset
  }

  /// Brings cursor and offset back inside a list of `count` items shown in `rows` rows.
  public mutating func clamp(count: Int, rows: Int) {
    guard count > 0 else {
      cursor = 0
      offset = 0
      return
    }
    let rows = max(1, rows)
    cursor = min(max(0, cursor), count - 1)
    offset = min(max(0, offset), max(0, count - rows))
    if cursor < offset { offset = cursor }
    if cursor >= offset + rows { offset = cursor - rows + 1 }
  }

  /// Moves the cursor by `delta` items, scrolling just enough to keep it visible.
  public mutating func move(by delta: Int, count: Int, rows: Int) {
    cursor += delta
    clamp(count: count, rows: rows)
  }

  /// Moves the cursor to `index` (clamped), scrolling just enough to keep it visible.
  public mutating func move(to index: Int, count: Int, rows: Int) {
    cursor = index
    clamp(count: count, rows: rows)
  }

  /// Scrolls the view by `delta` rows, dragging the cursor along only when it would leave the view.
  public mutating func scroll(by delta: Int, count: Int, rows: Int) {
    let rows = max(1, rows)
    offset = min(max(0, offset + delta), max(0, count - rows))
    cursor = min(max(cursor, offset), offset + rows - 1)
    clamp(count: count, rows: rows)
  }
}
