import Schedule
import TerminalUI

/// Subscriptions: when to fetch, what a fetch's result changes, what the footer says.
///
/// Fetching is an effect: the core asks with `.fetch` and the runtime answers
/// with `.fetched` once curl is done and the cache is written. A new or
/// confirmed copy is then read like a file (`.load` of the cached body), so it
/// replaces the week on screen the way a reload does, keeping the day,
/// cursors, scroll and marks.
extension AppState {
  /// The index of the feed of `url`.
  func feedIndex(_ url: WebURL) -> Int? { feeds.firstIndex { $0.url == url } }

  /// The feed a section's week comes from, if it comes from a URL.
  func feed(of section: SectionState) -> Feed? {
    guard case .url(let url)? = section.source, let i = feedIndex(url) else { return nil }
    return feeds[i]
  }

  /// The path the loader reads for `source`: the file, or a feed's cached copy.
  func readPath(of source: ScheduleSource?) -> String? {
    if case .url(let url)? = source, let i = feedIndex(url) { return feeds[i].bodyPath }
    return source?.loadPath
  }

  /// Starts the fetches that are due: a copy older than its refresh, a retry,
  /// or `r`. One fetch per feed at a time.
  mutating func fetchIfDue() -> [Effect] {
    var effects: [Effect] = []
    let now = wall.seconds
    for i in feeds.indices {
      guard let due = feeds[i].due, due <= now else { continue }
      feeds[i].fetching = true
      feeds[i].requested = false
      feeds[i].lastAttempt = now
      effects.append(.fetch(feeds[i].url, at: now))
    }
    return effects
  }

  /// `r`: fetch every subscription now (or right after the fetch under way).
  mutating func requestFetches() {
    for i in feeds.indices { feeds[i].requested = true }
  }

  /// A fetch of `url` ended. A new or confirmed copy is read from the cache
  /// (another youbi sharing the cache may have replaced it meanwhile); a
  /// failure keeps the week on screen and says why in the footer, or, with no
  /// copy yet, in the section's page.
  mutating func fetched(_ url: WebURL, _ outcome: FetchOutcome) -> [Effect] {
    guard let i = feedIndex(url) else { return [] }
    feeds[i].fetching = false
    let group = sections.indices.filter { sections[$0].source == .url(url) }
    switch outcome {
    case .updated, .notModified:
      feeds[i].fetchedAt = feeds[i].lastAttempt ?? wall.seconds
      feeds[i].failure = nil
      feeds[i].failures = 0
      feeds[i].hasCopy = true
      return group.isEmpty ? [] : [read(feeds[i].bodyPath, for: group)]
    case .failed(let failure):
      feeds[i].failure = failure
      feeds[i].failures += 1
      for s in group where sections[s].schedule == nil && !feeds[i].hasCopy {
        sections[s].loadError = "youbi: \(url.text): \(failure.line)"
      }
      return []
    }
  }

  /// The next moment (monotonic) a feed is due, from now (`uptime`) and the wall clock.
  func feedDeadline(after uptime: Duration) -> Duration? {
    let now = wall.seconds
    guard let due = feeds.compactMap(\.due).min() else { return nil }
    let wait = due <= now ? 0 : due - now
    return uptime + .seconds(wait)
  }

  /// Whether the selected section's feed is being fetched (the footer's spinner turns).
  var fetchingShown: Bool {
    feed(of: sections[current])?.fetching == true
  }

  /// What the footer says about the selected section's feed: why the last
  /// fetch failed and how old the copy is, or that a fetch is under way.
  func feedNotice(at now: Duration) -> (text: String, style: Style)? {
    guard let feed = feed(of: sections[current]) else { return nil }
    if let failure = feed.failure, feed.hasCopy {
      let age = feed.fetchedAt.map { labels.age(seconds: wall.seconds - $0) }
      var text = failure.reason + ": " + labels.cached(age: age)
      if failure.kind == .notSchedule && !failure.detail.isEmpty { text += " — " + failure.detail }
      return (text, .bold)
    }
    if feed.fetching && feed.hasCopy {
      return (Self.spinnerFrame(at: now) + " " + labels.updating(Feed.name(of: feed.url)), .plain)
    }
    return nil
  }

  /// The loading spinner's frame at `now`.
  static func spinnerFrame(at now: Duration) -> String {
    let frames: [Unicode.Scalar] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    return String(frames[Int(now / spinnerInterval) % frames.count])
  }
}
