/// Youbi's own format with a `"timezone"`: times written in one zone, shown in another.
extension Schedule {
  /// The schedule with every timed entry of a section that names its zone placed on
  /// `calendar`: the listed weekday and time are a wall time in that zone, converted
  /// week by week. Entries without a time stay on their weekday.
  ///
  /// - Throws: an error naming the `"timezone"` line for a zone the database does not
  ///   know.
  func placingZones(on calendar: LocalCalendar) throws(Diagnostic) -> Schedule {
    guard sections.contains(where: { $0.timezone != nil }) else { return self }
    var placer = LocalCalendar.Placer(calendar)
    var placed = self
    for (i, section) in sections.enumerated() {
      guard let zone = section.timezone else { continue }
      var days: [Weekday: [Serial]] = [:]
      for day in Weekday.allCases {
        for serial in section[day] {
          guard let time = serial.time else {
            days[day, default: []].append(serial)
            continue
          }
          let slot = ZonedSlot(
            weekday: day, minutes: time.minutes, zone: zone, first: serial.start,
            last: serial.end, skip: serial.skip)
          // Episodes count from `start` as in a file without a zone; a single date has none.
          let numbered = serial.start != nil && serial.start != serial.end
          guard
            let entries = placer.place(
              serial, .weekly(slot), episode: numbered ? (index: 0, number: 1) : nil)
          else {
            throw Diagnostic(
              .error, line: section.timezoneLine, column: section.timezoneLine.map { _ in 1 },
              path: sections.count > 1 ? "sections[\(i)].timezone" : "timezone",
              "unknown time zone \"\(zone.prefix(40))\"")
          }
          for (weekday, entry) in entries { days[weekday, default: []].append(entry) }
        }
      }
      var moved = Section(title: section.title, days: days)
      moved.timezone = zone
      placed.sections[i] = moved
    }
    return placed
  }
}
