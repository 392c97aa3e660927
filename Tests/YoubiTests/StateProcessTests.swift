import Foundation
import StateProbeSupport
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// Whole processes saving the state file: killed mid-save, and two at once.
///
/// They run `youbi-state-probe`, built beside the test bundle, on a state file
/// in a temporary directory; every process started is waited for.
@Suite(.serialized) final class StateProcessTests: @unchecked Sendable {
  /// In memory when /dev/shm is there: a process kill tests the rename, not
  /// the disk, and an fsync there costs nothing, so hundreds of runs take seconds.
  let dir = TemporaryDirectory(
    "youbi-process-test", under: access("/dev/shm", W_OK) == 0 ? "/dev/shm" : nil)
  var path: String { dir.path + "/state/youbi/state.json" }

  /// The probe program, next to the running test bundle.
  static let probe: String = {
    let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
    return (me as NSString).deletingLastPathComponent + "/youbi-state-probe"
  }()

  /// A running probe: its pid, and the read end of its standard output.
  struct Child {
    let pid: pid_t
    let output: Int32

    /// Waits for the child to end; its wait status.
    func wait() -> Int32 {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      close(output)
      return status
    }
  }

  /// Starts the probe with `arguments`, its standard output on a pipe, in the test environment.
  func start(_ arguments: [String]) throws -> Child {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    posix_spawn_file_actions_addclose(&actions, fds[1])
    let argv = ([Self.probe] + arguments).map { strdup($0) } + [nil]
    let envp = dir.environment().map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    let code = posix_spawn(&pid, Self.probe, &actions, nil, argv, envp)
    close(fds[1])
    guard code == 0 else {
      close(fds[0])
      throw POSIXError(POSIXErrorCode(rawValue: code) ?? .ENOENT)
    }
    return Child(pid: pid, output: fds[0])
  }

  /// Kills a process saving in a loop a few hundred times, at random moments
  /// inside its saves; every time, the file left must parse and hold one whole
  /// generation, the last one written or the one before (never torn or mixed),
  /// and never an older one than the last check saw. Every generation holds marks of
  /// feed releases by item (format 3) beside its week marks.
  ///
  /// Bounded: 300 kills, or as many as fit in 8 seconds on a slow machine.
  @Test func aKillAtAnyMomentLeavesTheOldStateOrTheNew() async throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    let run = try await offThePool { [self] in try killRepeatedly(seed: seed) }
    #expect(run.problems == [], "seed \(seed)")
    #expect(run.kills > 0)
    // Never a bad file moved aside.
    #expect(dir.list("state/youbi").allSatisfy { !$0.contains(".bad-") })
    print("crash test: \(run.kills) kills over \(run.saves) saves, seed \(seed)")
  }

  /// What `killRepeatedly` saw.
  struct CrashRun: Sendable {
    var kills = 0
    var saves = 0
    var problems: [String] = []
  }

  func killRepeatedly(seed: UInt64) throws -> CrashRun {
    var rng = SplitMix64(seed: seed)
    let budget = ContinuousClock.now + .seconds(8)
    var run = CrashRun()
    var last = 0
    for iteration in 0..<300 where ContinuousClock.now < budget && run.problems.isEmpty {
      let child = try start(["crash", path, "\(last)"])
      // One byte per finished save: wait for the first, then kill it within
      // the next one or two.
      var byte: UInt8 = 0
      let first = read(child.output, &byte, 1)
      usleep(UInt32.random(in: 0...6_000, using: &rng))
      kill(child.pid, SIGKILL)
      let status = child.wait()
      run.kills += 1
      func problem(_ text: String) { run.problems.append("iteration \(iteration): \(text)") }
      if first != 1 { problem("the probe never saved") }
      if status & 0x7F != SIGKILL { problem("the probe ended by itself (status \(status))") }
      guard let bytes = dir.read("state/youbi/state.json") else {
        problem("no state file")
        continue
      }
      guard case .success(let marks) = Marks.decodeState(bytes) else {
        problem("a torn file of \(bytes.count) bytes")
        continue
      }
      guard let generation = ProbeGenerations.generation(of: marks) else {
        problem("not one whole generation")
        continue
      }
      // Each generation holds feed releases marked by item: the file is format 3.
      if !String(decoding: bytes, as: UTF8.self).contains("\"version\": 3") {
        problem("generation \(generation) not written as format 3")
      }
      if generation <= last { problem("generation \(generation) after \(last)") }
      run.saves += generation - last
      last = generation
    }
    return run
  }

  /// Two processes mark different serials at the same time, and different items of one
  /// feed serial; both keep every mark.
  @Test func twoProcessesMarkingAtOnceKeepEachOthersMarks() async throws {
    let count = 60
    let statuses = try await offThePool { [self] in
      let a = try start(["mark", path, "a", "\(count)"])
      let b = try start(["mark", path, "b", "\(count)"])
      return [a.wait(), b.wait()]
    }
    #expect(statuses == [0, 0])
    let marks = try StateStore(path: path, clock: SystemClock()).load().marks
    var lost: [String] = []
    for prefix in ["a", "b"] {
      for i in 0..<count {
        let id = SerialID(title: "\(prefix)-\(i)")
        if !marks.isRead(id, in: ProbeGenerations.schedule, week: ProbeGenerations.week) {
          lost.append(id.text)
        }
        let item = "\(prefix)-\(i)"
        if !marks.isSeen(
          ProbeGenerations.feed, in: ProbeGenerations.schedule,
          on: ProbeGenerations.week.monday, item: item)
        {
          lost.append("item " + item)
        }
      }
    }
    #expect(lost == [])
  }
}

/// Runs blocking `body` on a thread of its own and awaits it.
///
/// Swift Testing runs tests on a small shared pool (two threads on a
/// two-core machine); a test that blocks on processes for seconds there
/// starves every async test beside it. Expectations stay in the caller,
/// which has the test's context.
func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread { continuation.resume(with: Result { try body() }) }
    thread.stackSize = 8 << 20
    thread.start()
  }
}
