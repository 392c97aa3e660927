import PagerCore
import Schedule
import TerminalUI

/// The detail box (Enter): everything the selected serial has, wrapped to the
/// screen, with buttons that open and copy its link.
extension AppState {
  /// Whether the detail box is open (it has focus until it closes).
  public internal(set) var showDetails: Bool {
    get { focus == .details }
    set { focus = newValue ? .details : (focus == .details ? .page : focus) }
  }

  /// A key while the box has focus: it closes, passes to the page's action on its
  /// serial, or is swallowed.
  mutating func detailsKey(_ key: Key, at now: Duration) -> [Effect] {
    switch DetailsKey(key) {
    case .close:
      focus = .page
      return []
    case .pass: return pageKey(key, at: now)
    case .swallow: return []
    case .link(let number):
      let urls = detailsBox()?.linkURLs ?? []
      return urls.indices.contains(number - 1) ? open(urls[number - 1]) : []
    case .scroll(let by, let page):
      guard let box = detailsBox() else { return [] }
      let step = page ? by * max(1, box.lines.count - 1) : by
      let moved = by == Int.min ? 0 : by == Int.max ? box.maxScroll : box.scroll + step
      detailsScroll = min(max(0, moved), box.maxScroll)
      return []
    }
  }

  /// The box for the current size: where it sits, its lines, and what a
  /// click on each part does.
  struct DetailsBox: Equatable {
    enum Action: Equatable {
      case open, copy
      /// Opens one of the places to watch.
      case link(WebURL)
    }
    struct Line: Equatable {
      var text: String
      var style: Style
      /// What a click on this line does (the link opens).
      var action: Action?
      /// Columns before its text: a wrapped field's lines after the first start under
      /// its value, past its label.
      var indent = 0
    }
    var frame: Rect
    /// The lines in view: all of them, or those the box is scrolled to.
    var lines: [Line]
    /// The buttons on the last line, with what each does.
    var buttons: [(rect: Rect, text: String, action: Action)]
    /// The links of every line, in view or not, once each in order: key `1` opens the
    /// first.
    var linkURLs: [WebURL] = []
    /// How far it is scrolled, and how far it can be (0 when every line fits).
    var scroll = 0
    var maxScroll = 0

    static func links(of lines: [Line]) -> [WebURL] {
      var found: [WebURL] = []
      for case .link(let url)? in lines.map(\.action) where found.last != url {
        found.append(url)
      }
      return found
    }

    static func == (a: DetailsBox, b: DetailsBox) -> Bool {
      a.frame == b.frame && a.lines == b.lines && a.scroll == b.scroll
        && a.buttons.map(\.rect) == b.buttons.map(\.rect)
        && a.buttons.map(\.action) == b.buttons.map(\.action)
    }
  }

  /// The next release of `serial`, listed on `weekday`: its first date from
  /// today on (within a year) that has not come out yet, and, with a `start`,
  /// its episode; nil when it has ended or is not dated.
  func nextRelease(of serial: Serial, on weekday: Weekday) -> String? {
    guard let date = nextReleaseDate(of: serial, on: weekday) else { return nil }
    let episode = serial.shownEpisode(on: date).map { " " + labels.episode($0) } ?? ""
    return labels.fullDate(date) + episode
  }

  /// The date of `nextRelease`.
  func nextReleaseDate(of serial: Serial, on weekday: Weekday) -> CivilDate? {
    guard serial.isDated else { return nil }
    let today = todayDate
    var date = today.adding(days: (weekday.rawValue - today.weekday.rawValue).wrapped(7))
    for _ in 0..<53 {
      if let end = serial.end, date > end { return nil }
      // Today's, when its time has passed, came out: the next is a week on.
      let cameOut =
        date == today && (Self.release(serial, on: date).map { $0 <= wall.localSeconds } ?? false)
      if serial.appears(on: date) && !cameOut { return date }
      date = date.adding(days: 7)
    }
    return nil
  }

