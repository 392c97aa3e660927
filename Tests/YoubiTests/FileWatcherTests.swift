import Synchronization
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// What a watcher reported, collected from its thread.
final class Reports: Sendable {
  let paths = Mutex<[String]>([])

  func add(_ changed: [String]) { paths.withLock { $0 += changed } }

  /// Waits (polling, up to 20 s) until `path` has been reported; true if it was.
  /// A report comes within milliseconds; the long bound is for a machine
  /// loaded by the rest of the suite running beside it.
  func wait(for path: String) -> Bool {
    for _ in 0..<4000 {
      if paths.withLock({ $0.contains(path) }) { return true }
      usleep(5_000)
    }
    return false
  }

  var all: [String] { paths.withLock { $0 } }
  func clear() { paths.withLock { $0.removeAll() } }
}

/// inotify on a real temporary directory: every way an editor saves is seen.
@Suite(.serialized) struct FileWatcherTests {
  func watch(_ paths: [String], _ reports: Reports) -> (FileWatcher?, [String]) {
    var failures: [String] = []
    let watcher = FileWatcher(
      paths: paths, report: { reports.add($0) }, failed: { failures.append($0) })
    return (watcher, failures)
  }

  @Test func anEditInPlaceIsSeen() throws {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    let file = dir.write("one", to: "week.json")
    let reports = Reports()
    let (watcher, failures) = watch([file], reports)
    defer { watcher?.stop() }
    #expect(failures.isEmpty)
    dir.write("two", to: "week.json")
    #expect(reports.wait(for: file))
  }

  @Test func aNewFileRenamedOverTheOldIsSeen() throws {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    let file = dir.write("one", to: "week.json")
    let reports = Reports()
    let (watcher, _) = watch([file], reports)
    defer { watcher?.stop() }
    let temporary = dir.write("two", to: ".week.json.swp")
    #expect(rename(temporary, file) == 0)
    #expect(reports.wait(for: file))
    #expect(Set(reports.all) == [file])  // the temporary file is not ours
  }

  @Test func aDeletedFileAndItsReturnAreSeen() throws {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    let file = dir.write("one", to: "week.json")
    let reports = Reports()
    let (watcher, _) = watch([file], reports)
    defer { watcher?.stop() }
    unlink(file)
    #expect(reports.wait(for: file))
    reports.clear()
    dir.write("back", to: "week.json")
    #expect(reports.wait(for: file))
  }

  @Test func otherFilesInTheDirectoryAreNotReported() throws {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    let file = dir.write("one", to: "week.json")
    let reports = Reports()
    let (watcher, _) = watch([file], reports)
    defer { watcher?.stop() }
    dir.write("x", to: "notes.txt")
    dir.write("two", to: "week.json")  // events arrive in order: notes.txt's came first
    #expect(reports.wait(for: file))
    #expect(Set(reports.all) == [file])
  }

  @Test func anEditThroughASymbolicLinksTargetIsSeen() throws {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    mkdir(dir("dotfiles"), 0o700)
    mkdir(dir("config"), 0o700)
    let target = dir.write("one", to: "dotfiles/week.json")
    let link = dir("config/week.json")
    #expect(symlink(target, link) == 0)
    let reports = Reports()
    let (watcher, failures) = watch([link], reports)
    defer { watcher?.stop() }
    #expect(failures.isEmpty)
    dir.write("two", to: "dotfiles/week.json")
    #expect(reports.wait(for: link))
  }

  @Test func aDirectoryThatIsNotThereIsReported() throws {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    let reports = Reports()
    let (watcher, failures) = watch([dir("gone/week.json")], reports)
    defer { watcher?.stop() }
    #expect(failures == ["cannot watch \(dir("gone")): no such directory"])
  }

  @Test func stopEndsTheThreadAndClosesEverything() throws {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    let file = dir.write("one", to: "week.json")
    let reports = Reports()
    let (made, _) = watch([file], reports)
    let watcher = try #require(made)
    let held = watcher.descriptors
    #expect(held.map(link) == ["anon_inode:inotify", "pipe", "pipe"])
    watcher.stop()  // joins the thread, then closes
    // Each is closed (or, at worst, already reused by another test for something else).
    #expect(link(held[0]) != "anon_inode:inotify")
  }

  /// What `/proc/self/fd/N` points to, with pipe numbers cut off.
  private func link(_ fd: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    let n = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
    guard n > 0 else { return "closed" }
    let text = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return text.hasPrefix("pipe:") ? "pipe" : text
  }

}

/// What is watched follows the paths as given: a link pointed elsewhere, a directory
/// removed and made again.
@Suite(.serialized) struct FileWatcherRearmTests {
  func watch(_ paths: [String], _ reports: Reports) -> FileWatcher? {
    FileWatcher(paths: paths, report: { reports.add($0) }, failed: { _ in })
  }

  @Test func aLinkPointedElsewhereIsFollowedToItsNewTarget() throws {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    dir.write("one", to: "old/week.json")
    let target = dir.write("two", to: "new/week.json")
    let link = dir("week.json")
    #expect(symlink(dir("old/week.json"), link) == 0)
    let reports = Reports()
    let watcher = watch([link], reports)
    defer { watcher?.stop() }
    #expect(symlink(target, dir(".week.json.link")) == 0)
    #expect(rename(dir(".week.json.link"), link) == 0)  // what ln -sfn does
    #expect(reports.wait(for: link))
    reports.clear()
    dir.write("three", to: "new/week.json")
    #expect(reports.wait(for: link))
  }

  /// What is watched for a link, before and after it is pointed elsewhere: its own
  /// directory for its name, and its target's, the old one no more.
  @Test func theOldTargetIsWatchedNoMore() throws {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    dir.write("one", to: "old/week.json")
    dir.write("two", to: "new/week.json")
    let link = dir("week.json")
    #expect(symlink(dir("old/week.json"), link) == 0)
    let fd = inotify_init1(Int32(IN_CLOEXEC))
    defer { close(fd) }
    var table = FileWatcher.Table(inotify: fd, paths: [link])
    func watched() -> Set<String> {
      Set(table.entries.values.flatMap { $0.map { "\($0.directory)/\($0.name)" } })
    }
    #expect(table.arm().isEmpty)
    #expect(watched() == [link, dir("old/week.json")])
    #expect(unlink(link) == 0 && symlink(dir("new/week.json"), link) == 0)
    #expect(table.arm().isEmpty)
    #expect(watched() == [link, dir("new/week.json")])
  }

  @Test func aDirectoryRemovedAndMadeAgainIsWatchedAgain() throws {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    let file = dir.write("one", to: "a/b/week.json")
    let reports = Reports()
    let watcher = watch([file], reports)
    defer { watcher?.stop() }
    #expect(unlink(file) == 0 && rmdir(dir("a/b")) == 0 && rmdir(dir("a")) == 0)
    #expect(reports.wait(for: file))
    reports.clear()
    #expect(mkdir(dir("a"), 0o755) == 0)
    #expect(reports.wait(for: file))  // on the way back: it may hold the file already
    #expect(mkdir(dir("a/b"), 0o755) == 0)
    reports.clear()
    dir.write("back", to: "a/b/week.json")
    #expect(reports.wait(for: file))
  }

  @Test func rearmingWhatDidNotMoveChangesNothing() throws {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    let file = dir.write("one", to: "week.json")
    let reports = Reports()
    let watcher = try #require(watch([file], reports))
    defer { watcher.stop() }
    watcher.rearm()
    watcher.rearm()
    dir.write("two", to: "week.json")
    #expect(reports.wait(for: file))
    #expect(reports.all == [file])
  }
}
