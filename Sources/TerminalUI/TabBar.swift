import PagerCore

/// A row of tabs with an indicator that follows a continuous position.
///
/// Two things are shown and kept apart: the `selected` tab (bold), which is
/// where the pager rests or is heading and changes at once on a press, and the
/// indicator, which sits at the continuous `position` and slides between tabs
/// as the pages do. `position` is in tab units: tab `i` at rest is `i`; 40 % of
/// the way from tab 2 to tab 3 is `2.4`. When `looping`, positions in `-1 ..< 0`
/// and `n-1 ..< n` slide the indicator out of one edge and in at the other.
///
/// With a wide view's `span` of tabs in view, the indicator covers them all, starting
/// `lead` tabs before the position, and slides as one with the columns.
///
/// When all tabs fit, they are spread evenly and centred. When they do not,
/// the bar becomes a strip that scrolls with the position so the selected tab
/// stays centred (a looping strip repeats its tabs; a bounded one leaves blank
/// space past its ends).
public struct TabBar: Equatable, Sendable {
  /// How the indicator is drawn.
  public enum Indicator: String, Equatable, Sendable, CaseIterable {
    /// A line under the tabs, on the bar's second row.
    case underline
    /// The tabs' reverse-video background, sliding cell by cell over the labels.
    case block
  }

  public var labels: [String]
  public var position: Double
  /// The tab that is selected: where the pager rests or is heading.
  public var selected: Int
  public var looping: Bool
  /// A tab to mark (underlined), such as today.
  public var marked: Int?
  public var indicator: Indicator
  /// Whether a label an edge of a scrolling strip would cut is left out, so
  /// the tail of a long title never reads as a word of its own (the section
  /// bar's buttons name the neighbours instead).
  public var hidesCutLabels = false
  /// How many tabs the indicator covers: the pages in view (one, or a wide view's days).
  public var span: Int
  /// How many of them come before `position`: the indicator starts `lead` tabs left of it.
  public var lead: Int

  /// A bar whose indicator is at `position`; the selected tab defaults to the nearest one.
  public init(
    labels: [String], position: Double, selected: Int? = nil, looping: Bool = true,
    marked: Int? = nil, indicator: Indicator = .underline, span: Int = 1, lead: Int = 0
  ) {
    self.labels = labels
    self.span = max(1, span)
    self.lead = min(max(lead, 0), self.span - 1)
    self.position = position
    self.looping = looping
    self.marked = marked
    self.indicator = indicator
    let n = max(1, labels.count)
    let nearest = Int(position.rounded())
    self.selected = selected ?? (looping ? nearest.wrapped(n) : min(max(0, nearest), n - 1))
  }

  /// Where tabs sit in a bar `width` columns wide.
  public struct Layout: Equatable, Sendable {
    /// Width of one tab.
    public var tabWidth: Int
    /// Column of tab 0's left edge at position 0 … for the spread layout; the strip origin otherwise.
    public var origin: Int
    /// True when all tabs fit and the bar does not scroll.
    public var fits: Bool
  }

  /// The layout for `width` columns.
  ///
  /// A label ending in the mark `•` (a day with something behind, where its count does
  /// not fit) may spend one of its tab's two columns of padding on the mark.
  public func layout(width: Int) -> Layout {
    let n = max(1, labels.count)
    // Every frame: no array of widths, and the mark looked for as a scalar, not a suffix.
    var labelWidth = labels.isEmpty ? 1 : Int.min
    for label in labels {
      labelWidth = max(labelWidth, TextWidth.of(label) - (label.unicodeScalars.last == "•" ? 1 : 0))
    }
    let minTab = labelWidth + 2
    if minTab * n <= width {
      let tab = width / n
      return Layout(tabWidth: tab, origin: (width - tab * n) / 2, fits: true)
    }
    // Scrolling strip: the selected tab's centre stays at the bar's centre.
    return Layout(tabWidth: minTab, origin: width / 2 - minTab / 2, fits: false)
  }

  /// Left column of the tab at strip index `index` (may be off screen).
  private func column(ofTab index: Double, layout: Layout) -> Int {
    let tw = Double(layout.tabWidth)
    if layout.fits {
      return layout.origin + Int((index * tw).rounded(.down))
    }
    return layout.origin + Int(((index - position) * tw).rounded(.down))
  }

