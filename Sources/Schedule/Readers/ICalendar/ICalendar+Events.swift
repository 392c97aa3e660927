/// Events (`VEVENT`, RFC 5545 §3.6.1) turned into a week of entries.
extension ICalendar {
  /// What `DTSTART` says once on the local wall clock.
  struct LocalStart {
    var date: CivilDate
    /// Minutes after midnight; nil for an all-day event.
    var minutes: Int?
  }

  /// Reads the events of some calendars into one schedule, remembering what it leaves out.
  struct EventReader {
    let calendars: [Component]
    let zones: any TimeZoneDatabase
    /// The file's own zones, by `TZID`.
    var rules: [String: ZoneRules] = [:]
    /// Zones neither the file nor the database knows, and the first one met with its line.
    var unknownZones: Set<String> = []
    var firstUnknownZone: (zone: String, line: Int)?
    /// Events left out, with their line and why.
    var skipped: [(line: Int, reason: String)] = []
    /// The lines of events cut to `maximumDates` one-off dates.
    var cut: [Int] = []
    /// Events and zones that cannot be read (no `DTSTART`, a value that is no date),
    /// with their line and why.
    var unplaced: [(line: Int, reason: String)] = []
    var zonesNotRead: [(line: Int, reason: String)] = []
    /// What was left out before the events: unreadable lines, a missing `VCALENDAR`.
    let leftovers: Leftovers
    var days: [Weekday: [Serial]] = [:]
    /// Where each recurring event's entries went, by `UID`, for its changed instances.
    var recurring: [String: [(day: Weekday, index: Int)]] = [:]

    init(calendars: [Component], zones: any TimeZoneDatabase, leftovers: Leftovers = Leftovers()) {
      self.calendars = calendars
      self.zones = zones
      self.leftovers = leftovers
    }

    /// The schedule of every event that can be placed; the rest is counted in `warnings`.
    mutating func schedule() -> Schedule {
      for calendar in calendars {
        for zone in calendar.components where zone.name == "VTIMEZONE" {
          guard let id = zone.property("TZID") else {
            zonesNotRead.append((zone.line, "no TZID"))
            continue
          }
          do {
            rules[zoneName(id.value)] = try ZoneRules(zone)
          } catch {
            zonesNotRead.append((zone.line, error.message))
          }
        }
      }
      let events = calendars.flatMap { $0.components.filter { $0.name == "VEVENT" } }
      for event in events {
        do {
          if event.property("RECURRENCE-ID") == nil { try read(event) }
        } catch {
          unplaced.append((event.line, Self.reason(error)))
        }
      }
      for event in events where event.property("RECURRENCE-ID") != nil {
        do {
          try readChange(event)
        } catch {
          unplaced.append((event.line, Self.reason(error)))
        }
      }
      let title = calendars.lazy.compactMap { $0.property("X-WR-CALNAME") }.first
        .map { ICalendar.text($0.value) }
      return Schedule(
        title: title.map(oneLine), sections: [Schedule.Section(days: days)], warnings: warnings)
    }

    /// A recurring or one-off event.
    mutating func read(_ event: Component) throws(Diagnostic) {
      if event.property("STATUS")?.value.uppercased() == "CANCELLED" { return }
      let (written, start) = try self.start(of: event)
      // One copy of the event's text, shared by every entry it becomes.
      let entry = serial(event, time: start.minutes)
      var once: [CivilDate] = []
      for rdate in event.properties("RDATE") {
        for date in try dateTimes(of: rdate) { once.append(local(date, line: rdate.line).date) }
      }
      let rrules = event.properties("RRULE")
      var weekly: [(day: Weekday, serial: Serial)] = []
      if rrules.isEmpty {
        once.insert(start.date, at: 0)
      } else if rrules.count > 1 {
        skipped.append((event.line, "several RRULEs"))
        return
      } else {
        let rule = try recurrence(rrules[0], zone: written.zone)
        switch weekdays(rule, start: written) {
        case .failure(let reason):
          skipped.append((rrules[0].line, reason.text))
          return
        case .success(let writtenDays):
          weekly = try addWeekly(
            event, entry, rule: rule, days: writtenDays, written: written, start: start)
          // DTSTART is the first occurrence even off the rule's days (RFC 5545 §3.3.10).
          if !writtenDays.contains(written.date.weekday) { once.insert(start.date, at: 0) }
        }
      }
      addOnce(once, entry, besides: weekly, event: event)
    }

