import Schedule

/// One release as notifications know it: which serial of which schedule, on which date
/// at which time. What the state file keeps so each release is announced once.
public struct NotificationKey: Hashable, Sendable {
  public var schedule: ScheduleKey
  public var serial: SerialID
  /// The date the release is listed under.
  public var date: CivilDate
  /// Its time on the 30-hour clock, in minutes.
  public var minutes: Int

  public init(schedule: ScheduleKey, serial: SerialID, date: CivilDate, minutes: Int) {
    self.schedule = schedule
    self.serial = serial
    self.date = date
    self.minutes = minutes
  }
}

/// A notification to send: what it is about and its words, already safe
/// (`SafeSchedule` text).
public struct Notification: Equatable, Sendable {
  public var key: NotificationKey
  /// `Frieren #8`.
  public var title: String
  /// `Anime · Sat 23:30`.
  public var body: String
  public var route: NotifyRoute

  public init(key: NotificationKey, title: String, body: String, route: NotifyRoute) {
    self.key = key
    self.title = title
    self.body = body
    self.route = route
  }

  /// The one text of a form that has no title of its own (OSC 9): `Frieren #8 — Anime ·
  /// Sat 23:30`.
  public var line: String { title + " — " + body }
}
