import Schedule
import TerminalUI
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// The file the notification tests' week is read from (never opened: the key of its marks).
private let weekPath = "/tmp/youbi-notify-week.json"

/// Wednesday: a release at 12:30, one at 25:30 (01:30 on Thursday), a starred-only
/// candidate at 13:00 and an untimed entry.
private func notifyWeek() -> Schedule {
  Schedule(
    title: "Anime",
    days: [
      .wednesday: [
        Serial(title: "Frieren", time: at("12:30"), start: date(2026, 10, 7)),
        Serial(title: "Late Show", time: at("25:30")),
        Serial(title: "Starred One", time: at("13:00")),
        Serial(title: "Untimed"),
      ]
    ])
}

/// A state on the notification week at `start` (Wednesday noon UTC unless given),
/// announcing `scope` `before` seconds early with OSC 9.
private func notifyState(
  _ scope: NotifyScope = .all, before: Int = 0, at start: WallTime = testWall, dayStarts: Int = 0
) -> AppState {
  var state = AppState(
    schedule: notifyWeek(), day: .wednesday, labels: .en, size: Size(width: 60, height: 12),
    wall: start, source: .file(weekPath))
  state.dayStartHour = dayStarts
  state.notify = NotifySettings(scope: scope, before: before, route: NotifyRoute(form: .osc9))
  return state
}

/// The notifications among `effects`.
private func notified(_ effects: [Effect]) -> [Notification] {
  effects.compactMap { if case .notify(let n) = $0 { n } else { nil } }
}

/// Runs `state` from `start` to `end` (seconds after it) the way the run loop does:
/// waking at each deadline it asks for, and claiming every release it asks for.
private func run(
  _ state: inout AppState, from start: WallTime, seconds end: Int64
) -> [(at: Int64, title: String)] {
  var sent: [(Int64, String)] = []
  var t = Duration.zero
  var effects = state.update(.timerFired, at: moment(t, from: start))
  while true {
    for n in notified(effects) {
      sent.append((t.components.seconds, n.title))
      _ = state.update(.notificationClaimed(n), at: moment(t, from: start))
    }
    guard let next = state.nextDeadline(after: t), next.components.seconds <= end else { break }
    t = max(next, t + .seconds(1))
    effects = state.update(.timerFired, at: moment(t, from: start))
  }
  return sent
}

