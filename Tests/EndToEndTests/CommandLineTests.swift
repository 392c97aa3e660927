import Foundation
import TestSupport
import Testing

/// The command line without a terminal: help, version, print, errors and exit codes.
@Suite("End to end: command line", youbiRequired)
struct CommandLineTests {
  func youbi(_ arguments: [String], stdin: Data? = nil) throws -> ProcessResult {
    let home = TemporaryDirectory.scratch()
    defer { home.remove() }
    return try runProcess(
      try YoubiBinary.path(), arguments, stdin: stdin,
      environment: try isolatedProcessEnvironment(home), timeout: 15)
  }

  @Test("--help prints usage and exits 0")
  func help() throws {
    let r = try youbi(["--help"])
    #expect(r.status == 0, "stderr: \(r.err)")
    #expect(r.out.lowercased().contains("usage"), "\(r.out)")
    #expect(r.out.contains("--day") && r.out.contains("--labels"), "\(r.out)")
    #expect(!r.out.contains("\u{1b}"))
  }

  @Test("--version prints one line and exits 0")
  func version() throws {
    let r = try youbi(["--version"])
    #expect(r.status == 0, "stderr: \(r.err)")
    #expect(r.out.split(separator: "\n").count == 1, "\(r.out)")
    #expect(r.out.rangeOfCharacter(from: .decimalDigits) != nil, "\(r.out)")
  }

