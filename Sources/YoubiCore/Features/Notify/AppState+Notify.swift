import Schedule
import TerminalUI

/// Announcing releases while Youbi runs: the decisions, as effects and a deadline.
///
/// The runtime performs `.notify` by claiming the release in the state file under its
/// lock (so of two youbis, or of a youbi and the one it replaced within the minute,
/// one announces it) and reports `.notificationClaimed`; only then does the app ask for
/// `.deliver`, the bytes or the command.
extension AppState {
  /// How late a release may still be announced, in seconds: a youbi started, or woken
  /// from a suspend, a little after a release still tells of it.
  public static let notifyGrace: Int64 = 300
  /// How far ahead a scan looks, and how long before it looks again when nothing is due.
  static let notifyHorizon: Int64 = 86_400

  /// The releases due now, as `.notify` effects; plans the next look.
  ///
  /// - Complexity: O(timed serials) when the plan is stale or its time has come, else O(1).
  mutating func notifyIfDue() -> [Effect] {
    guard notify.scope != .off else { return [] }
    let now = wall.localSeconds
    if !notifications.stale, let next = notifications.nextAt, now < next { return [] }
    let before = Int64(notify.before)
    var weeks: [any WeekOfSerials] = []
    var owners: [(section: Int, schedule: SafeSchedule, key: ScheduleKey)] = []
    for (k, section) in sections.enumerated() {
      guard let schedule = section.schedule else { continue }
      weeks.append(schedule)
      owners.append((k, schedule, marksKey(of: section)))
    }
    let state = self
    let found = Releases.between(
      weeks, from: now + before - Self.notifyGrace, through: now + before + Self.notifyHorizon
    ) { k, day, index in
      let id = owners[k].schedule.identities[day.rawValue][index]
      // A row a tracker's row stands for is announced as the tracker's, once.
      if state.sections[owners[k].section].joined.contains(id) { return false }
      switch state.notify.scope {
      case .all, .off: return true
      case .starred: return state.marks.isStarred(id, in: owners[k].key)
      case .followed: return state.follows(id, in: state.sections[owners[k].section])
      }
    }
    var effects: [Effect] = []
    var next = now + Self.notifyHorizon
    for release in found {
      let owner = owners[release.section]
      let id = owner.schedule.identities[release.date.weekday.rawValue][release.index]
      let key = NotificationKey(
        schedule: owner.key, serial: id, date: release.date, minutes: release.time.minutes)
      if notifications.asked.contains(key) || marks.wasNotified(key) { continue }
      let at = release.local - before
      if at > now {
        next = min(next, at)
        continue
      }
      notifications.asked.insert(key)
      effects.append(.notify(notification(release, key: key, section: owner.section)))
    }
    notifications.nextAt = next
    notifications.stale = false
    return effects
  }

  /// The words of `release`'s notification: `Frieren #8`, and `Anime · Sat 23:30` (` (expected)`
  /// after the time of a feed's inferred next release).
  func notification(_ release: Release, key: NotificationKey, section: Int) -> Notification {
    let serial = release.serial  // safe text: from a SafeSchedule
    var title = serial.title.isEmpty ? "(untitled)" : serial.title
    if let episode = release.episode { title += " #\(episode)" }
    let name = SafeText.sanitize(sections[section].name)
    var when = labels.label(release.date.weekday) + " " + release.time.description
    // A feed's next release is inferred, not announced: the notification says so.
    if serial.origin?.isExpected == true { when += labels.expected }
    return Notification(
      key: key, title: title, body: name.isEmpty ? when : name + " · " + when,
      route: notify.route)
  }

  /// A release this youbi won the claim to: remember it, say so in the footer when the
  /// route has no words of its own (the bell), and send it.
  mutating func notificationClaimed(_ notification: Notification) -> [Effect] {
    marks.recordNotified(notification.key, at: wall)
    marks.pruneNotified(before: todayDate.adding(days: -Marks.notifiedDays))
    if notification.route.needsNotice {
      notice = Notice(.notification, labels.released(notification.line))
    }
    return [.deliver(notification)]
  }

  /// The instant to look again for a release to announce, on the monotonic clock.
  func notifyDeadline(after now: Duration) -> Duration? {
    guard notify.scope != .off, let next = notifications.nextAt else { return nil }
    return now + .seconds(max(0, next - wall.localSeconds))
  }
}
