import Schedule

/// Sources joined by ids: a show both a tracker's list (an account) and another source
/// know shows once, as the tracker's row, which carries the progress and the way back.
///
/// Shows are matched by the ids the trackers give them (`anilist:<id>`, `mal:<id>`):
/// a row's own id, and the ids its source knows it by on other trackers (an AniList
/// show's `idMal`, a bangumi-data item's `anilist` and `mal` sites). Never by title: two
/// shows called the same are two shows until an id says otherwise. A row of a tracker's
/// list is never hidden, and the rows of one source are never joined to each other.
public struct Joins: Equatable, Sendable {
  /// Every tracker id the rows of the trackers' lists are known by.
  public private(set) var trackerIDs: Set<String> = []

  /// The ids of every row of `trackers` (the accounts' weeks).
  ///
  /// - Complexity: O(rows of `trackers`).
  public init(trackers: [any WeekOfSerials]) {
    for week in trackers {
      for day in Weekday.allCases {
        for serial in week[day] { trackerIDs.formUnion(Self.ids(of: serial)) }
      }
    }
  }

  /// Whether no tracker row has an id to join by (nothing is hidden).
  public var isEmpty: Bool { trackerIDs.isEmpty }

  /// Whether a tracker's row stands for `serial` (of another source): an id of it is one
  /// of theirs.
  ///
  /// - Complexity: O(its ids), and no copy: a catalogue of 100,000 rows is asked each
  ///   time a tracker's list loads.
  public func isJoined(_ serial: Serial) -> Bool {
    guard !trackerIDs.isEmpty else { return false }
    if let own = serial.origin?.id ?? serial.id, knows(own) { return true }
    guard let origin = serial.origin else { return false }
    return origin.otherIDs.contains(where: knows)
      || (origin.progress?.otherIDs.contains(where: knows) ?? false)
  }

  /// Whether `text` is a tracker row's id: as written (the usual `mal:5114`), or with
  /// its prefix in another case (`MAL:5114`).
  private func knows(_ text: String) -> Bool {
    if trackerIDs.contains(text) { return true }
    guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return false }
    return Self.trackerID(text).map(trackerIDs.contains) ?? false
  }

  /// The tracker ids `serial` is known by: its source's id (or its own `id`) when that is
  /// `anilist:<digits>` or `mal:<digits>` (the prefix in any case), then the ids its
  /// source gives on other trackers. Never its title, nor an id of another kind
  /// (`bangumi:…` may be a title).
  public static func ids(of serial: Serial) -> [String] {
    var found: [String] = []
    if let own = serial.origin?.id ?? serial.id, let id = trackerID(own) { found.append(id) }
    if let origin = serial.origin {
      found += origin.otherIDs.compactMap(trackerID)
      found += (origin.progress?.otherIDs ?? []).compactMap(trackerID)
    }
    return found
  }

  /// `text` as a tracker id (`mal:5114`), its prefix lowercased; nil when it is none.
  static func trackerID(_ text: String) -> String? {
    let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    return Origin.trackerID(site: String(parts[0]), id: String(parts[1]))
  }
}

extension Joins {
  /// `schedules` with every row a tracker's row stands for left out of the other
  /// sources' sections: what `--print`, `--next`, `--upcoming` and `--format` write, so a
  /// joined show is one entry there as on screen. A schedule `isTracker` (an account's
  /// list) is kept whole.
  ///
  /// - Complexity: O(rows).
  public static func joining(_ schedules: [(isTracker: Bool, schedule: Schedule)]) -> [Schedule] {
    let joins = Joins(
      trackers: schedules.filter(\.isTracker).flatMap { $0.schedule.sections })
    return schedules.map { isTracker, schedule in
      guard !isTracker, !joins.isEmpty else { return schedule }
      var kept = schedule
      for s in kept.sections.indices { kept.sections[s].removeSerials(where: joins.isJoined) }
      return kept
    }
  }
}
