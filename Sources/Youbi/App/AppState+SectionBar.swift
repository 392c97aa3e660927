import PagerCore
import TerminalUI

/// The section bar: the outer tabs over the sections, shown with more than one.
extension AppState {
  /// The outer tabs: one per section, the indicator a block that follows the slide.
  func sectionTabBar(at now: Duration) -> TabBar {
    TabBar(
      labels: sections.map(\.name), position: sectionPager.position(at: now), selected: current,
      looping: false, indicator: .block)
  }

  /// The section bar's buttons, naming the neighbours; nil past either end.
  var sectionButtons: (previous: String?, next: String?) {
    (
      current > 0 ? "‹ " + sections[current - 1].name : nil,
      current + 1 < sections.count ? sections[current + 1].name + " ›" : nil
    )
  }

  /// Where the buttons and the strip of titles go: the strip keeps room for
  /// the widest title, so the selected one always shows whole when it can.
  func sectionBarParts(layout: Layout) -> (previous: Rect?, tabs: Rect, next: Rect?) {
    let (previous, next) = sectionButtons
    let widest = sections.map { TextWidth.of($0.name) }.max() ?? 0
    return layout.sectionBarParts(previous: previous, next: next, tab: widest + 2)
  }

  /// The section bar: `‹ previous` on the left, the sections' tabs, `next ›` on the right.
  func drawSectionBar(into canvas: inout Canvas, layout: Layout, at now: Duration) {
    let (previous, next) = sectionButtons
    let parts = sectionBarParts(layout: layout)
    let accent = Style(color: .accent)
    if let rect = parts.previous, let previous {
      canvas.draw(" " + previous, x: rect.x, y: rect.y, maxWidth: rect.width, style: accent)
    }
    if let rect = parts.next, let next {
      let w = min(TextWidth.of(next) + 1, rect.width)
      canvas.draw(next, x: rect.maxX - w, y: rect.y, maxWidth: w - 1, style: accent)
    }
    sectionTabBar(at: now).render(into: &canvas, area: parts.tabs)
  }
}
