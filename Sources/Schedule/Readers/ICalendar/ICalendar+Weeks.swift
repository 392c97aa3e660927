/// A weekly event in a zone, converted week by week.
///
/// `DTSTART` converted once gives the local weekday and time at the offsets of that
/// date: a Tuesday 23:00 Asia/Tokyo event would show at 16:00 in a Berlin December,
/// when it airs at 15:00. So a weekly entry whose start is written in a zone (or in
/// UTC) keeps that zone's wall time as its airing, and the schedule is placed again on
/// the local calendar (`placingWeeks(on:)`), each week converted on its own. A floating
/// time, an all-day event, or a zone only the file defines stays as converted once.
extension ICalendar.EventReader {
  /// The airing of a weekly entry listed locally from `first` to `end`, whose start was
  /// written as `written`, `shift` days from its local date; nil when it has no zone the
  /// zone database can be asked about.
  func zonedOrigin(_ written: ICalendar.DateTime, first: CivilDate, end: CivilDate?, shift: Int)
    -> Origin?
  {
    guard let seconds = written.seconds else { return nil }
    let zone: String
    if written.isUTC {
      zone = "UTC"
    } else if let named = written.zone, rules[named] == nil {
      zone = named
    } else {
      return nil
    }
    let day = first.adding(days: -shift)
    let slot = ZonedSlot(
      weekday: day.weekday, minutes: seconds / 60, zone: zone, first: day,
      last: end?.adding(days: -shift))
    return Origin(airing: .weekly(slot))
  }
}

extension Schedule {
  /// The schedule with each weekly entry that keeps a zoned airing placed again, week
  /// by week, on `calendar`; its dates off move with it. Entries that cannot be placed
  /// (a zone the database does not know) stay as they are.
  func placingWeeks(on calendar: LocalCalendar) -> Schedule {
    var placer = LocalCalendar.Placer(calendar)
    var placed = self
    for (i, section) in sections.enumerated() {
      var days: [Weekday: [Serial]] = [:]
      var moved = false
      for day in Weekday.allCases {
        for serial in section[day] {
          guard case .weekly(var slot) = serial.origin?.airing, let start = serial.start,
            let first = slot.first
          else {
            days[day, default: []].append(serial)
            continue
          }
          let shift = first.days(to: start)
          slot.skip = serial.skip.map { $0.adding(days: -shift) }
          var plain = serial
          plain.origin = nil
          guard
            let entries = placer.place(plain, .weekly(slot), episode: (index: 0, number: 1))
          else {
            days[day, default: []].append(serial)
            continue
          }
          moved = true
          for (weekday, entry) in entries { days[weekday, default: []].append(entry) }
        }
      }
      if moved { placed.sections[i] = Section(title: section.title, days: days) }
    }
    return placed
  }
}