  /// libfaketime, preloaded, calls `setenv` before the Swift runtime looks for `argv`,
  /// which it finds from `environ`: the runtime then hands over no argument at all.
  @Test("arguments reach youbi under a preloaded libfaketime (the clock the tests fake)")
  func argumentsUnderFakeTime() throws {
    let library = try #require(
      TimeEndToEndTests.fakeTimeLibrary, "libfaketime is not installed (make deps-test)")
    let home = TemporaryDirectory.scratch()
    defer { home.remove() }
    var environment = try isolatedProcessEnvironment(home)
    environment["LD_PRELOAD"] = library
    environment["FAKETIME"] = "@2024-11-29 15:00:00"
    let bogus = try runProcess(
      try YoubiBinary.path(), ["--bogus"], environment: environment, timeout: 15)
    #expect(bogus.status == 64, "stdout: \(bogus.out.prefix(200))")
    #expect(bogus.err.contains("--bogus"), "\(bogus.err)")
    let day = try runProcess(
      try YoubiBinary.path(), ["--print", "--labels", "en", "--day", "friday"],
      environment: environment, timeout: 15)
    #expect(day.status == 0, "stderr: \(day.err)")
    #expect(day.out.contains("Friday, 29 November 2024"), "\(day.out)")
    #expect(!day.out.contains("Monday"), "\(day.out)")
  }

  @Test("--print writes plain text and exits 0; the default Monday has ≥ 30 entries")
  func printDefault() throws {
    let r = try youbi(["--print", "--labels", "en", "--day", "monday"])
    #expect(r.status == 0, "stderr: \(r.err)")
    #expect(r.out.contains("Monday"), "\(r.out.prefix(400))")
    #expect(r.out.split(separator: "\n").count >= 30, "\(r.out.prefix(400))")
    #expect(!r.out.contains("\u{1b}"))
  }

  @Test("--print of a hostile schedule writes no raw control characters")
  func printHostile() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let file = dir.write(Schedules.hostile, to: "hostile.json")
    let r = try youbi(["--print", "--labels", "en", file])
    #expect(r.status == 0, "stderr: \(r.err)")
    let bad = r.out.unicodeScalars.filter {
      ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7f...0x9f).contains($0.value)
        || [0x202e, 0x202c, 0x200b].contains($0.value)
    }
    #expect(bad.isEmpty, "raw controls in --print: \(bad.map { String($0.value, radix: 16) })")
  }

  @Test("bad JSON on stdin (-) → 65, the error names <stdin>")
  func badStdin() throws {
    let r = try youbi(["--print", "-"], stdin: Data("{\"days\": [1]}".utf8))
    #expect(r.status == 65, "stderr: \(r.err)")
    #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
    #expect(r.err.contains("stdin"), "\(r.err)")
  }

  @Test("- reads the schedule from stdin for --print")
  func printFromStdin() throws {
    let r = try youbi(["--print", "--labels", "en", "-"], stdin: Data(Schedules.small().utf8))
    #expect(r.status == 0, "stderr: \(r.err)")
    #expect(r.out.contains("Mon-pipe-01"), "\(r.out)")
  }

  struct BadCase: Sendable, CustomTestStringConvertible {
    let name: String
    let file: String?  // contents written to a temp file named in `arguments` as FILE
    let arguments: [String]
    let status: Int32
    let mentions: [String]
    var bytes: [UInt8]? = nil  // raw file contents, when not text
    var testDescription: String { name }
  }

  static let badCases: [BadCase] = [
    BadCase(
      name: "JSON syntax error → 65 with file and line",
      file: "{\n  \"days\": {\"monday\": [\"a\",]}\n",
      arguments: ["FILE"], status: 65, mentions: ["bad.json", "2"]),
    BadCase(
      name: "unknown day key → 65 with file and key", file: #"{"days": {"funday": ["a"]}}"#,
      arguments: ["FILE"], status: 65, mentions: ["bad.json", "funday"]),
    BadCase(
      name: "entry without title → 65", file: #"{"days": {"monday": [{"author": "x"}]}}"#,
      arguments: ["FILE"], status: 65, mentions: ["bad.json"]),
    BadCase(
      name: "author not a string → 65 with the path",
      file: #"{"days": {"monday": [{"title": "t", "author": 5}]}}"#,
      arguments: ["FILE"], status: 65, mentions: ["bad.json", "author"]),
    BadCase(
      name: "top level not an object → 65", file: "[]", arguments: ["FILE"], status: 65,
      mentions: ["bad.json"]),
    BadCase(
      name: "not UTF-8 → 65", file: "", arguments: ["FILE"], status: 65,
      mentions: ["bad.json"], bytes: [0x7b, 0xff, 0xfe, 0x7d]),
    BadCase(
      name: "standard input twice → 64", file: nil, arguments: ["-", "-"], status: 64,
      mentions: ["'-'"]),
    BadCase(
      name: "two files, the second missing → 66", file: "{\"days\": {}}",
      arguments: ["FILE", "/nonexistent/youbi-e2e-2.json"], status: 66,
      mentions: ["/nonexistent/youbi-e2e-2.json"]),
    BadCase(
      name: "negative --duration → 64", file: nil, arguments: ["--duration", "-5"], status: 64,
      mentions: ["-5"]),
    BadCase(
      name: "--day without a value → 64", file: nil, arguments: ["--day"], status: 64,
      mentions: ["--day"]),
    BadCase(
      name: "missing file → 66", file: nil, arguments: ["/nonexistent/youbi-e2e.json"], status: 66,
      mentions: ["/nonexistent/youbi-e2e.json"]),
    BadCase(
      name: "unknown option → 64", file: nil, arguments: ["--frobnicate"], status: 64,
      mentions: ["--frobnicate"]),
    BadCase(
      name: "unknown --day → 64", file: nil, arguments: ["--day", "funday"], status: 64,
      mentions: ["funday"]),
    BadCase(
      name: "bad --labels → 64", file: nil, arguments: ["--labels", "fr"], status: 64,
      mentions: ["fr"]),
    BadCase(
      name: "bad --duration → 64", file: nil, arguments: ["--duration", "soon"], status: 64,
      mentions: ["soon"]),
  ]

  @Test(
    "bad input: one line on stderr naming file and place, the right exit code", arguments: badCases)
  func badInput(_ c: BadCase) throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    var args = c.arguments
    if let contents = c.file {
      let path = dir.write(contents, to: "bad.json")
      if let bytes = c.bytes { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
      args = args.map { $0 == "FILE" ? path : $0 }
    }
    let r = try youbi(args)
    #expect(r.status == c.status, "stderr: \(r.err)")
    #expect(r.out.isEmpty, "stdout: \(r.out)")
    let lines = r.err.split(separator: "\n", omittingEmptySubsequences: false).filter {
      !$0.isEmpty
    }
    #expect(lines.count == 1, "stderr is not one line: \(r.err.debugDescription)")
    for m in c.mentions { #expect(r.err.contains(m), "stderr does not mention '\(m)': \(r.err)") }
    #expect(!r.err.contains("\u{1b}"))
  }

  /// Runs youbi through `sh -c` so a test can close or redirect its standard streams.
  func shell(_ script: String, _ arguments: [String] = []) throws -> ProcessResult {
    let home = TemporaryDirectory.scratch()
    defer { home.remove() }
    return try runProcess(
      "/bin/sh", ["-c", script, try YoubiBinary.path()] + arguments,
      environment: try isolatedProcessEnvironment(home), timeout: 15)
  }

  @Test(
    "a closed standard input for '-' is 66 in both modes, never the keyboard",
    arguments: [["-"], ["--print", "-"]])
  func closedStandardInput(arguments: [String]) throws {
    let r = try shell("\"$0\" \"$@\" <&-", arguments)
    #expect(r.status == 66, "stderr: \(r.err)")
    #expect(r.err == "youbi: <stdin>: cannot read: standard input is closed\n")
  }

  @Test("--print reports a write error in one line and exits 74", arguments: [">/dev/full", ">&-"])
  func printWriteError(redirect: String) throws {
    let r = try shell("\"$0\" --print \(redirect)")
    #expect(r.status == 74, "stderr: \(r.err)")
    #expect(r.err.hasPrefix("youbi: cannot write the output: "), "\(r.err)")
    #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
  }
}

/// Guards the guard: under CI the e2e suites must not be silently disabled.
@Suite("End to end: configuration")
struct EndToEndConfigurationTests {
  @Test("YOUBI_BIN is set under CI (make test sets it) and names an executable")
  func binaryConfigured() throws {
    let ci = YoubiBinary.underCI
    if YoubiBinary.isConfigured || ci {
      _ = try YoubiBinary.path()
    }
    if StaticBinary.value != nil || ci {
      _ = try StaticBinary.path()
    }
  }

  @Test("under CI the suites that run youbi run without YOUBI_BIN (and fail), never skip")
  func suitesRunUnderCI() {
    #expect(YoubiBinary.runsSuites(configured: false, ci: YoubiBinary.isCI(["CI": "true"])))
    #expect(!YoubiBinary.runsSuites(configured: false, ci: YoubiBinary.isCI(["CI": "false"])))
    #expect(!YoubiBinary.runsSuites(configured: false, ci: YoubiBinary.isCI([:])))
    #expect(YoubiBinary.runsSuites(configured: true, ci: false))
  }
}
