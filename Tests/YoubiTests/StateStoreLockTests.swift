import Foundation
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// Another youbi holding the state file's lock: a save waits for it, bounded,
/// and then says so instead of writing unlocked.
@Suite struct StateStoreLockTests {
  let dir = TemporaryDirectory("youbi-state-lock")
  var file: String { dir.path + "/state/state.json" }

  /// Takes the lock as another youbi would: its own open file description.
  func holdLock() -> Int32 {
    mkdir(dir.path + "/state", 0o700)
    let fd = open(file + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    precondition(fd >= 0 && flock(fd, LOCK_EX) == 0, "cannot take the lock")
    return fd
  }

  @Test func aSaveWaitsForALockReleasedSoon() throws {
    let held = holdLock()
    // Released once the save has tried for it a few times (its wait reads the clock
    // once a try), not after a guessed time.
    let clock = CountingClock()
    let released = Thread {
      _ = clock.wait(for: 5, after: 0)
      close(held)
    }
    released.start()
    let synced = try StateStore(path: file, clock: clock).save(sampleMarks())
    #expect(synced.marks == sampleMarks())
    #expect(try StateStore(path: file, clock: SystemClock()).load().marks == sampleMarks())
  }

  @Test func aLockHeldPastTheBoundIsReportedAndNothingIsWritten() throws {
    let held = holdLock()
    defer { close(held) }
    var store = StateStore(path: file, clock: SystemClock())
    store.lockTimeout = .milliseconds(100)
    let error = #expect(throws: StateFileError.self) { try store.save(sampleMarks()) }
    #expect(error?.reason == .locked)
    #expect(!FileManager.default.fileExists(atPath: file), "written without the lock")
  }
}
