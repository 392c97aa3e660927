import Schedule

/// Marks of releases: a serial seen on one date.
///
/// A release is marked by its date. Format 1 kept one read mark per week; such a
/// mark still answers for the release of its week until the release has a mark of
/// its own, so marks made by an earlier Youbi carry over as they were.
extension Marks {
  /// Whether the release of `id` on `date` is marked seen; `item` names the release when
  /// its source names each one (a feed's item: `Serial.releaseID`).
  public func isSeen(
    _ id: SerialID, in schedule: ScheduleKey, on date: CivilDate, item: String? = nil
  ) -> Bool {
    guard let entry = schedules[schedule]?[id] else { return false }
    return entry.isSeen(on: date, item: item)
  }

  /// Marks the release of `id` on `date` seen (or not), with its episode when known,
  /// stamped at `wall`. A date before the horizon, or before what an orphan's marks
  /// were kept from, is already forgotten.
  ///
  /// A release named by `item` is marked by it (`Entry.items`), not by its date: the
  /// mark made by date before (an earlier Youbi's) answered until now, and is left for
  /// the other releases of that date that have no mark of their own.
  public mutating func setSeen(
    _ isSeen: Bool, _ id: SerialID, in schedule: ScheduleKey, on date: CivilDate,
    episode: Int? = nil, item: String? = nil, at wall: WallTime
  ) {
    if let horizon, date < horizon.monday { return }
    if entry(id, in: schedule).isForgotten(date) { return }
    update(id, in: schedule) { entry in
      // A week's mark answered until now: the stamp replaces it for this date.
      let previous = [entry.seen[date], entry.read[date.isoWeek]].compactMap { $0 }.max()
      guard let item else {
        entry.seen[date] = Stamp(isOn: isSeen, at: wall, after: previous)
        if isSeen, let episode { entry.episodes[date] = episode }
        return
      }
      let own = entry.items[item]
      let before = [own?.stamp, previous].compactMap { $0 }.max()
      entry.items[item] = ItemMark(
        stamp: Stamp(isOn: isSeen, at: wall, after: before), date: date,
        episode: isSeen ? episode ?? own?.episode : own?.episode)
    }
  }

  /// Flips the mark of the release of `id` on `date` (named `item`, when it is a feed's);
  /// returns whether it is now seen.
  @discardableResult
  public mutating func toggleSeen(
    _ id: SerialID, in schedule: ScheduleKey, on date: CivilDate, episode: Int? = nil,
    item: String? = nil, at wall: WallTime
  ) -> Bool {
    let now = !isSeen(id, in: schedule, on: date, item: item)
    setSeen(now, id, in: schedule, on: date, episode: episode, item: item, at: wall)
    return isSeen(id, in: schedule, on: date, item: item)
  }

  /// The first date anything of `schedule` was marked, in milliseconds since 1970, or
  /// the Monday of the first week or date a mark is for, whichever is earlier: when the
  /// person started following it here. Nil when nothing of it is marked.
  ///
  /// - Complexity: O(marks of the schedule).
  public func firstMarked(in schedule: ScheduleKey, utcOffset: Int64) -> CivilDate? {
    (schedules[schedule] ?? [:]).values.compactMap { $0.firstMarked(utcOffset: utcOffset) }.min()
  }

  /// The local date a stamp was set on.
  static func date(of stamp: Stamp, utcOffset: Int64) -> CivilDate {
    CivilDate(daysSince1970: Int((stamp.time / 1000 + utcOffset).floorDivided(by: 86_400)))
  }

  /// Copies everything remembered of `old` onto `new` (a serial renamed in place), kept
  /// by the same stamps; `old`'s own marks stay, matching nothing.
  public mutating func copy(_ old: SerialID, to new: SerialID, in schedule: ScheduleKey) {
    guard let entry = schedules[schedule]?[old] else { return }
    update(new, in: schedule) { $0.merge(entry) }
  }
}

extension Marks.Entry {
  /// Whether the release on `date` is seen: its item's mark (a feed's release named
  /// `item`), else its date's, else its week's (format 1).
  func isSeen(on date: CivilDate, item: String? = nil) -> Bool {
    if let item, let mark = items[item] { return mark.stamp.isOn }
    if let stamp = seen[date] { return stamp.isOn }
    return read.isEmpty ? false : read[date.isoWeek]?.isOn == true
  }

  /// Whether anything is marked seen here.
  var hasSeen: Bool { !seen.isEmpty || !read.isEmpty || !items.isEmpty }

  /// Whether the serial is followed by what the person did to it: starred, or a
  /// release of it marked (an unstarred serial stays followed while its marks last).
  var isFollowed: Bool { star?.isOn == true || hasSeen }

  /// The first date anything of the serial was marked or starred, or the date a mark
  /// is for, whichever is earlier; nil when nothing is.
  func firstMarked(utcOffset: Int64) -> CivilDate? {
    var first: CivilDate?
    func consider(_ date: CivilDate) { first = min(first ?? date, date) }
    for (date, stamp) in seen {
      consider(date)
      consider(Marks.date(of: stamp, utcOffset: utcOffset))
    }
    for mark in items.values {
      consider(mark.date)
      consider(Marks.date(of: mark.stamp, utcOffset: utcOffset))
    }
    for (week, stamp) in read {
      consider(week.monday)
      consider(Marks.date(of: stamp, utcOffset: utcOffset))
    }
    if let star { consider(Marks.date(of: star, utcOffset: utcOffset)) }
    return first
  }
}
