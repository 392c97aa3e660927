import Foundation
import StateProbeSupport
import TestSupport
import Testing

@testable import Youbi

/// Whole processes saving the state file: killed mid-save, and two at once.
///
/// They run `youbi-state-probe`, built beside the test bundle, on a state file
/// in a temporary directory; every process started is waited for.
@Suite(.serialized) final class StateProcessTests {
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
    defer { (argv + envp).forEach { free($0) } }
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
  /// and never an older one than the last check saw.
  ///
  /// Bounded: 300 kills, or as many as fit in 8 seconds on a slow machine.
  @Test func aKillAtAnyMomentLeavesTheOldStateOrTheNew() throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    var rng = SplitMix64(seed: seed)
    let budget = ContinuousClock.now + .seconds(8)
    var iterations = 0
    var last = 0
    var advanced = 0
    for iteration in 0..<300 where ContinuousClock.now < budget {
      iterations += 1
      let child = try start(["crash", path])
      // One byte per finished save: wait for the first, then kill it within
      // the next one or two (a save takes a few milliseconds in a debug build).
      var byte: UInt8 = 0
      let first = read(child.output, &byte, 1)
      usleep(UInt32.random(in: 0...6_000, using: &rng))
      kill(child.pid, SIGKILL)
      let status = child.wait()
      #expect(first == 1, "iteration \(iteration), seed \(seed): the probe never saved")
      #expect(status & 0x7F == SIGKILL, "iteration \(iteration), seed \(seed): ended by itself")
      let bytes = try #require(dir.read("state/youbi/state.json"), "seed \(seed)")
      guard case .success(let marks) = Marks.decodeState(bytes) else {
        Issue.record("iteration \(iteration), seed \(seed): a torn file: \(bytes.count) bytes")
        return
      }
      guard let generation = ProbeGenerations.generation(of: marks) else {
        Issue.record("iteration \(iteration), seed \(seed): not one whole generation")
        return
      }
      #expect(generation > last, "iteration \(iteration), seed \(seed): went back to \(generation)")
      advanced += generation - last
      last = generation
    }
    // Never a bad file moved aside, and the temporary file is the only leftover.
    #expect(dir.list("state/youbi").allSatisfy { !$0.contains(".bad-") })
    print("crash test: \(iterations) kills, \(advanced) saves in all, seed \(seed)")
  }

  /// Two processes mark different serials at the same time; both keep every mark.
  @Test func twoProcessesMarkingAtOnceKeepEachOthersMarks() throws {
    let count = 60
    let a = try start(["mark", path, "a", "\(count)"])
    let b = try start(["mark", path, "b", "\(count)"])
    #expect(a.wait() == 0)
    #expect(b.wait() == 0)
    let marks = try StateStore(path: path).load().marks
    for prefix in ["a", "b"] {
      for i in 0..<count {
        let id = SerialID(title: "\(prefix)-\(i)")
        #expect(
          marks.isRead(id, in: ProbeGenerations.schedule, week: ProbeGenerations.week),
          "\(id) lost")
      }
    }
  }
}
