import PagerCore
import TerminalUI

/// The section bar: the outer tabs over the sections, shown with more than one.
extension AppState {
  /// The outer tabs: one per section, the indicator a block that follows the slide.
  func sectionTabBar(at now: Duration) -> TabBar {
    var bar = TabBar(
      labels: sections.map(\.name), position: sectionPager.position(at: now), selected: current,
      looping: false, indicator: .block)
    bar.hidesCutLabels = true
    return bar
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
      // The name is cut, never the arrow; a column of margin on the right.
      let name = String(next.dropLast(2))
      let nameWidth = max(0, min(TextWidth.of(name), rect.width - 3))
      let x = rect.maxX - 3 - nameWidth
      let used = canvas.draw(name, x: x, y: rect.y, maxWidth: nameWidth, style: accent)
      canvas.draw(" ›", x: x + used, y: rect.y, maxWidth: 2, style: accent)
    }
    sectionTabBar(at: now).render(into: &canvas, area: parts.tabs)
  }
}