    /// The one-off entries of an event: each date once (RFC 5545 counts a repeated
    /// instance once), none a weekly entry of the same event already shows, and at most
    /// `maximumDates` of them, the earliest; an event cut is counted for the warning.
    ///
    /// - Complexity: O(d log d) for d dates written, whatever they repeat.
    mutating func addOnce(
      _ dates: [CivilDate], _ entry: Serial, besides weekly: [(day: Weekday, serial: Serial)],
      event: Component
    ) {
      var seen = Set<CivilDate>()
      var kept: [CivilDate] = []
      for date in dates where seen.insert(date).inserted {
        if weekly.contains(where: { $0.day == date.weekday && $0.serial.appears(on: date) }) {
          continue
        }
        kept.append(date)
      }
      if kept.count > ICalendar.maximumDates {
        kept = Array(kept.sorted().prefix(ICalendar.maximumDates))
        cut.append(event.line)
      }
      for date in kept {
        var single = entry
        single.start = date
        single.end = date
        days[date.weekday, default: []].append(single)
      }
    }

    /// The entries of a weekly event, one per local weekday; returns them.
    mutating func addWeekly(
      _ event: Component, _ entry: Serial, rule: Recurrence, days writtenDays: [Weekday],
      written: DateTime, start: LocalStart
    ) throws(Diagnostic) -> [(day: Weekday, serial: Serial)] {
      var added: [(day: Weekday, serial: Serial)] = []
      let shift = written.date.days(to: start.date)
      // The last date of each weekday: the last occurrence at or before UNTIL (a date
      // counts whole; a time bounds the release on that date), or on or before the
      // date of the COUNT-th occurrence.
      var until: LocalStart? = nil
      if let value = rule.until {
        until =
          value.seconds == nil
          ? LocalStart(date: value.date.adding(days: shift)) : local(value, line: event.line)
      }
      if let count = rule.count {
        until = LocalStart(
          date: ICalendar.lastDate(count: count, from: written.date, on: writtenDays)
            .adding(days: shift))
      }
      var off: [CivilDate] = []
      for exdate in event.properties("EXDATE") {
        for date in try dateTimes(of: exdate) { off.append(local(date, line: exdate.line).date) }
      }
      let uid = event.property("UID")?.value
      // Every INTERVAL weeks, counted from the week (Monday on) that holds DTSTART.
      let every = rule.interval
      let monday = start.date.adding(days: -start.date.weekday.rawValue)
      for day in Set(writtenDays.map { $0.shifted(by: shift) }).sorted() {
        var first = monday.adding(days: day.rawValue)
        if first < start.date { first = first.adding(days: 7 * every) }
        var end: CivilDate? = nil
        if let until {
          var last = until.date.adding(
            days: -CivilDate.floorMod(until.date.weekday.rawValue - day.rawValue, 7))
          if last == until.date, let time = start.minutes, let limit = until.minutes, time > limit {
            last = last.adding(days: -7)
          }
          end = last
        }
        if let end, first > end { continue }
        var weekly = entry
        weekly.origin = zonedOrigin(written, first: first, end: end, shift: shift)
        weekly.start = first
        weekly.end = end
        weekly.every = every
        weekly.skip = Array(
          Set(off.filter { $0.weekday == day && $0 >= first && $0 <= end ?? $0 })
        ).sorted()
        days[day, default: []].append(weekly)
        added.append((day, weekly))
        if let uid { recurring[uid, default: []].append((day, days[day]!.count - 1)) }
      }
      return added
    }

