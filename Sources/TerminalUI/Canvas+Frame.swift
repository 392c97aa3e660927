/// Boxes drawn over the screen: the help, a serial's details.
extension Canvas {
  /// Clears `box` and draws a line frame round it, with `title` on the top
  /// edge and `footer` (how it closes) on the bottom one, both inset two
  /// columns and cut to fit.
  public mutating func drawFrame(
    _ box: Rect, title: String, footer: String, style: Style = Style(.bold, color: .accent)
  ) {
    guard box.width >= 2, box.height >= 2 else { return }
    fill(box)
    for x in box.x..<box.maxX {
      draw("─", x: x, y: box.y, style: style)
      draw("─", x: x, y: box.maxY - 1, style: style)
    }
    for y in box.y..<box.maxY {
      draw("│", x: box.x, y: y, style: style)
      draw("│", x: box.maxX - 1, y: y, style: style)
    }
    draw("┌", x: box.x, y: box.y, style: style)
    draw("┐", x: box.maxX - 1, y: box.y, style: style)
    draw("└", x: box.x, y: box.maxY - 1, style: style)
    draw("┘", x: box.maxX - 1, y: box.maxY - 1, style: style)
    draw(" \(title) ", x: box.x + 2, y: box.y, maxWidth: box.width - 4, style: .bold)
    draw(" \(footer) ", x: box.x + 2, y: box.maxY - 1, maxWidth: box.width - 4, style: .bold)
  }
}
