import TerminalUI

/// Where each part of the screen goes for a terminal size.
///
/// Rows: the section bar (only with more than one section), then the section's
/// body — tab labels, indicator, the page (heading + list), hints — and the
/// footer. The body is what slides when the section changes; the rectangles
/// here are where its parts sit at rest.
public struct Layout: Equatable, Sendable {
  public static let minimum = Size(width: 24, height: 8)

  public var size: Size
  /// The outer tabs naming the sections; nil with a single section.
  public var sectionBar: Rect?
  /// Everything that belongs to one section: tabs, page and hints.
  public var body: Rect
  public var tabs: Rect
  public var page: Rect
  public var hints: Rect
  public var footer: Rect

  public init(_ size: Size, sections: Int = 1) {
    self.size = size
    let top = sections > 1 ? 1 : 0
    sectionBar = sections > 1 ? Rect(x: 0, y: 0, width: size.width, height: 1) : nil
    body = Rect(x: 0, y: top, width: size.width, height: size.height - 1 - top)
    tabs = Rect(x: 0, y: top, width: size.width, height: 2)
    page = Rect(x: 0, y: top + 2, width: size.width, height: size.height - 4 - top)
    hints = Rect(x: 0, y: size.height - 2, width: size.width, height: 1)
    footer = Rect(x: 0, y: size.height - 1, width: size.width, height: 1)
  }

  /// False below the minimum size (one row taller with a section bar), where
  /// a notice replaces the layout.
  public var fits: Bool {
    let bar = sectionBar == nil ? 0 : 1
    return size.width >= Self.minimum.width && size.height >= Self.minimum.height + bar
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

  /// The section bar's buttons and the strip of section tabs between them.
  ///
  /// A button that is nil (no neighbour that way) takes no room. The strip
  /// is `tab` columns (12 at least; all there is between the buttons when
  /// that is less), in the middle of the bar: buttons are cut first.
  ///
  /// The caller asks for one tab when the buttons name the neighbours: a
  /// wider strip showed a neighbour's name twice, in its tab and in its
  /// button (`‹ Anime  Anime  Manga  Web manga  Web manga ›`).
  public func sectionBarParts(previous: String?, next: String?, tab: Int = 12) -> (
    previous: Rect?, tabs: Rect, next: Rect?
  ) {
    guard let bar = sectionBar else { return (nil, Rect(x: 0, y: 0, width: 0, height: 0), nil) }
    let keep = max(12, tab)
    let budget = max(0, (bar.width - keep - 2) / 2)
    func button(_ text: String?) -> Int? {
      text.map { min(TextWidth.of($0) + 2, budget) }
    }
    let pw = button(previous)
    let nw = button(next)
    let left = pw.map { Rect(x: bar.x, y: bar.y, width: $0, height: 1) }
    let right = nw.map { Rect(x: bar.maxX - $0, y: bar.y, width: $0, height: 1) }
    let start = bar.x + (pw ?? 0) + 1
    let end = bar.maxX - (nw ?? 0) - 1
    let width = min(keep, max(0, end - start))
    let centred = bar.x + (bar.width - width) / 2
    let tabs = Rect(
      x: min(max(start, centred), end - width), y: bar.y, width: width, height: 1)
    return (left, tabs, right)
  }
}

extension Rect {
  /// The same rectangle moved `dx` columns right.
  func offset(dx: Int) -> Rect { Rect(x: x + dx, y: y, width: width, height: height) }
}