    /// A changed instance of a recurring event: its date is off for the series, and
    /// unless cancelled it is a one-off of its own.
    mutating func readChange(_ event: Component) throws(Diagnostic) {
      let id = event.property("RECURRENCE-ID")!
      let instance = try dateTime(
        id.value, zone: id.parameter("TZID"), line: id.line, what: "RECURRENCE-ID")
      let date = local(instance, line: id.line).date
      for (day, index) in recurring[event.property("UID")?.value ?? ""] ?? []
      where day == date.weekday {
        if !days[day]![index].skip.contains(date) {
          days[day]![index].skip.append(date)
          days[day]![index].skip.sort()
        }
      }
      if event.property("STATUS")?.value.uppercased() == "CANCELLED" { return }
      let (_, start) = try self.start(of: event)
      var single = serial(event, time: start.minutes)
      single.start = start.date
      single.end = start.date
      days[start.date.weekday, default: []].append(single)
    }

    /// `DTSTART` as written and on the local wall clock.
    mutating func start(of event: Component) throws(Diagnostic) -> (DateTime, LocalStart) {
      guard let property = event.property("DTSTART") else {
        throw error(event.line, "VEVENT has no DTSTART")
      }
      let written = try dateTime(
        property.value, zone: property.parameter("TZID"), line: property.line, what: "DTSTART")
      return (written, local(written, line: property.line))
    }

    /// The entry an event gives, before its dates: `SUMMARY`, the first line of
    /// `DESCRIPTION`, an http(s) `URL`, the author Youbi's own files keep in
    /// `X-YOUBI-AUTHOR`, and `UID` as its id (who the serial is, whatever its title
    /// says), except the UIDs Youbi writes (`…@youbi`), which come from a place in
    /// the week and say nothing about who it is.
    func serial(_ event: Component, time minutes: Int?) -> Serial {
      let summary = event.property("SUMMARY").map { oneLine(ICalendar.text($0.value)) } ?? ""
      let description = event.property("DESCRIPTION").map { ICalendar.text($0.value) }
      let note = description.flatMap(firstLine)
      let url = event.property("URL").flatMap { try? WebURL(checking: $0.value.trimmingSpaces) }
      let author = event.property("X-YOUBI-AUTHOR").map { oneLine(ICalendar.text($0.value)) }
      let uid = event.property("UID")?.value.trimmingSpaces
      return Serial(
        title: summary.isEmpty ? "(no title)" : summary, author: author, note: note,
        time: minutes.map { ReleaseTime(hour: $0 / 60, minute: $0 % 60)! }, url: url,
        id: uid.flatMap { $0.isEmpty || $0.hasSuffix("@youbi") ? nil : $0 })
    }

    /// A date or date-time on the local wall clock: a date stays as it is; a UTC time,
    /// or one in a known zone (the file's own first, then the database's), is moved to
    /// the local zone; a floating time, or one in an unknown zone, is taken as local.
    mutating func local(_ value: DateTime, line: Int) -> LocalStart {
      guard let seconds = value.seconds else { return LocalStart(date: value.date) }
      var instant: Int64? = nil
      if value.isUTC {
        instant = value.wallSeconds
      } else if let zone = value.zone {
        if let rules = rules[zone] {
          instant = rules.instant(ofLocal: value.wallSeconds)
        } else if let found = zones.instant(ofLocal: value.wallSeconds, inZone: zone) {
          instant = found
        } else if unknownZones.insert(zone).inserted, firstUnknownZone == nil {
          firstUnknownZone = (zone, line)
        }
      }
      guard let instant else { return LocalStart(date: value.date, minutes: seconds / 60) }
      let wall = instant + Int64(zones.localOffset(at: instant))
      let date = ZoneRules.date(wall)
      return LocalStart(date: date, minutes: Int(wall - Int64(date.daysSince1970) * 86_400) / 60)
    }
  }
}

extension Weekday {
  /// The weekday `days` later (earlier when negative).
  fileprivate func shifted(by days: Int) -> Weekday {
    Weekday(rawValue: CivilDate.floorMod(rawValue + days, 7))!
  }
}
