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

  /// Whether every section's tab fits in the bar beside two bare arrows.
  func sectionsFit(layout: Layout) -> Bool {
    guard let bar = layout.sectionBar else { return false }
    let widest = sections.map { TextWidth.of($0.name) }.max() ?? 0
    return sections.count * (widest + 2) <= bar.width - Self.arrowsWidth
  }

  /// The columns two bare arrows take with their margins (` ‹ ` and ` › `, a gap each).
  static let arrowsWidth = 8

  /// The section bar's buttons, nil past either end: bare arrows when every
  /// title is in the strip, else naming the neighbours the strip leaves out.
  /// A name is never shown twice (it was: `‹ Anime  Anime  Manga  Manga ›`).
  func sectionButtons(layout: Layout) -> (previous: String?, next: String?) {
    let named = !sectionsFit(layout: layout)
    return (
      current > 0 ? "‹" + (named ? " " + sections[current - 1].name : "") : nil,
      current + 1 < sections.count ? (named ? sections[current + 1].name + " " : "") + "›" : nil
    )
  }

  /// Where the buttons and the strip of titles go: every title between the
  /// arrows when they fit; else a strip of one title, the selected one, whole
  /// when it can be, between the buttons that name its neighbours.
  func sectionBarParts(layout: Layout) -> (previous: Rect?, tabs: Rect, next: Rect?) {
    let (previous, next) = sectionButtons(layout: layout)
    let widest = sections.map { TextWidth.of($0.name) }.max() ?? 0
    let bar = layout.sectionBar?.width ?? 0
    let strip = sectionsFit(layout: layout) ? bar - Self.arrowsWidth : widest + 2
    return layout.sectionBarParts(previous: previous, next: next, tab: strip)
  }

  /// The section bar: `‹ previous` on the left, the sections' tabs, `next ›` on the right.
  func drawSectionBar(into canvas: inout Canvas, layout: Layout, at now: Duration) {
    let (previous, next) = sectionButtons(layout: layout)
    let parts = sectionBarParts(layout: layout)
    let accent = Style(color: .accent)
    if let rect = parts.previous, let previous {
      canvas.draw(" " + previous, x: rect.x, y: rect.y, maxWidth: rect.width, style: accent)
    }
    if let rect = parts.next, let next {
      // The name is cut, never the arrow; a column of margin on the right.
      let name = String(next.dropLast(2))  // "" for a bare arrow
      let nameWidth = max(0, min(TextWidth.of(name), rect.width - 3))
      let x = rect.maxX - 3 - nameWidth
      let used = canvas.draw(name, x: x, y: rect.y, maxWidth: nameWidth, style: accent)
      canvas.draw(" ›", x: x + used, y: rect.y, maxWidth: 2, style: accent)
    }
    sectionTabBar(at: now).render(into: &canvas, area: parts.tabs)
  }
}