@Suite struct NotifyTests {
  @Test func eachReleaseIsAnnouncedOnceAtItsTimeAndTheAppWakesForIt() {
    var state = notifyState()
    #expect(notified(state.update(.timerFired, at: .zero)).isEmpty)
    // The next look is the release at 12:30, half an hour on; nothing polls before it.
    #expect(state.notifyDeadline(after: .zero) == .seconds(1800))
    let due = notified(state.update(.timerFired, at: .seconds(1800)))
    #expect(due.map(\.title) == ["Frieren #9"])
    #expect(due.first?.body == "Anime · Wed 12:30")
    #expect(notified(state.update(.timerFired, at: .seconds(1801))).isEmpty)
    #expect(
      state.update(.notificationClaimed(due[0]), at: .seconds(1802)) == [
        .deliver(due[0]), .wake(at: state.nextDeadline(after: .seconds(1802))!),
      ])
    #expect(state.marks.wasNotified(due[0].key))
    #expect(notified(state.update(.timerFired, at: .seconds(1860))).isEmpty)
  }

  @Test func aDayOfWakesAnnouncesEveryReleaseOnceAndNothingElse() {
    var state = notifyState()
    let sent = run(&state, from: testWall, seconds: 2 * 86_400)
    // 12:30, 13:00 and 25:30 (01:30 Thursday) on Wednesday; next Wednesday is past the span.
    #expect(sent.map(\.at) == [1800, 3600, 48_600])
    #expect(sent.map(\.title) == ["Frieren #9", "Starred One", "Late Show"])
  }

  @Test func notifyBeforeAnnouncesThatMuchEarlier() {
    var state = notifyState(before: 300)
    #expect(notified(state.update(.timerFired, at: .zero)).isEmpty)
    #expect(state.notifyDeadline(after: .zero) == .seconds(1500))
    #expect(notified(state.update(.timerFired, at: .seconds(1499))).isEmpty)
    #expect(notified(state.update(.timerFired, at: .seconds(1500))).map(\.title) == ["Frieren #9"])
  }

  @Test func starredAnnouncesOnlyStarredSerialsAndAStarCountsAtOnce() {
    var state = notifyState(.starred)
    #expect(run(&state, from: testWall, seconds: 3600).isEmpty)
    var starred = notifyState(.starred)
    _ = starred.update(.timerFired, at: .zero)
    starred.marks.setStarred(
      true, SerialID(title: "Starred One"), in: .path(weekPath), at: testWall)
    _ = starred.marksChanged()
    #expect(starred.nextDeadline(after: .zero)! <= .seconds(3600))
    #expect(
      notified(starred.update(.timerFired, at: .seconds(3600))).map(\.title) == ["Starred One"])
  }

  @Test func offAnnouncesNothingAndAddsNoWake() {
    var state = notifyState(.off)
    #expect(run(&state, from: testWall, seconds: 86_400).isEmpty)
    #expect(state.notifyDeadline(after: .zero) == nil)
  }

  @Test func aReloadDoesNotAnnounceAgain() {
    var state = notifyState()
    let due = notified(state.update(.timerFired, at: .seconds(1800)))
    #expect(due.count == 1)
    // The file is read again (unchanged), and the state file answers before the claim
    // is back: the release is still not asked for twice.
    let reloaded = state.update(
      .scheduleLoaded(path: weekPath, .success(SafeSchedule.sections(of: notifyWeek()))),
      at: .seconds(1810))
    #expect(notified(reloaded).isEmpty)
    #expect(notified(state.update(.stateSynced(.success(Marks())), at: .seconds(1811))).isEmpty)
  }

  @Test func aReleaseAlreadyInTheStateFileIsNotAnnouncedByANewYoubi() {
    var first = notifyState()
    let due = notified(first.update(.timerFired, at: .seconds(1800)))
    _ = first.update(.notificationClaimed(due[0]), at: .seconds(1800))
    // A youbi started 40 seconds later, in the same minute, reads the state file.
    let later = WallTime(seconds: testWall.seconds + 1840)
    var second = notifyState(at: later)
    _ = second.update(.stateSynced(.success(first.marks)), at: moment(.zero, from: later))
    #expect(notified(second.update(.timerFired, at: moment(.seconds(1), from: later))).isEmpty)
    // Without the record it would have been told: the grace covers a restart.
    var third = notifyState(at: later)
    #expect(notified(third.update(.timerFired, at: moment(.seconds(1), from: later))).count == 1)
  }

  @Test func aYoubiStartedJustAfterAReleaseStillTellsOfItWithinTheGrace() {
    let start = WallTime(seconds: testWall.seconds + 1800 + 120)
    var late = notifyState(at: start)
    #expect(
      notified(late.update(.timerFired, at: moment(.zero, from: start))).map(\.title) == [
        "Frieren #9"
      ])
    let afterGrace = WallTime(seconds: testWall.seconds + 1800 + 301)
    var tooLate = notifyState(at: afterGrace)
    #expect(notified(tooLate.update(.timerFired, at: moment(.zero, from: afterGrace))).isEmpty)
  }

  @Test func theDayStartKeepsALateReleaseOnItsListedDayAndAnnouncesItOnce() {
    // With days starting at 05:00, 01:30 on Thursday is still Wednesday: the release
    // is Wednesday's 25:30, announced at its instant, once, across the rollover.
    var state = notifyState(dayStarts: 5)
    let sent = run(&state, from: testWall, seconds: 86_400)
    let late = sent.filter { $0.title == "Late Show" }
    #expect(late.map(\.at) == [48_600])
    var fresh = notifyState(dayStarts: 5)
    let body = notified(fresh.update(.timerFired, at: .seconds(48_600)))
      .first { $0.title == "Late Show" }?.body
    #expect(body == "Anime · Wed 25:30")
  }

  @Test func twoYoubisClaimingOneReleaseAnnounceItOnce() throws {
    let directory = TemporaryDirectory()
    let store = StateStore(path: directory.path + "/state/youbi/state.json", clock: SystemClock())
    var one = notifyState()
    var two = notifyState()
    let a = notified(one.update(.timerFired, at: .seconds(1800)))
    let b = notified(two.update(.timerFired, at: .seconds(1800)))
    #expect(a == b && a.count == 1)
    let first = try store.claim(a[0].key, at: moment(.seconds(1800)).wall)
    let second = try store.claim(b[0].key, at: moment(.seconds(1800)).wall)
    #expect(first.claimed && !second.claimed)
    #expect(second.synced.marks.wasNotified(a[0].key))
    // A save of marks that never heard of it keeps the record (a union).
    let saved = try store.save(Marks())
    #expect(saved.marks.wasNotified(a[0].key))
  }

  @Test func theRecordRoundTripsThroughTheStateFileAndIsForgottenAfterAWeek() throws {
    var marks = Marks()
    let key = NotificationKey(
      schedule: .path(weekPath), serial: SerialID(title: "Fri\u{1B}eren"),
      date: date(2026, 12, 2), minutes: 25 * 60 + 30)
    marks.recordNotified(key, at: testWall)
    let read = try Marks.decodeState(Marks.stateJSON(marks)).get()
    #expect(read == marks)
    marks.pruneNotified(before: date(2026, 12, 3))
    #expect(!marks.wasNotified(key))
  }
}
