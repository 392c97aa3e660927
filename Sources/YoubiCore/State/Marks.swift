import Schedule

/// Everything youbi remembers between runs: releases seen, stars, and the read marks
/// per week an earlier Youbi kept, per schedule and serial. A pure value; the state
/// file is its JSON form.
///
/// A release is a serial on one date (`seen`). A week's read mark (`read`, what
/// format 1 stored) still counts as the mark of that week's release of the serial
/// until a mark of the release itself replaces it (`Marks+Releases`).
///
/// Each mark is its own last-writer-wins register (a `Stamp`), so two
/// documents merge item by item and two processes never lose each other's
/// marks (see `merge(_:)`). Unmarking keeps a tombstone for the same reason.
/// Read marks older than `retainedWeeks` are dropped by `prune(now:)`.
public struct Marks: Equatable, Sendable {
  /// How many weeks before the current one keep their read marks.
  public static let retainedWeeks = 52

  /// The remembered marks of one serial.
  public struct Entry: Equatable, Sendable {
    /// Starred or not, and when that was last set; nil when never starred.
    public var star: Stamp?
    /// Read or not in each week, and when that was last set (format 1's marks).
    public var read: [ISOWeek: Stamp] = [:]
    /// Each release seen or not, by its date, and when that was last set.
    public var seen: [CivilDate: Stamp] = [:]
    /// The episode of a release marked seen, when it was known.
    public var episodes: [CivilDate: Int] = [:]
    /// Each feed release seen or not, by its item's id (`ItemMark`): it answers for its
    /// release before any mark by date, which answers only for releases without one.
    public var items: [String: ItemMark] = [:]
    /// Marks of releases before this date are forgotten: the serial matched nothing in
    /// its schedule for longer than the backlog looks back (`Marks+Orphans`). Kept, so
    /// a copy that still holds them does not bring them back in a merge.
    public var keptFrom: CivilDate?

    public init(
      star: Stamp? = nil, read: [ISOWeek: Stamp] = [:], seen: [CivilDate: Stamp] = [:],
      episodes: [CivilDate: Int] = [:], items: [String: ItemMark] = [:],
      keptFrom: CivilDate? = nil
    ) {
      self.star = star
      self.items = items
      self.read = read
      self.seen = seen
      self.episodes = episodes
      self.keptFrom = keptFrom
      forgetBeforeKept()
    }

    var isEmpty: Bool {
      star == nil && read.isEmpty && seen.isEmpty && items.isEmpty && keptFrom == nil
    }
  }

  /// Entries per schedule and serial identity. Never holds an empty entry or
  /// an empty schedule, so equal marks are equal values.
  public internal(set) var schedules: [ScheduleKey: [SerialID: Entry]]
  /// Weeks before this one have been pruned: their marks are gone and a merge
  /// does not bring them back. Nil until the first prune.
  public internal(set) var horizon: ISOWeek?
  /// The releases already announced, and when (milliseconds since 1970): each is
  /// announced once, whichever youbi gets there first (`Marks+Notified`).
  public internal(set) var notified: [NotificationKey: Int64] = [:]

  public init() {
    schedules = [:]
    horizon = nil
  }

  /// Marks made of `schedules` as they are (empty entries dropped), pruned to `horizon`.
  public init(schedules: [ScheduleKey: [SerialID: Entry]], horizon: ISOWeek? = nil) {
    self.schedules = [:]
    self.horizon = nil
    for (key, entries) in schedules {
      for (id, entry) in entries where !entry.isEmpty {
        self.schedules[key, default: [:]][id] = entry
      }
    }
    if let horizon { prune(keepingFrom: horizon) }
  }

  /// True when nothing is remembered.
  public var isEmpty: Bool { schedules.isEmpty && notified.isEmpty }

  /// The entry of `id` in `schedule` (empty when none).
  public func entry(_ id: SerialID, in schedule: ScheduleKey) -> Entry {
    schedules[schedule]?[id] ?? Entry()
  }

