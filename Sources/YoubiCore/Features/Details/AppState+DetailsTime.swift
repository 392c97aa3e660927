import Schedule

/// The detail box's time line: the slot in local time and, when it differs, the
/// source's own weekday, time and zone beside it (`Sun 15:15 (Sun 23:15 JST)`).
extension AppState {
  /// The time line's text after its label, for `serial` listed on `date`; nil without a
  /// time.
  ///
  /// A viewer far from the source's zone asks when the broadcast is "there"; the
  /// source's slot comes from the airing it gave (`Origin.airing`), never from the
  /// local time worked back.
  func detailsTime(of serial: Serial, on date: CivilDate) -> String? {
    guard let time = serial.time else { return nil }
    guard let local = Self.release(serial, on: date),
      let source = sourceSlot(of: serial, near: local - Int64(wall.utcOffset))
    else { return time.description }
    let mine = localWall(local)
    let theirs = localWall(source.wall)
    guard mine != theirs else { return time.description }
    return "\(mine) (\(theirs) \(source.zone))"
  }

  /// A wall clock second (seconds since 1970 as if its zone were UTC) as weekday and
  /// 24-hour time.
  private func localWall(_ wall: Int64) -> String {
    let days = Int(floorDiv(wall, 86_400))
    let minutes = Int(wall - Int64(days) * 86_400) / 60
    let date = CivilDate(daysSince1970: days)
    let time = ReleaseTime(minutes: minutes)?.description ?? ""
    return labels.label(date.weekday) + " " + time
  }

  /// The source's wall clock second and zone name of the occurrence nearest the
  /// instant `utc`; nil when the source gave no slot or one Youbi cannot place.
  ///
  /// Repeating instants (bangumi-data's, AniList's) are of a broadcast in Japan by
  /// convention: they are shown in Japan Standard Time (UTC+9, with no daylight saving
  /// since 1951, so no zone lookup is needed).
  private func sourceSlot(of serial: Serial, near utc: Int64) -> (wall: Int64, zone: String)? {
    switch serial.origin?.airing {
    case .repeating(let first, let everyDays, _)?:
      let period = Int64(max(1, everyDays)) * 86_400
      let k = floorDiv(utc - first + period / 2, period)
      return (first + k * period + 9 * 3600, "JST")
    case .weekly(let slot)?:
      let base = Int64(slot.weekday.rawValue) * 86_400 + Int64(slot.minutes) * 60
      // 1970-01-05 was a Monday: the wall second of the slot in a week of that time.
      return (4 * 86_400 + base, Self.zoneLabel(slot.zone))
    // One release (a film, one AniList airing) has no slot, and its zone is unknown.
    case .once?, nil: return nil
    }
  }

  /// A zone's short name where it is well known, else its IANA name.
  static func zoneLabel(_ zone: String) -> String {
    switch zone {
    case "Asia/Tokyo": "JST"
    case "Asia/Seoul": "KST"
    case "Asia/Shanghai": "CST"
    default: zone
    }
  }

  private func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
  }
}
