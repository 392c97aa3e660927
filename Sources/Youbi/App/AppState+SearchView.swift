import TerminalUI

extension AppState {
  /// How a match shows inside a row drawn in `style`: bold, underlined, in
  /// the accent colour, never dimmed (on the cursor row, still reversed).
  static func matchStyle(on style: Style) -> Style {
    var attributes = style.attributes
    attributes.remove(.dim)
    attributes.formUnion([.bold, .underline])
    return Style(attributes, color: .accent)
  }

  /// The footer during a search: the prompt (`/query`, the terminal cursor at
  /// its end for an input method and a screen reader) and how many serials
  /// match; once kept, the query, which match the cursor is on, and the keys.
  /// A notice (the search wrapped) takes the place of the keys.
  func drawSearchFooter(into canvas: inout Canvas, area: Rect) {
    let y = area.y
    var right: String
    var hint = notice
    if let search {
      let count =
        search.query.isEmpty
        ? "" : search.hits.isEmpty ? labels.noMatch : labels.matchCount(search.hits.count)
      if search.isEditing {
        right = count
      } else {
        right = search.number(of: searchPlace).map { "\($0)/\(search.hits.count)" } ?? count
        hint = hint ?? labels.searchKeys
      }
      // The right part first, then the prompt in what is left (its end stays
      // in view: the start of a long query scrolls off to the left).
      let rightWidth = TextWidth.of(right)
      let room = area.width - 2 - (rightWidth > 0 ? rightWidth + 2 : 0)
      if rightWidth > 0 && room >= 8 {
        canvas.draw(right, x: area.maxX - 1 - rightWidth, y: y, maxWidth: rightWidth, style: .dim)
      } else {
        right = ""
      }
      let roomForPrompt = area.width - 2 - (right.isEmpty ? 0 : rightWidth + 2)
      let prompt = "/" + TextWidth.tail(of: search.query, fitting: roomForPrompt - 1)
      let used = canvas.draw(prompt, x: area.x + 1, y: y, maxWidth: roomForPrompt)
      if search.isEditing {
        canvas.cursor = Point(x: min(area.x + 1 + used, area.maxX - 1), y: y)
        return
      }
      if let hint, roomForPrompt - used > 4 {
        canvas.draw(
          "  " + hint, x: area.x + 1 + used, y: y, maxWidth: roomForPrompt - used, style: .dim)
      }
      return
    }
    if let hint {
      canvas.draw(" " + hint, x: area.x, y: y, maxWidth: area.width, style: .bold)
    }
  }
}
