import Schedule
import TerminalUI

/// Marking releases seen: `m`, `M` (catch up) and the `b` list of what is behind.
extension AppState {
  /// The kind of the selected section, whose words marks use.
  var selectedKind: SectionKind { kind(of: sections[current]) }

  /// What `section` holds: the config's `kind=` for its schedule, else the file's
  /// `"kind"`, else `other`.
  func kind(of section: SectionState) -> SectionKind {
    section.source.flatMap { kinds[$0] } ?? section.schedule?.kind ?? .other
  }

  /// `m`: the selected row's release seen (or not again).
  ///
  /// A release that has not come out is refused with a footer notice, unless `ahead`
  /// (from the detail box, on purpose); a break has nothing to mark.
  mutating func toggleSeenSelected(ahead: Bool) -> [Effect] {
    guard let release = selectedRelease else { return [] }
    let key = marksKey(of: sections[current])
    if release.onBreak && !ahead {
      notice = Notice(.marks, labels.breakNotMarked, isError: true)
      return []
    }
    let item = release.serial.releaseID
    let was = marks.isSeen(release.id, in: key, on: release.date, item: item)
    if !ahead && !isOut(release.serial, on: release.date) && !was {
      notice = Notice(.marks, labels.notOutYet, isError: true)
      return []
    }
    let now = marks.toggleSeen(
      release.id, in: key, on: release.date, episode: release.serial.episode(on: release.date),
      item: item, at: wall)
    if now == was {  // a date before the horizon: said, not silent
      notice = Notice(.marks, labels.markNotKept, isError: true)
      return []
    }
    return marksChanged()
  }

  /// `M`: the selected row's release and every older one of its serial still behind,
  /// marked seen (catching up). Refused like `m` for a release not out yet.
  mutating func catchUpSelected() -> [Effect] {
    guard let release = selectedRelease else { return [] }
    if release.onBreak {
      notice = Notice(.marks, labels.breakNotMarked, isError: true)
      return []
    }
    guard isOut(release.serial, on: release.date) else {
      notice = Notice(.marks, labels.notOutYet, isError: true)
      return []
    }
    return catchUp(release.id, section: current, through: release.date, serial: release.serial)
  }

  /// Marks seen every release of `id` behind in section `s` up to `date`, and the one
  /// on `date` (of `serial`); says how many in the footer.
  mutating func catchUp(_ id: SerialID, section s: Int, through date: CivilDate, serial: Serial)
    -> [Effect]
  {
    let key = marksKey(of: sections[s])
    var count = 0
    var releases = backlog.items.filter { $0.section == s && $0.id == id && $0.date < date }
      .map { ($0.date, sections[s].schedule?[$0.day][$0.index]) }
    releases.append((date, serial))
    for (day, entry) in releases where !marks.isSeen(id, in: key, on: day, item: entry?.releaseID) {
      marks.setSeen(
        true, id, in: key, on: day, episode: entry?.episode(on: day), item: entry?.releaseID,
        at: wall)
      count += 1
    }
    notice = Notice(.marks, labels.caughtUp(count, kind(of: sections[s])))
    return count > 0 ? marksChanged() : []
  }

  /// A key while the `b` list has focus: the list moves its cursor, and what it
  /// asks for (marking, closing) is carried out here.
  mutating func behindListKey(_ key: Key, _ list: BehindList) -> [Effect] {
    var list = list
    let items = behindItems
    let request = list.handle(key, count: items.count)
    focus = .behind(list)
    switch request {
    case .none: return []
    case .close:
      focus = .page
      return []
    case .open(let row), .choose(let row):
      guard let serial = serial(of: items[row]) else { return [] }
      if case .choose = request, serial.releaseID == nil {
        focus = .page  // Enter on a weekly release closes the list, as it always did
        return []
      }
      guard let url = serial.url else {
        notice = Notice(.link, labels.noLink, isError: true)
        return []
      }
      return open(url)  // a feed's release: its item's link (the chapter)
    case .mark(let row), .catchUp(let row):
      let item = items[row]
      guard let serial = serial(of: item) else { return [] }
      if request == .catchUp(row) {
        return catchUp(item.id, section: item.section, through: item.date, serial: serial)
      }
      marks.setSeen(
        true, item.id, in: marksKey(of: sections[item.section]), on: item.date,
        episode: serial.episode(on: item.date), item: serial.releaseID, at: wall)
      return marksChanged()
    }
  }

  /// The entry of the schedule a release of the `b` list stands for.
  private func serial(of item: Backlog.Item) -> Serial? {
    sections[item.section].schedule?[item.day][item.index]
  }
}