  /// The tab under column `x`, if any.
  public func tab(atColumn x: Int, width: Int) -> Int? {
    let l = layout(width: width)
    let n = labels.count
    guard n > 0, l.tabWidth > 0 else { return nil }
    if l.fits {
      let i = (x - l.origin) >= 0 ? (x - l.origin) / l.tabWidth : -1
      return (0..<n).contains(i) ? i : nil
    }
    let rel = Double(x - l.origin) / Double(l.tabWidth) + position
    let i = Int(rel.rounded(.down))
    if looping { return i.wrapped(n) }
    return (0..<n).contains(i) ? i : nil
  }

  /// Draws the labels on `area`'s first row and the indicator: on the second
  /// row (underline) or over the labels (block).
  ///
  /// - Complexity: O(area width).
  public func render(into canvas: inout Canvas, area: Rect, style: Style = .plain) {
    guard area.width > 0, area.height > 0, !labels.isEmpty else { return }
    let l = layout(width: area.width)
    drawLabels(into: &canvas, area: area, layout: l, style: style)
    drawIndicator(into: &canvas, area: area, layout: l)
  }

  /// The labels on `area`'s first row: the selected one emphasised (in a repeating
  /// strip, only its copy nearest the position), today's underlined.
  private func drawLabels(into canvas: inout Canvas, area: Rect, layout l: Layout, style: Style) {
    let n = labels.count
    // In a repeating strip, the copy of the selected tab nearest the position.
    let nearest = Int(position.rounded())
    var delta = (selected - nearest).wrapped(n)
    if delta > n / 2 { delta -= n }
    let selectedCopy = nearest + delta
    // Which strip indices are on screen.
    let indices: ClosedRange<Int>
    if l.fits {
      indices = 0...(n - 1)
    } else {
      let half = area.width / (2 * l.tabWidth) + 2
      let base = Int(position.rounded(.down))
      indices = (base - half)...(base + half + 1)
    }
    canvas.clipped(to: Rect(x: area.x, y: area.y, width: area.width, height: 1)) { canvas in
      for k in indices {
        let tab: Int
        if looping {
          tab = k.wrapped(n)
        } else {
          guard (0..<n).contains(k) else { continue }
          tab = k
        }
        let x = area.x + column(ofTab: Double(k), layout: l)
        guard x + l.tabWidth > area.x, x < area.maxX else { continue }
        let text = labels[tab]
        let w = TextWidth.of(text)
        let isSelected = tab == selected && (l.fits || !looping || k == selectedCopy)
        let emphasis: Style.Attributes = indicator == .underline ? [.bold, .reverse] : .bold
        var s = isSelected ? Style(emphasis, color: style.color) : Style(.dim)
        if tab == marked { s.attributes.insert(.underline) }
        if isSelected {
          canvas.fill(
            Rect(x: x, y: area.y, width: l.tabWidth, height: 1), with: Cell(" ", style: s))
        }
        let start = x + max(0, (l.tabWidth - w) / 2)
        if hidesCutLabels && (start < area.x || start + w > area.maxX) { continue }
        canvas.draw(text, x: start, y: area.y, maxWidth: l.tabWidth, style: s)
      }
    }
  }

  /// The indicator under the labels (or behind them, as a block).
  private func drawIndicator(into canvas: inout Canvas, area: Rect, layout l: Layout) {
    let n = labels.count
    // The indicator: `span` tabs wide from `lead` tabs before the continuous position
    // (the pages in view); when looping in the spread layout it wraps, drawn once at its
    // place and once a loop away where it crosses an edge, clipped to the strip.
    let first = position - Double(lead)
    var positions = [first]
    if looping && l.fits {
      if first + Double(span) > Double(n) { positions.append(first - Double(n)) }
      if first < 0 { positions.append(first + Double(n)) }
    }
    let row = indicator == .underline ? area.y + 1 : area.y
    guard row < area.maxY else { return }
    let strip = Rect(
      x: area.x + (l.fits ? l.origin : 0), y: row, width: l.fits ? l.tabWidth * n : area.width,
      height: 1)
    canvas.clipped(to: strip) { canvas in
      for p in positions {
        let cells = Rect(
          x: area.x + column(ofTab: p, layout: l), y: row, width: l.tabWidth * span, height: 1)
        switch indicator {
        case .underline:
          canvas.fill(cells, with: Cell("━", style: Style(.bold, color: .accent)))
        case .block:
          canvas.restyle(cells) { $0.attributes.insert(.reverse) }
        }
      }
    }
  }
}