  // MARK: - Questions

  /// Whether `id` is marked read in `week`.
  public func isRead(_ id: SerialID, in schedule: ScheduleKey, week: ISOWeek) -> Bool {
    entry(id, in: schedule).read[week]?.isOn == true
  }

  /// Whether `id` is starred.
  public func isStarred(_ id: SerialID, in schedule: ScheduleKey) -> Bool {
    entry(id, in: schedule).star?.isOn == true
  }

  /// How many of `ids` are not read in `week` (each occurrence counts: a list
  /// may hold the same serial twice, and each row shows the same mark).
  ///
  /// A person reads a few serials a week, so the few read ones are compared
  /// with each of `ids` (a comparison of hashes, made once), not a lookup each.
  ///
  /// - Complexity: O(`ids` × min(read, 16) + the schedule's entries).
  public func unreadCount(
    of ids: some Collection<SerialID>, in schedule: ScheduleKey, week: ISOWeek
  ) -> Int {
    let read = (schedules[schedule] ?? [:]).compactMap {
      $0.value.read[week]?.isOn == true ? $0.key : nil
    }
    if read.isEmpty { return ids.count }
    if read.count > 16 {
      let set = Set(read)
      return ids.reduce(0) { $0 + (set.contains($1) ? 0 : 1) }
    }
    return ids.reduce(0) { $0 + (read.contains($1) ? 0 : 1) }
  }

  /// The starred serials of `schedule`.
  public func starred(in schedule: ScheduleKey) -> Set<SerialID> {
    Set((schedules[schedule] ?? [:]).compactMap { $0.value.star?.isOn == true ? $0.key : nil })
  }

  // MARK: - Changes

  /// Marks `id` read (or unread) in `week`, stamped at `wall`.
  ///
  /// A week before the horizon is already forgotten: nothing changes there.
  public mutating func setRead(
    _ isRead: Bool, _ id: SerialID, in schedule: ScheduleKey, week: ISOWeek, at wall: WallTime
  ) {
    if let horizon, week < horizon { return }
    if entry(id, in: schedule).isForgotten(week.monday.adding(days: 6)) { return }
    update(id, in: schedule) { entry in
      entry.read[week] = Stamp(isOn: isRead, at: wall, after: entry.read[week])
    }
  }

  /// Flips the read mark of `id` in `week`; returns whether it is now read.
  @discardableResult
  public mutating func toggleRead(
    _ id: SerialID, in schedule: ScheduleKey, week: ISOWeek, at wall: WallTime
  ) -> Bool {
    let now = !isRead(id, in: schedule, week: week)
    setRead(now, id, in: schedule, week: week, at: wall)
    return isRead(id, in: schedule, week: week)
  }

  /// Stars (or unstars) `id`, stamped at `wall`.
  public mutating func setStarred(
    _ isStarred: Bool, _ id: SerialID, in schedule: ScheduleKey, at wall: WallTime
  ) {
    update(id, in: schedule) { entry in
      entry.star = Stamp(isOn: isStarred, at: wall, after: entry.star)
    }
  }

  /// Flips the star of `id`; returns whether it is now starred.
  @discardableResult
  public mutating func toggleStar(_ id: SerialID, in schedule: ScheduleKey, at wall: WallTime)
    -> Bool
  {
    let now = !isStarred(id, in: schedule)
    setStarred(now, id, in: schedule, at: wall)
    return now
  }

  /// Changes one entry, keeping the no-empty-entries rule.
  mutating func update(_ id: SerialID, in schedule: ScheduleKey, _ change: (inout Entry) -> Void) {
    var entries = schedules.removeValue(forKey: schedule) ?? [:]
    var entry = entries.removeValue(forKey: id) ?? Entry()
    change(&entry)
    if !entry.isEmpty { entries[id] = entry }
    if !entries.isEmpty { schedules[schedule] = entries }
  }
}
