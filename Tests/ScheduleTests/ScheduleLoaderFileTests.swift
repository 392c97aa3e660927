import JSON
import TerminalUI
import TestSupport
import Testing

@testable import Schedule

#if canImport(Glibc)
  import Glibc
#endif

/// Each test gets a fresh directory, removed with everything in it when the test ends.
@Suite(.serialized) struct ScheduleLoaderFileTests {
  let temporary = TemporaryDirectory("youbi-schedule-test")
  var dir: String { temporary.path }

  func write(_ text: String, to path: String) {
    temporary.write(text, to: String(path.dropFirst(dir.count + 1)))
  }

  @Test func loadsAFile() throws {
    let path = dir + "/week.json"
    write(#"{"days": {"mon": ["a"]}}"#, to: path)
    let schedule = try ScheduleLoader.load(path: path)
    #expect(schedule[.monday] == [Serial(title: "a")])
  }

  @Test func missingFile() {
    #expect(
      throws: ScheduleError(
        exitCode: 66, message: "youbi: /nonexistent/s.json: cannot open: no such file")
    ) {
      try ScheduleLoader.load(path: "/nonexistent/s.json")
    }
  }

  @Test func directory() {
    #expect(
      throws: ScheduleError(
        exitCode: 66,
        message: "youbi: \(Excerpt.path(dir)): is a directory; expected a schedule file")
    ) {
      try ScheduleLoader.load(path: dir)
    }
  }

  @Test func emptyFile() {
    let path = dir + "/empty.json"
    write("", to: path)
    #expect(
      throws: ScheduleError(
        exitCode: 65,
        message: "youbi: \(Excerpt.path(path)): empty file; expected a JSON object with \"days\"")
    ) {
      try ScheduleLoader.load(path: path)
    }
  }

  @Test func syntaxErrorNamesTheFile() {
    let path = dir + "/bad.json"
    write("{\n\"days\": {\n\"mon\": [\"a\",]}}", to: path)
    #expect(
      throws: ScheduleError(
        exitCode: 65, message: "youbi: \(path):3:13: expected a value after ',' in array, found ']'"
      )
    ) {
      try ScheduleLoader.load(path: path)
    }
  }

  /// Root reads any file whatever its mode, so the chmod 000 case only runs
  /// unprivileged; `permissionDeniedMessage` covers the message either way.
  @Test(.disabled(if: geteuid() == 0, "root can read a chmod 000 file"))
  func unreadableFile() {
    let path = dir + "/secret.json"
    write(#"{"days": {}}"#, to: path)
    chmod(path, 0)
    #expect(
      throws: ScheduleError(exitCode: 66, message: "youbi: \(path): cannot open: permission denied")
    ) {
      try ScheduleLoader.load(path: path)
    }
  }

  /// A file no one can open, root included (the tests run as root in CI): a loop of
  /// symbolic links, which `open` refuses whoever asks.
  @Test func aFileThatCannotBeOpenedIsOneLineAndExit66() throws {
    let path = dir + "/loop.json"
    #expect(symlink(dir + "/other.json", path) == 0)
    #expect(symlink(path, dir + "/other.json") == 0)
    let error = try #require(throws: ScheduleError.self) { try ScheduleLoader.load(path: path) }
    #expect(error.exitCode == 66)
    #expect(
      error.message
        == "youbi: \(Excerpt.path(path)): cannot open: Too many levels of symbolic links",
      "\(error.message)")
  }

  @Test func permissionDeniedMessage() {
    #expect(
      ScheduleLoader.openFailure(errno: EACCES, source: "s.json")
        == ScheduleError(exitCode: 66, message: "youbi: s.json: cannot open: permission denied"))
  }

  @Test func notADirectoryInPath() {
    let path = dir + "/file"
    write("x", to: path)
    #expect(
      throws: ScheduleError(
        exitCode: 66,
        message:
          "youbi: \(Excerpt.path(path + "/s.json")): cannot open: a part of the path is not a directory"
      )
    ) {
      try ScheduleLoader.load(path: path + "/s.json")
    }
  }

  @Test func theLoaderNeverWritesTheFile() throws {
    let path = dir + "/ro.json"
    let text = #"{"days": {"mon": ["a"]}}"#
    write(text, to: path)
    chmod(path, 0o444)
    var before = stat()
    stat(path, &before)
    _ = try ScheduleLoader.load(path: path)
    var after = stat()
    stat(path, &after)
    #expect(
      before.st_mtim.tv_sec == after.st_mtim.tv_sec
        && before.st_mtim.tv_nsec == after.st_mtim.tv_nsec)
    #expect(before.st_size == after.st_size)
  }

  /// Standard input is swapped for a pipe for the length of the test; no
  /// other test reads standard input.
  @Test func dashReadsStandardInputNamedStdin() throws {
    func withStandardInput<R>(_ text: String, _ body: () throws -> R) rethrows -> R {
      var fds: [Int32] = [0, 0]
      precondition(pipe(&fds) == 0)
      _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fds[1], $0.baseAddress, $0.count) }
      close(fds[1])
      let saved = dup(0)
      dup2(fds[0], 0)
      close(fds[0])
      defer {
        dup2(saved, 0)
        close(saved)
      }
      return try body()
    }
    let schedule = try withStandardInput(#"{"days": {"sun": ["from a pipe"]}}"#) {
      try ScheduleLoader.load(path: "-")
    }
    #expect(schedule[.sunday] == [Serial(title: "from a pipe")])
    _ = withStandardInput("{\n  \"days\": [") {
      #expect(
        throws: ScheduleError(
          exitCode: 65,
          message: "youbi: <stdin>:2:11: days: expected an object of weekdays, found array")
      ) {
        try ScheduleLoader.load(path: "-")
      }
    }
  }

  /// A sparse file just over the limit is refused from its size alone.
  @Test func fileOverTheLimitIsBadData() {
    let path = dir + "/huge.json"
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(fd >= 0)
    ftruncate(fd, off_t(ScheduleLoader.maxInputBytes + 1))
    close(fd)
    #expect(
      throws: ScheduleError(
        exitCode: 65,
        message:
          "youbi: \(Excerpt.path(path)): too large (268435457 bytes); schedules are limited to 256 MiB"
      )
    ) {
      try ScheduleLoader.load(path: path)
    }
  }

  @Test func limitFitsAMillionEntries() {
    // {"title": "Serial 123456", "author": "Author 12"}, plus separators.
    #expect(ScheduleLoader.maxInputBytes >= 1_000_000 * 64)
  }
}
