import Schedule

/// The detail box's slots: the TV broadcast and each streaming platform's, each in local
/// time with the source's (JST) beside it when it differs, and its next release.
extension AppState {
  /// The slot lines of `serial`, under their heading (a line of no value), each as the
  /// slot's name (its label, after which a wrapped line goes on) and its time; empty when
  /// its source gives no platform slots (then the time line says all).
  ///
  /// The slot it is placed on (`watch-on`) is marked `▸`. Each slot's local time is
  /// worked out with the local offset at its own next release (the zone's offsets come
  /// with the clock, `WallTime.zone`), so a slot whose next release falls after a
  /// daylight-saving change is shown in the time it will have then, whatever the others.
  func detailsSlots(of serial: Serial, on weekday: Weekday) -> [(label: String, value: String)] {
    guard let origin = serial.origin, !origin.slots.isEmpty else { return [] }
    var lines = [(label: "", value: labels.detailsSlots)]
    if let tv = origin.tv {
      lines.append(slotLine(labels.tvSlot, tv, placed: origin.platform == nil))
    }
    for slot in origin.slots {
      lines.append(slotLine(slot.name, slot.airing, placed: origin.platform == slot.site))
    }
    return lines
  }

  /// `▸ Crunchyroll `, `Sun 17:15 (Mon 01:15 JST), next 27 Oct`.
  private func slotLine(_ name: String, _ airing: Airing, placed: Bool) -> (
    label: String, value: String
  ) {
    let label = (placed ? "▸ " : "  ") + name + " "
    let now = wall.seconds
    switch airing {
    case .once(let t):
      let (date, time) = slotWall(local(t), dayStart: dayStartHour)
      return (label, labels.slotOnce(date) + " " + time + jst(t))
    case .repeating(let first, let every, let last):
      let period = Int64(max(1, every)) * 86_400
      let k = now <= first ? 0 : (now - first + period - 1) / period
      let next = first + k * period
      let ended = last.map { next > $0 } ?? false
      let shown = ended ? first + max(0, k - 1) * period : next
      let (date, time) = slotWall(local(shown), dayStart: dayStartHour)
      let day = every == 1 ? "" : labels.label(date.weekday) + " "
      return (label, day + time + jst(shown) + (ended ? labels.slotEnded : labels.slotNext(date)))
    case .weekly(let slot):
      // A slot in Japan's wall time (Jikan, MyAnimeList) is a repeating instant: Japan
      // keeps no daylight saving time.
      guard slot.zone == "Asia/Tokyo" else {
        let theirs =
          labels.label(slot.weekday) + " " + (ReleaseTime(minutes: slot.minutes)?.description ?? "")
        return (label, theirs + " " + Self.zoneLabel(slot.zone))
      }
      // From its first date, else the week of 1970-01-05 (a Monday).
      let day = slot.first?.daysSince1970 ?? 4 + slot.weekday.rawValue
      let first = Int64(day) * 86_400 + Int64(slot.minutes) * 60 - 9 * 3600
      let last = slot.last.map { Int64($0.daysSince1970 + 1) * 86_400 }
      return slotLine(name, .repeating(first: first, everyDays: 7, last: last), placed: placed)
    }
  }

  /// The local wall clock second of the instant `t`, with the local offset at `t`.
  private func local(_ t: Int64) -> Int64 { t + Int64(wall.offset(at: t)) }

  /// ` (Mon 01:15 JST)`, or nothing when Japan's wall clock reads as the local one.
  private func jst(_ t: Int64) -> String {
    guard wall.utcOffset != 9 * 3600 else { return "" }
    let (date, time) = slotWall(t + 9 * 3600, dayStart: 0)
    return " (" + labels.label(date.weekday) + " " + time + " JST)"
  }

  /// A wall-clock second as the date of its day (from `dayStart`) and its time on that
  /// day's 30-hour clock.
  private func slotWall(_ wall: Int64, dayStart: Int) -> (CivilDate, String) {
    var day = (wall - Int64(dayStart) * 3600) / 86_400
    if wall - Int64(dayStart) * 3600 < 0 && (wall - Int64(dayStart) * 3600) % 86_400 != 0 {
      day -= 1
    }
    let minutes = Int((wall - day * 86_400) / 60)
    return (CivilDate(daysSince1970: Int(day)), ReleaseTime(minutes: minutes)?.description ?? "")
  }
}
