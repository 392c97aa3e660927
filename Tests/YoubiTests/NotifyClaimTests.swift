import Schedule
import Synchronization
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// A system clock that counts how often it is read: a lock's wait reads it once a
/// try, so a test can wait for tries instead of for time.
final class CountingClock: AppClock, Sendable {
  private let reads = Mutex<Int>(0)
  var count: Int { reads.withLock { $0 } }
  func now() -> Moment {
    reads.withLock { $0 += 1 }
    return SystemClock().now()
  }

  /// Waits (at most 10 s) until the clock has been read `n` times more than `from`.
  func wait(for n: Int, after from: Int) -> Bool {
    for _ in 0..<10_000 {
      if count >= from + n { return true }
      usleep(1_000)
    }
    return false
  }
}

/// Claims of releases in the state file: each release recorded once, and never
/// sent unrecorded, whatever the load.
@Suite struct NotifyClaimTests {
  let dir = TemporaryDirectory("youbi-claims")
  var file: String { dir.path + "/state/state.json" }

  func release(_ n: Int) -> Notification {
    Notification(
      key: NotificationKey(
        schedule: .path("/w.json"), serial: SerialID(title: "Serial \(n)"),
        date: CivilDate(year: 2026, month: 12, day: 2)!, minutes: n),
      title: "Serial \(n)", body: "Anime", route: NotifyRoute(form: .osc9))
  }

  func claimed(_ events: [AppEvent]) -> [Notification] {
    events.compactMap { if case .notificationClaimed(let n) = $0 { n } else { nil } }
  }

  @Test func manyReleasesAtOnceAreEachRecordedAndSentOnce() throws {
    let store = StateStore(path: file, clock: SystemClock())
    let notifier = Notifier()
    let background = Background()
    let posted = Posted()
    let releases = (0..<300).map(release)
    for n in releases {
      notifier.claim(n, in: store, at: testWall, on: background, post: posted.post)
    }
    let events = posted.wait { claimed($0).count >= 300 && background.count == 0 }
    #expect(claimed(events).count == 300)
    #expect(Set(claimed(events).map(\.key)).count == 300)
    let marks = try store.load().marks
    #expect(releases.allSatisfy { marks.wasNotified($0.key) })
    // Asked again (a restart), none is sent twice.
    let again = Posted()
    for n in releases.prefix(20) {
      notifier.claim(n, in: store, at: testWall, on: background, post: again.post)
    }
    let synced = again.wait { $0.contains { if case .stateSynced = $0 { true } else { false } } }
    #expect(!synced.isEmpty)
    #expect(claimed(again.all).isEmpty)
  }

  @Test func aClaimThatFindsTheLockHeldIsTriedAgainNeverAssumed() throws {
    mkdir(dir.path + "/state", 0o700)
    let held = open(file + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    #expect(held >= 0 && flock(held, LOCK_EX) == 0)
    let clock = CountingClock()
    var store = StateStore(path: file, clock: clock)
    store.lockTimeout = .milliseconds(20)
    let posted = Posted()
    let background = Background()
    Notifier().claim(release(1), in: store, at: testWall, on: background, post: posted.post)
    // Many tries, each past its 20 ms: nothing is sent while nothing is recorded.
    #expect(clock.wait(for: 40, after: 0))
    #expect(claimed(posted.all).isEmpty)
    close(held)
    let events = posted.wait { claimed($0).count == 1 && background.count == 0 }
    #expect(claimed(events).map(\.key) == [release(1).key])
    #expect(try store.load().marks.wasNotified(release(1).key))
  }

  @Test func aClaimStillLockedWhenYoubiQuitsIsNotSent() {
    mkdir(dir.path + "/state", 0o700)
    let held = open(file + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    defer { close(held) }
    #expect(flock(held, LOCK_EX) == 0)
    var store = StateStore(path: file, clock: SystemClock())
    store.lockTimeout = .milliseconds(20)
    let posted = Posted()
    let background = Background()
    Notifier().claim(release(1), in: store, at: testWall, on: background, post: posted.post)
    #expect(background.stop(waitingUpTo: .seconds(10)))
    #expect(posted.all.isEmpty)
  }
}