  /// The selected serial's box, or nil when there is none to show.
  ///
  /// The box is at most 64 columns wide and centred; every field is wrapped to
  /// its inside width by display width (wide characters take two columns).
  /// When the screen is too short, the lines before the buttons give way.
  func detailsBox() -> DetailsBox? {
    guard let (serial, id) = selectedSerial, size.width >= 8, size.height >= 4 else { return nil }
    let w = min(size.width, 64)
    let inner = w - 4
    var lines: [DetailsBox.Line] = []
    // A field after its label wraps under itself (the label's width in spaces).
    func add(
      _ text: String, _ style: Style = .plain, _ action: DetailsBox.Action? = nil,
      after label: String = ""
    ) {
      let (indent, wrapped) = TextWidth.wrap(text, width: inner, after: label)
      for (i, line) in wrapped.enumerated() {
        lines.append(.init(text: line, style: style, action: action, indent: i == 0 ? 0 : indent))
      }
    }
    add(serial.title, .bold)
    if let author = serial.author, !author.isEmpty { add(author) }
    if let note = serial.note, !note.isEmpty { add(note, .dim) }
    let date = selectedPage(of: sections[current]).date
    if let time = detailsTime(of: serial, on: date) { add(time, after: labels.detailsTime) }
    let weekday = date.weekday
    if let next = nextRelease(of: serial, on: weekday) { add(next, after: labels.detailsNext) }
    for (i, line) in detailsSlots(of: serial, on: weekday).enumerated() {
      add(line.value, i == 0 ? .dim : .plain, after: line.label)
    }
    let key = marksKey(of: sections[current])
    let release = selectedRelease
    let seen =
      release.map { marks.isSeen(id, in: key, on: $0.date, item: $0.serial.releaseID) } ?? false
    let status = [
      release?.onBreak == true ? labels.onBreak : nil,
      seen ? "✓ " + labels.seen(selectedKind) : nil,
      marks.isStarred(id, in: key) ? labels.starred : nil,
    ].compactMap { $0 }
    if !status.isEmpty { add(status.joined(separator: "  ")) }
    if let url = serial.url { add(url.text, Style(.underline, color: .accent), .open) }
    for (label, text, url) in detailsLinks(of: serial) {
      if let url {
        add(text, Style(.underline, color: .accent), .link(url), after: label)
      } else {
        add(text, .dim)
      }
    }
    // The buttons, on one line after the rest.
    var texts: [(String, DetailsBox.Action)] = []
    if serial.url != nil { texts.append((labels.openButton, .open)) }
    texts.append((labels.copyButton(link: serial.url != nil), .copy))
    let links = DetailsBox.links(of: lines)
    let room = max(1, min(size.height, lines.count + 3) - 3)
    let maxScroll = max(0, lines.count - room)
    let scroll = min(detailsScroll, maxScroll)
    lines = Array(lines[scroll..<min(lines.count, scroll + room)])
    let h = lines.count + 3
    let frame = Rect(x: (size.width - w) / 2, y: (size.height - h) / 2, width: w, height: h)
    return DetailsBox(
      frame: frame, lines: lines, buttons: Self.buttons(texts, in: frame), linkURLs: links,
      scroll: scroll, maxScroll: maxScroll)
  }

  /// The buttons on the last line inside `frame`, left to right, two columns apart; those
  /// that do not fit are left out, the last one that does is cut.
  private static func buttons(_ texts: [(String, DetailsBox.Action)], in frame: Rect)
    -> [(rect: Rect, text: String, action: DetailsBox.Action)]
  {
    var buttons: [(rect: Rect, text: String, action: DetailsBox.Action)] = []
    var x = frame.x + 2
    for (text, action) in texts {
      let width = min(TextWidth.of(text), frame.maxX - 2 - x)
      guard width > 0 else { break }
      buttons.append((Rect(x: x, y: frame.maxY - 2, width: width, height: 1), text, action))
      x += width + 2
    }
    return buttons
  }

  /// The box's lists of links: where to watch (bangumi-data's sites), then the
  /// trackers and databases (its AniList or MyAnimeList page, bangumi-data's info
  /// sites), each under its heading (a line with no URL); each link is numbered for
  /// its key while there are keys (1 to 9), and its name is made safe. A link's key and
  /// name are its label, the URL its text.
  func detailsLinks(of serial: Serial) -> [(label: String, text: String, url: WebURL?)] {
    var found: [(label: String, text: String, url: WebURL?)] = []
    var number = 0
    for (heading, all) in [
      (labels.detailsWatch, serial.origin?.links ?? []),
      (labels.detailsTrackers, serial.origin?.trackerLinks ?? []),
    ] {
      let links = all.filter { $0.url != serial.url }
      if !links.isEmpty { found.append(("", heading, nil)) }
      for link in links {
        number += 1
        let key = number <= 9 ? "\(number) " : ""
        let name = SafeText.sanitize(link.name)
        found.append((key + (name.isEmpty ? "" : name + " "), link.url.text, link.url))
      }
    }
    return found
  }

  /// Draws the box over the screen; the terminal cursor rests on its first
  /// line, where a screen reader starts reading.
  func drawDetails(into canvas: inout Canvas) {
    guard let box = detailsBox() else { return }
    let f = box.frame
    // A box taller than the screen says which way the rest of it is.
    let more = [box.scroll > 0 ? "↑" : nil, box.scroll < box.maxScroll ? "↓" : nil]
      .compactMap { $0 }.joined()
    canvas.drawFrame(
      f, title: labels.detailsTitle,
      footer: more.isEmpty ? labels.detailsCloses : labels.detailsCloses + " " + more)
    for (i, line) in box.lines.enumerated() {
      canvas.draw(
        line.text, x: f.x + 2 + line.indent, y: f.y + 1 + i, maxWidth: f.width - 4 - line.indent,
        style: line.style)
    }
    for button in box.buttons {
      canvas.draw(
        button.text, x: button.rect.x, y: button.rect.y, maxWidth: button.rect.width,
        style: Style(.reverse))
    }
    canvas.cursor = Point(x: f.x + 2, y: min(f.y + 1, f.maxY - 1))
  }

  /// A mouse event while the box is open: a click on a button or on the link
  /// acts, a click outside closes the box; nil when the box is not open.
  ///
  /// Releases go on to the pager, so a press tracked before the box opened
  /// still ends.
  mutating func clickDetails(_ mouse: MouseEvent) -> [Effect]? {
    guard showDetails, mouse.kind != .release, let box = detailsBox() else { return nil }
    guard mouse.kind == .press else { return [] }
    guard box.frame.contains(x: mouse.x, y: mouse.y) else {
      showDetails = false
      return []
    }
    let row = mouse.y - box.frame.y - 1
    let action =
      box.buttons.first { $0.rect.contains(x: mouse.x, y: mouse.y) }?.action
      ?? (box.lines.indices.contains(row) ? box.lines[row].action : nil)
    switch action {
    case .open?: return openSelected()
    case .copy?: return copySelected()
    case .link(let url)?: return open(url)
    case nil: return []
    }
  }
}
