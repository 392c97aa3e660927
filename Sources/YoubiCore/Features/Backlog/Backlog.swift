import PagerCore
import Schedule

/// What the person is behind on: releases that have come out and are not marked seen.
///
/// Only followed serials count (`Following`): in a week of the person's own, every
/// serial once anything of it has been marked seen, from the first mark's date; in a
/// catalogue, each serial starred or marked, from its own first mark or star; in a
/// tracker list or a feed, every serial. From then on, every release since a serial's
/// `start` that has come out and is not marked is behind, looking back at most
/// `weeks` weeks. A break (`skip`) is no release and counts as nothing.
///
/// Worked out once per change (of marks, a schedule, today or the next release coming
/// out), not per frame: the frame only looks counts up.
struct Backlog: Equatable, Sendable {
  /// One release behind: a serial of a section on one date.
  struct Item: Equatable, Sendable {
    var section: Int
    var day: Weekday
    /// Its place in the weekday's whole list (`SafeSchedule[day]`).
    var index: Int
    var id: SerialID
    var date: CivilDate
    /// When it came out, in local seconds since 1970.
    var instant: Int64
  }

  /// What it was worked out from: it stays right while these stay the same and the
  /// clock has not reached `validUntil`.
  struct Basis: Equatable, Sendable {
    var marksRevision = -1
    var scheduleRevisions: [Int] = []
    var today = CivilDate(daysSince1970: 0)
    var weeks = 0
    var dayStartHour = 0
    /// How each section is followed.
    var followings: [Following] = []
  }

  var basis = Basis()
  /// The first instant (local seconds) at which a release it did not count comes out.
  var validUntil: Int64 = .min
  /// Every release behind, oldest first.
  var items: [Item] = []
  /// Per section: how many releases behind, per serial.
  var counts: [[SerialID: Int]] = []
  /// Per section: how many releases behind, per date.
  var perDate: [[CivilDate: Int]] = []
  /// Per section: how many releases have come out, per date (seen or not).
  var outPerDate: [[CivilDate: Int]] = []
  /// Per section: whether it counts (something of it is followed and has a date to
  /// count from), and from when (the earliest of its serials').
  var floors: [CivilDate?] = []

  /// Whether it still holds for `basis` at the local instant `local`.
  func holds(for basis: Basis, at local: Int64) -> Bool {
    self.basis == basis && local < validUntil
  }

  /// When the release of `serial` on `date` comes out, in local seconds: its time
  /// counted from the date's midnight, or the start of the day for one without.
  static func instant(of serial: Serial, on date: CivilDate, dayStartHour: Int) -> Int64 {
    let minutes = serial.time?.minutes ?? dayStartHour * 60
    return Int64(date.daysSince1970) * 86_400 + Int64(minutes) * 60
  }

  /// Works it out for `sections`, known to the marks by `keys` and followed as
  /// `basis.followings` says, at the local instant `local` (today is `basis.today`).
  ///
  /// - Complexity: O(entries × weeks looked back) for each section that counts.
  init(
    sections: [SectionState], keys: [ScheduleKey], marks: Marks, basis: Basis, local: Int64,
    utcOffset: Int64
  ) {
    self.basis = basis
    var next = Int64.max
    let lookBack = basis.today.adding(days: 1 - 7 * basis.weeks)
    for (s, section) in sections.enumerated() {
      var share = Share()
      let entries = marks.schedules[keys[s]] ?? [:]
      var sectionFloor: CivilDate?
      if case .allOnceMarked = basis.followings[s] {
        sectionFloor =
          entries.values.contains(where: \.hasSeen)
          ? marks.firstMarked(in: keys[s], utcOffset: utcOffset).map { max($0, lookBack) } : nil
      }
      let floor: (SerialID) -> CivilDate? = { id in
        switch basis.followings[s] {
        case .allOnceMarked: sectionFloor
        case .all: lookBack
        case .marked:
          entries[id].flatMap { entry in
            entry.isFollowed
              ? entry.firstMarked(utcOffset: utcOffset).map { max($0, lookBack) } : nil
          }
        }
      }
      if let schedule = section.schedule {
        // A row a tracker's row stands for is the tracker's to count: never twice.
        let joined = section.joined
        count(
          schedule, section: s, entries: entries,
          floor: { joined.contains($0) ? nil : floor($0) }, local: local, into: &share,
          next: &next)
      }
      counts.append(share.counts)
      perDate.append(share.perDate)
      outPerDate.append(share.outPerDate)
      floors.append(share.floor)
    }
    validUntil = next
    items.sort {
      ($0.instant, $0.section, $0.day.rawValue, $0.index)
        < ($1.instant, $1.section, $1.day.rawValue, $1.index)
    }
  }

  /// What one section gives the backlog.
  private struct Share {
    var counts: [SerialID: Int] = [:]
    var perDate: [CivilDate: Int] = [:]
    var outPerDate: [CivilDate: Int] = [:]
    var floor: CivilDate?
  }

  /// Counts the releases of section `s` behind, each serial from its `floor` (nil: not
  /// followed), into the backlog's items and the section's `share`, whose floor
  /// becomes the earliest; lowers `next` to the first release that has not come out.
  private mutating func count(
    _ schedule: SafeSchedule, section s: Int, entries: [SerialID: Marks.Entry],
    floor: (SerialID) -> CivilDate?, local: Int64, into share: inout Share, next: inout Int64
  ) {
    let today = basis.today
    for day in Weekday.allCases {
      let list = schedule[day]
      let ids = schedule.identities[day.rawValue]
      for i in list.indices {
        // A release only expected (a feed's inferred slot) has not come out: never behind.
        guard let from = floor(ids[i]), list[i].origin?.isExpected != true else { continue }
        share.floor = min(share.floor ?? from, from)
        let serial = list[i]
        var date = from.adding(days: (day.rawValue - from.weekday.rawValue).wrapped(7))
        if let start = serial.start, start > date {
          date = start.adding(days: (day.rawValue - start.weekday.rawValue).wrapped(7))
        }
        let entry = entries[ids[i]]
        while date <= today.adding(days: 1) {
          defer { date = date.adding(days: 7) }
          guard serial.appears(on: date) else { continue }
          let instant = Self.instant(of: serial, on: date, dayStartHour: basis.dayStartHour)
          guard instant <= local else {
            next = min(next, instant)
            continue
          }
          share.outPerDate[date, default: 0] += 1
          if entry?.isSeen(on: date, item: serial.releaseID) == true { continue }
          items.append(
            Item(section: s, day: day, index: i, id: ids[i], date: date, instant: instant))
          share.counts[ids[i], default: 0] += 1
          share.perDate[date, default: 0] += 1
        }
      }
    }
  }

  init() {}

  /// How many releases of `id` in section `section` are behind.
  func count(_ id: SerialID, section: Int) -> Int {
    counts.indices.contains(section) ? counts[section][id] ?? 0 : 0
  }

  /// The releases of `id` in section `section` that are behind, oldest first.
  func items(of id: SerialID, section: Int) -> [Item] {
    items.filter { $0.section == section && $0.id == id }
  }
}
