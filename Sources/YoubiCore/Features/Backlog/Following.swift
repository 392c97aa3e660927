import Schedule

/// How a section's serials are followed: the one rule that behind counts, the rows
/// carried over to today, the tab counts, the headings, `b` and `notify = followed`
/// all ask (`AppState.following(of:)`, `AppState.follows(_:in:)`).
///
/// A catalogue (bangumi-data, a season's airing list) holds far more than anyone
/// watches: only what the person starred or marked is followed in it. A week of the
/// person's own is followed whole, as it always was.
public enum Following: Equatable, Sendable {
  /// Every serial, once anything of the section is marked seen, from the first mark:
  /// a week of Youbi's own, or a `schedule` line with `follow=all`.
  case allOnceMarked
  /// Every serial from the start, looking back as far as the backlog does: a tracker
  /// list, a feed subscribed to.
  case all
  /// Only the serials starred or with a release marked, each from its first mark or
  /// star: a catalogue.
  case marked

  /// How a schedule read from `format` is followed when the config says nothing.
  static func byDefault(for format: ScheduleFormat) -> Following {
    switch format {
    case .youbi: .allOnceMarked
    case .iCalendar, .bangumiData, .jikan, .myAnimeList, .aniList: .marked
    // A feed is one serial (or a list of releases someone chose): followed from the start.
    case .rss, .atom, .jsonFeed, .mangaDex: .all
    }
  }
}

extension AppState {
  /// How `section`'s serials are followed: as the config says (`follow=all`), whole
  /// when it is an account's list, else as its format is.
  func following(of section: SectionState) -> Following {
    if let source = section.source, followedSources.contains(source) { return .allOnceMarked }
    if account(of: section) != nil { return .all }  // a tracker's list: what the person follows
    return Following.byDefault(for: section.schedule?.format ?? .youbi)
  }

  /// Whether the serial `id` of `section` is followed: its whole section is, or it is
  /// starred, or a release of it has been marked seen.
  func follows(_ id: SerialID, in section: SectionState) -> Bool {
    switch following(of: section) {
    case .allOnceMarked, .all: true
    case .marked: marks.entry(id, in: marksKey(of: section)).isFollowed
    }
  }
}
