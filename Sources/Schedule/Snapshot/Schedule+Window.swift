/// The part of a schedule a snapshot keeps.
extension Schedule {
  /// The schedule with only the serials listed, or on a break, on some date of
  /// `dates`: whatever those dates show, it shows the same, in the same order.
  ///
  /// - Complexity: O(serials × dated entries' skips), each weekday's serials looked at
  ///   against that weekday's dates of the window.
  public func window(_ dates: Range<CivilDate>) -> Schedule { keeping(listed(in: dates)) }

  /// Whether the serial at a section, weekday and position is listed, or on a break, on
  /// some date of `dates`: what `window(_:)` keeps.
  public func listed(in dates: Range<CivilDate>) -> (Int, Weekday, Int) -> Bool {
    let all = (0..<max(0, dates.lowerBound.days(to: dates.upperBound))).map {
      dates.lowerBound.adding(days: $0)
    }
    let on = Weekday.allCases.map { day in all.filter { $0.weekday == day } }
    return { section, day, index in
      let serial = sections[section][day][index]
      return on[day.rawValue].contains { serial.isScheduled(on: $0) }
    }
  }

  /// The schedule with only the serials `keep` accepts (by section, weekday and position
  /// in its list), in their order; its title, sections (empty ones too) and warnings kept.
  public func keeping(_ keep: (_ section: Int, _ day: Weekday, _ index: Int) -> Bool)
    -> Schedule
  {
    var kept = self
    kept.sections = sections.indices.map { k in
      let section = sections[k]
      var days: [Weekday: [Serial]] = [:]
      for day in Weekday.allCases {
        days[day] = section[day].indices.filter { keep(k, day, $0) }.map { section[day][$0] }
      }
      var copy = Section(title: section.title, kind: section.kind, days: days)
      copy.timezone = section.timezone
      copy.timezoneLine = section.timezoneLine
      return copy
    }
    return kept
  }
}
