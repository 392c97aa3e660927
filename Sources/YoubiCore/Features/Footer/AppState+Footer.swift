import TerminalUI

/// The footer: the key hints, a notice in their place, or the search prompt.
extension AppState {
  /// The footer: the search's prompt or result while there is one; else a
  /// notice (a failed reload, no watching, the demo week) with the short key
  /// hint; else the key hints (in the calendar, after which week it shows).
  func drawFooter(into canvas: inout Canvas, layout: Layout, at now: Duration) {
    canvas.fill(layout.footer, with: Cell(" ", style: .dim))
    if search != nil || notice?.topic == .search {
      drawSearchFooter(into: &canvas, area: layout.footer)
      return
    }
    let (y, width) = (layout.footer.y, layout.footer.width)
    guard let (notice, style) = footerNotice(at: now) else {
      drawFooterKeys(into: &canvas, y: y, width: width)
      return
    }
    // The short keys at the right; when the notice leaves no room for them,
    // `? help` alone, the notice cut before it.
    let full = labels.helpAndQuit + " "
    let fits = TextWidth.of(" " + notice) + 2 + TextWidth.of(full) <= width
    let keys = fits ? full : labels.helpKey + " "
    let keysWidth = TextWidth.of(keys)
    canvas.draw(" " + notice, x: 0, y: y, maxWidth: max(0, width - keysWidth - 2), style: style)
    canvas.draw(keys, x: max(0, width - keysWidth), y: y, maxWidth: keysWidth, style: .dim)
  }

  /// `hints` (pieces two spaces apart) when they fit in `width` columns; else
  /// as many of their first pieces as fit, then `? help`, which is always there
  /// (alone when nothing else fits): at any width the footer says where the
  /// rest of the keys are.
  func fitted(_ hints: String, width: Int) -> String {
    guard TextWidth.of(hints) > width else { return hints }
    let help = labels.helpKey
    var shown = ""
    for piece in Self.pieces(of: hints) where piece != help {
      let longer = shown.isEmpty ? piece : shown + "  " + piece
      guard TextWidth.of(longer + "  " + help) <= width else { break }
      shown = longer
    }
    return shown.isEmpty ? help : shown + "  " + help
  }

  /// The pieces of a hint line: the runs two spaces (or more) apart.
  static func pieces(of hints: String) -> [String] {
    var pieces: [String] = []
    var words: [Substring] = []
    for word in hints.split(separator: " ", omittingEmptySubsequences: false) {
      if word.isEmpty {
        if !words.isEmpty { pieces.append(words.joined(separator: " ")) }
        words = []
      } else {
        words.append(word)
      }
    }
    if !words.isEmpty { pieces.append(words.joined(separator: " ")) }
    return pieces
  }

  /// What the footer says instead of the key hints, most urgent first: what
  /// the last `o` or `y` did (until the next key), a failed reload, files not
  /// watched, a subscription that could not be fetched or is being fetched,
  /// a state file problem, the demo week, and a schedule's warnings (it
  /// loaded, and `--check` says more).
  func footerNotice(at now: Duration) -> (text: String, style: Style)? {
    let section = sections[current]
    if let notice, [.link, .clipboard, .marks, .hint].contains(notice.topic) {
      return (notice.text, notice.isError ? .bold : .plain)
    }
    if let notice, notice.topic == .notification { return (notice.text, .bold) }
    if let error = section.reload.error {
      return (labels.notReloaded + shortened(error, path: section.reloadPath), .bold)
    }
    if let feed = feedNotice(at: now) { return feed }
    if let reason = unwatched { return (labels.notWatching + reason, .bold) }
    if let notice,
      [.stateFile, .stateFileMovedAside, .account, .reference].contains(notice.topic)
    {
      return (notice.text, .bold)
    }
    if section.source == .demo { return (labels.demoNotice, .plain) }
    if let count = section.schedule?.warningCount, count > 0, let path = section.source?.loadPath,
      saysWarnings(of: section, at: now)
    {
      return (labels.warnings(count, path: path), .plain)
    }
    return nil
  }

  /// A message about the watched file with its path cut to the file's name:
  /// the footer has one line, and the place in the file matters more.
  private func shortened(_ message: String, path: String?) -> String {
    guard let path, message.hasPrefix(path), let slash = path.lastIndex(of: "/")
    else { return message }
    return String(path[path.index(after: slash)...]) + message.dropFirst(path.count)
  }

  /// The footer during a search: the prompt (`/query`, the terminal cursor at
  /// its end for an input method and a screen reader) and how many serials
  /// match; once kept, the query, which match the cursor is on, and the keys.
  /// A notice (the search wrapped) takes the place of the keys.
  func drawSearchFooter(into canvas: inout Canvas, area: Rect) {
    let y = area.y
    var right: String
    // What `o` or `y` did shows here too, in the place of the keys.
    let shown: [Notice.Topic] = [.search, .link, .clipboard]
    var hint = notice.flatMap { shown.contains($0.topic) ? $0.text : nil }
    if let search {
      let count =
        search.query.isEmpty
        ? "" : search.hits.isEmpty ? labels.noMatch : labels.matchCount(search.hits.count)
      if focus == .search {
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
      if focus == .search {
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
