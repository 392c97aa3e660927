import Schedule

/// Accounts: the tracker's progress as the start of the marks, and progress written back.
extension AppState {
  /// The list `section` comes from when it is a tracker account's.
  func account(of section: SectionState) -> WebURL? {
    guard case .url(let url)? = section.source, Account.list(at: url) != nil else { return nil }
    return url
  }

  /// Marks seen, in the sections of `group`, every release the tracker counts as seen
  /// (its episode is at most the entry's progress), stamped when the tracker's entry
  /// last changed: a mark changed here later wins, and one changed on the tracker later
  /// wins over it, as between two Youbis. Returns whether anything changed.
  ///
  /// - Complexity: O(shows × weeks kept).
  mutating func followTrackers(in group: [Int]) -> Bool {
    var changed = false
    let today = todayDate
    let floor = today.adding(days: -7 * Marks.retainedWeeks)
    for s in group {
      guard let schedule = sections[s].schedule, let url = account(of: sections[s]) else {
        continue
      }
      let key = marksKey(of: sections[s])
      for day in Weekday.allCases {
        let list = schedule[day]
        let ids = schedule.identities[day.rawValue]
        for i in list.indices {
          guard let progress = list[i].origin?.progress, let show = list[i].origin?.id else {
            continue
          }
          trackers.raise(show, on: url, to: progress.watched)
          guard progress.watched > 0 else { continue }
          let stamp = Stamp(isOn: true, time: max(1, (progress.updatedAt ?? 0) * 1000))
          let from = max(list[i].start ?? floor, floor)
          var date = from.adding(days: (day.rawValue - from.weekday.rawValue).wrapped(7))
          while date <= today.adding(days: 1) {
            defer { date = date.adding(days: 7) }
            guard list[i].appears(on: date), let n = list[i].episode(on: date) else { continue }
            if n > progress.watched { break }
            changed = marks.adopt(stamp, ids[i], in: key, on: date, episode: n) || changed
          }
        }
      }
    }
    return changed
  }

  /// The writes the marks now ask for: for each show of a written-back list, its highest
  /// episode marked seen, when that is above what the tracker is known to have.
  mutating func syncEffects() -> [Effect] {
    var effects: [Effect] = []
    for section in sections {
      guard let url = account(of: section), trackers.writable.contains(url),
        let schedule = section.schedule
      else { continue }
      let key = marksKey(of: section)
      var highest: [String: Int] = [:]
      for day in Weekday.allCases {
        let list = schedule[day]
        let ids = schedule.identities[day.rawValue]
        for i in list.indices {
          guard list[i].origin?.progress != nil, let show = list[i].origin?.id else { continue }
          let entry = marks.entry(ids[i], in: key)
          for (date, stamp) in entry.seen where stamp.isOn {
            guard let n = entry.episodes[date] ?? list[i].episode(on: date) else { continue }
            highest[show] = max(highest[show] ?? 0, n)
          }
          // A release marked by its item (a feed's) counts as one marked by its date.
          for mark in entry.items.values where mark.stamp.isOn {
            guard let n = mark.episode ?? list[i].episode(on: mark.date) else { continue }
            highest[show] = max(highest[show] ?? 0, n)
          }
        }
      }
      for (show, n) in highest.sorted(by: { $0.key < $1.key })
      where n > trackers.progress(of: show, on: url) {
        trackers.raise(show, on: url, to: n)
        effects.append(.sync(SyncRequest(account: url, show: show, progress: n)))
      }
    }
    return effects
  }

  /// Sending the queue of `account` ended: a refused token is said once; once the
  /// tracker is current its list is fetched again, so progress made elsewhere shows.
  mutating func synced(_ account: WebURL, _ outcome: SyncOutcome) {
    switch outcome {
    case .current:
      trackers.refusalSaid.remove(account)
      if let i = feedIndex(account) { feeds[i].requested = true }
    case .refused:
      guard trackers.refusalSaid.insert(account).inserted else { return }
      let name = Account.list(at: account).map { $0.tracker.name } ?? account.host
      notice = Notice(
        .account, "\(name) refused the token: progress kept to send later", isError: true)
    case .waiting:
      break
    }
  }
}

extension Marks {
  /// Takes the tracker's mark of a release, stamped `stamp`, unless a later change of it
  /// is here. Returns whether it changed.
  mutating func adopt(
    _ stamp: Stamp, _ id: SerialID, in schedule: ScheduleKey, on date: CivilDate, episode: Int
  ) -> Bool {
    if let horizon, date < horizon.monday { return false }
    let current = entry(id, in: schedule)
    if current.isForgotten(date) || current.isSeen(on: date) { return false }
    if let own = current.seen[date], own >= stamp { return false }
    update(id, in: schedule) { entry in
      entry.seen[date] = stamp
      entry.episodes[date] = episode
    }
    return true
  }
}
