import Schedule
import TerminalUI

/// Marks that an edit would orphan: a serial renamed in place keeps them.
extension AppState {
  /// Where a serial sits in a week: its weekday and its time.
  struct Slot: Hashable {
    var day: Weekday
    var time: ReleaseTime?
  }

  /// Before section `s` takes `new` in place of its week: the marks of each serial that
  /// left, when exactly one serial that was not there before sits in one of its slots
  /// (the same weekday and time), are copied to that one, and the footer says so.
  ///
  /// A mark that matches nothing stays in the state file (it may come back with the
  /// next edit) until it is older than what is kept.
  ///
  /// - Complexity: O(entries of both weeks).
  mutating func carryMarksOfRenamed(in s: Int, to new: SafeSchedule) {
    guard let old = sections[s].schedule else { return }
    let key = marksKey(of: sections[s])
    guard let remembered = marks.schedules[key], !remembered.isEmpty else { return }
    func slots(_ week: SafeSchedule) -> [SerialID: Set<Slot>] {
      var result: [SerialID: Set<Slot>] = [:]
      for day in Weekday.allCases {
        for (i, id) in week.identities[day.rawValue].enumerated() {
          result[id, default: []].insert(Slot(day: day, time: week[day][i].time))
        }
      }
      return result
    }
    let before = slots(old)
    let after = slots(new)
    let appeared = after.filter { before[$0.key] == nil }
    var moved: [(SerialID, SerialID)] = []
    for (id, places) in before where after[id] == nil && remembered[id] != nil {
      let candidates = appeared.filter { !$0.value.isDisjoint(with: places) }
      guard candidates.count == 1, let target = candidates.first?.key else { continue }
      marks.copy(id, to: target, in: key)
      moved.append((id, target))
    }
    guard let (from, to) = moved.first else { return }
    let more = moved.count > 1 ? " (+\(moved.count - 1))" : ""
    notice = Notice(
      .marks,
      labels.marksMoved(from: SafeText.sanitize(from.text), to: SafeText.sanitize(to.text)) + more)
  }
}

extension AppState {
  /// Marks that match no serial of their loaded schedule: those of a title that is
  /// now a serial known by an id (an added `"id"`, an iCalendar `UID`) go to that
  /// serial; those older than the backlog looks back (the same first date as
  /// `Backlog`) are forgotten. Returns whether any marks changed.
  ///
  /// Only schedules whose every section is loaded are looked at: marks of a file not
  /// read yet (or unreadable) match nothing for want of the file, not because of an edit.
  ///
  /// - Complexity: O(entries of the schedule) when it has marks.
  @discardableResult
  mutating func forgetOrphanedMarks() -> Bool {
    let first = todayDate.adding(days: 1 - 7 * backlogWeeks)
    var groups: [ScheduleKey: [SafeSchedule]] = [:]
    var unread = Set<ScheduleKey>()
    for section in sections {
      let key = marksKey(of: section)
      if let schedule = section.schedule {
        groups[key, default: []].append(schedule)
      } else {
        unread.insert(key)
      }
    }
    var changed = false
    for (key, weeks) in groups where !unread.contains(key) {
      guard let entries = marks.schedules[key] else { continue }
      var orphans = Set(entries.keys)
      for week in weeks where !orphans.isEmpty {
        for day in week.identities where !orphans.isEmpty {
          for id in day { orphans.remove(id) }
        }
      }
      if orphans.contains(where: { !$0.isSourceID }) {
        changed = giveTitlesMarks(orphans, in: key, to: weeks) || changed
      }
      for id in orphans where entries[id]?.hasMark(before: first) == true {
        marks.forget(id, in: key, before: first)
        changed = true
      }
    }
    return changed
  }

  /// Copies the marks of each title among `orphans` to the serial of `weeks` that has
  /// that title and is known by an id, when that one has none of its own yet.
  private mutating func giveTitlesMarks(
    _ orphans: Set<SerialID>, in key: ScheduleKey, to weeks: [SafeSchedule]
  ) -> Bool {
    var changed = false
    for week in weeks {
      for day in Weekday.allCases {
        for (i, id) in week.identities[day.rawValue].enumerated() where id.isSourceID {
          let title = SerialID(title: week[day][i].title)
          guard orphans.contains(title), marks.schedules[key]?[id] == nil else { continue }
          marks.copy(title, to: id, in: key)
          changed = true
        }
      }
    }
    return changed
  }
}
