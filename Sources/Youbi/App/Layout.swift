import TerminalUI

/// Where each part of the screen goes for a terminal size.
///
/// Rows: tab labels, indicator, the page (heading + list), hints, footer.
public struct Layout: Equatable, Sendable {
  public static let minimum = Size(width: 24, height: 8)

  public var size: Size
  public var tabs: Rect
  public var page: Rect
  public var hints: Rect
  public var footer: Rect

  public init(_ size: Size) {
    self.size = size
    tabs = Rect(x: 0, y: 0, width: size.width, height: 2)
    page = Rect(x: 0, y: 2, width: size.width, height: size.height - 4)
    hints = Rect(x: 0, y: size.height - 2, width: size.width, height: 1)
    footer = Rect(x: 0, y: size.height - 1, width: size.width, height: 1)
  }

  /// False below the minimum size, where a notice replaces the layout.
  public var fits: Bool {
    size.width >= Self.minimum.width && size.height >= Self.minimum.height
  }

  /// Rows of list under the page heading.
  public var listRows: Int { max(1, page.height - 1) }

  /// The clickable "previous" and "next" hints, for a given pair of labels.
  public func hintRects(previous: String, next: String) -> (previous: Rect, next: Rect) {
    let pw = TextWidth.of(previous) + 2
    let nw = TextWidth.of(next) + 2
    return (
      Rect(x: hints.x + 1, y: hints.y, width: pw, height: 1),
      Rect(x: hints.maxX - nw - 1, y: hints.y, width: nw, height: 1)
    )
  }
}
