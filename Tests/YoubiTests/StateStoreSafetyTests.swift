import Foundation
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// What is planted in or beside the state directory is never written through, and a
/// directory others could plant in is refused, as ssh refuses such a `~/.ssh`.
@Suite struct StateStoreSafetyTests {
  let dir = TemporaryDirectory("youbi-state-safety")
  var state: String { dir.path + "/state" }
  var file: String { state + "/state.json" }

  func makeState(mode: mode_t = 0o700) {
    mkdir(state, 0o700)
    chmod(state, mode)
  }

  @Test func aLinkPlantedAsTheTemporaryFileIsNeverWrittenThrough() throws {
    makeState()
    let victim = dir.write("precious", to: "victim")
    symlink(victim, file + ".tmp")
    _ = try StateStore(path: file, clock: SystemClock()).save(sampleMarks())
    #expect(dir.read("victim") == Array("precious".utf8))
    var info = stat()
    #expect(lstat(file, &info) == 0 && info.st_mode & S_IFMT == S_IFREG, "state.json is a file")
    #expect(try StateStore(path: file, clock: SystemClock()).load().marks == sampleMarks())
    #expect(!dir.list("state").contains { $0.hasPrefix("state.json.tmp-") }, "no temporary left")
  }

  @Test func aDanglingLockLinkCreatesNothingOutside() {
    makeState()
    let outside = dir.path + "/created-outside"
    symlink(outside, file + ".lock")
    #expect(throws: StateFileError.self) {
      try StateStore(path: file, clock: SystemClock()).save(sampleMarks())
    }
    #expect(!FileManager.default.fileExists(atPath: outside))
  }

  @Test func aDirectoryOthersMayWriteInIsRefused() {
    makeState(mode: 0o777)
    #expect {
      try StateStore(path: file, clock: SystemClock()).save(sampleMarks())
    } throws: { error in
      (error as? StateFileError)?.message.contains("is writable by others") == true
    }
    #expect {
      try StateStore(path: file, clock: SystemClock()).load()
    } throws: { error in
      (error as? StateFileError)?.message.contains("youbi will not use it") == true
    }
    #expect(!FileManager.default.fileExists(atPath: file))
  }

  @Test func aNewStateDirectoryIsPrivate() throws {
    _ = try StateStore(path: file, clock: SystemClock()).save(sampleMarks())
    var info = stat()
    #expect(stat(state, &info) == 0 && info.st_mode & 0o777 == 0o700)
  }

  /// A FIFO in place of state.json once stalled every read and the quit: refused at once.
  @Test(.timeLimit(.minutes(1))) func aFIFOStateFileIsRefused() {
    makeState()
    mkfifo(file, 0o600)
    #expect {
      try StateStore(path: file, clock: SystemClock()).load()
    } throws: { error in
      (error as? StateFileError)?.message.contains("is not a regular file") == true
    }
  }
}
