import Posix
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// The one atomic write: its temporary file's name, the sweep of a killed writer's
/// files, and the removal of this process's own at quit.
@Suite struct AtomicFileTests {
  let dir = TemporaryDirectory("youbi-atomic")

  /// A pid no process has: one that has just ended.
  func deadPid() -> pid_t {
    var pid = pid_t()
    var argv: [UnsafeMutablePointer<CChar>?] = [strdup("true"), nil]
    defer { free(argv[0]) }
    precondition(posix_spawn(&pid, "/bin/true", nil, nil, &argv, environ) == 0)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return pid
  }

  @Test func aWriteReplacesTheFileAndLeavesNoTemporary() throws {
    let path = dir.path + "/state.json"
    try AtomicFile.write(Array("one".utf8), to: path)
    try AtomicFile.write(Array("two".utf8), to: path)
    #expect(dir.text("state.json") == "two")
    #expect(dir.list("").filter { $0.contains(AtomicFile.marker) }.isEmpty)
  }

  @Test func theWritersPidIsReadFromTheName() {
    #expect(AtomicFile.writer(ofTemporary: "state.json.tmp-1234-9f3a") == 1234)
    #expect(AtomicFile.writer(ofTemporary: "a.body.tmp-1-2-headers.tmp-77-ab") == 77)
    #expect(AtomicFile.writer(ofTemporary: "state.json.tmp") == nil)
    #expect(AtomicFile.writer(ofTemporary: "state.json.tmp-12") == nil)
    #expect(AtomicFile.writer(ofTemporary: "state.json.tmp-x1-2") == nil)
    #expect(AtomicFile.writer(ofTemporary: "state.json.bad-20261201T000000Z") == nil)
  }

  @Test func aSweepRemovesOnlyWhatAGoneWriterLeft() {
    let gone = deadPid()
    dir.write("x", to: "state.json.tmp-\(gone)-1")
    dir.write("x", to: "other.tmp-\(gone)-1")
    dir.write("x", to: "state.json.tmp-1-2")  // init lives
    dir.write("x", to: "state.json.tmp-\(getpid())-3")  // this process's own
    dir.write("x", to: "state.json")
    let removed = AtomicFile.sweep(dir.path, only: "state.json")
    #expect(removed == ["state.json.tmp-\(gone)-1"])
    #expect(
      Set(dir.list("")) == [
        "other.tmp-\(gone)-1", "state.json.tmp-1-2", "state.json.tmp-\(getpid())-3", "state.json",
      ])
    #expect(AtomicFile.sweep(dir.path) == ["other.tmp-\(gone)-1"])
  }

  @Test func ownTemporariesStillOpenAreRemovedAtQuit() throws {
    var open = try AtomicFile.Temporary(beside: dir.path + "/a.body")
    try open.write(Array("partial".utf8))
    #expect(AtomicFile.removeOwnTemporaries(in: dir.path) == 1)
    #expect(access(open.path, F_OK) != 0)
    open.discard()
    #expect(AtomicFile.removeOwnTemporaries(in: dir.path) == 0)
  }

  @Test func aSaveRemovesTheTemporaryAKilledSaverLeft() throws {
    let gone = deadPid()
    let store = StateStore(path: dir.path + "/state.json", clock: SystemClock())
    _ = try store.save(sampleMarks())
    dir.write("{\"torn", to: "state.json.tmp-\(gone)-9")
    // Nothing changes, so nothing is written: the sweep is the lock's, not the write's.
    _ = try store.save(sampleMarks())
    #expect(dir.list("") == ["state.json", "state.json.lock"])
  }
}
