import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The repository root, for `make` and the files it installs.
let repositoryRoot: String = {
  var url = URL(fileURLWithPath: #filePath)
  for _ in 0..<3 { url.deleteLastPathComponent() }
  return url.path
}()

/// The self-contained binary `make static` built, from `YOUBI_STATIC_BIN` (make test sets it).
enum StaticBinary {
  static let value: String? = {
    let value = ProcessInfo.processInfo.environment["YOUBI_STATIC_BIN"] ?? ""
    return value.isEmpty ? nil : value
  }()

  static func path() throws -> String {
    guard let value, FileManager.default.isExecutableFile(atPath: value) else {
      throw HarnessError(
        "YOUBI_STATIC_BIN is not an executable (\(value ?? "unset")): run `make test`, which builds it with `make static`"
      )
    }
    return value
  }
}

/// `make install` into a temporary prefix, and the installed youbi run with the
/// Swift toolchain hidden: in a private mount namespace the toolchain's runtime
/// directory is covered by an empty tmpfs, so a binary that needed it could not start.
@Suite(
  "End to end: make install", .serialized, youbiRequired,
  .enabled(
    if: StaticBinary.value != nil || YoubiBinary.underCI,
    "YOUBI_STATIC_BIN is not set: run `make test`"))
struct InstallTests {
  /// What `make install` puts under a prefix.
  static let installed = [
    "bin/youbi", "share/man/man1/youbi.1", "share/bash-completion/completions/youbi",
    "share/zsh/site-functions/_youbi", "share/fish/vendor_completions.d/youbi.fish",
  ]

  func make(_ arguments: [String]) throws -> ProcessResult {
    let make = try #require(findExecutable("make"), "make is not installed")
    let r = try runProcess(
      make,
      [
        "-C", repositoryRoot, "--no-print-directory", "NO_BUILD=1",
        "STATIC_BIN=\(try StaticBinary.path())",
      ] + arguments, timeout: 60)
    #expect(r.status == 0, "make \(arguments.joined(separator: " ")): \(r.err)")
    return r
  }

  /// Every regular file under `dir`, relative to it.
  func files(under dir: String) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: dir)
    var found: [String] = []
    while let item = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: dir + "/" + item, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        found.append(item)
      }
    }
    return found.sorted()
  }

  /// The directory the dynamic build loads the Swift runtime from (what to hide).
  func toolchainRuntimeDirectory() throws -> String {
    let ldd = try runProcess("/usr/bin/ldd", [try YoubiBinary.path()])
    let line = try #require(
      ldd.out.split(separator: "\n").first { $0.contains("libswiftCore.so") },
      "the dynamic youbi does not load libswiftCore: \(ldd.out)")
    let path = try #require(line.split(separator: " ").first { $0.hasPrefix("/") })
    return URL(fileURLWithPath: String(path)).deletingLastPathComponent().path
  }

  /// Runs `program arguments` with the toolchain's runtime hidden and a bare environment.
  func runHidden(_ program: String, _ arguments: [String], environment: [String: String])
    throws -> ProcessResult
  {
    let unshare = try #require(findExecutable("unshare"), "unshare (util-linux) is missing")
    let hide = try toolchainRuntimeDirectory()
    return try runProcess(
      unshare,
      [
        "--user", "--map-root-user", "--mount", "sh", "-c",
        "mount -t tmpfs none \"$0\" && exec \"$@\"", hide, program,
      ] + arguments,
      environment: environment)
  }

  @Test(
    "install puts the binary, man page and completions under PREFIX; uninstall removes exactly them"
  )
  func installAndUninstall() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let prefix = dir("prefix")
    _ = try make(["install", "PREFIX=\(prefix)"])
    #expect(files(under: prefix) == Self.installed.sorted())
    let mode =
      try FileManager.default.attributesOfItem(atPath: prefix + "/bin/youbi")[.posixPermissions]
      as? Int
    #expect(mode == 0o755)
    // Something else under the prefix is not ours to remove.
    dir.write(".TH OTHER 1\n", to: "prefix/share/man/man1/other.1")
    _ = try make(["uninstall", "PREFIX=\(prefix)"])
    #expect(files(under: prefix) == ["share/man/man1/other.1"])
  }

  @Test("DESTDIR stages the files under it, with PREFIX inside")
  func destdir() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let stage = dir("stage")
    _ = try make(["install", "DESTDIR=\(stage)", "PREFIX=/usr/local"])
    #expect(files(under: stage) == Self.installed.map { "usr/local/" + $0 }.sorted())
    _ = try make(["uninstall", "DESTDIR=\(stage)", "PREFIX=/usr/local"])
    #expect(files(under: stage).isEmpty)
  }

  @Test("the installed binary is a static executable and runs with the toolchain hidden")
  func selfContained() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let prefix = dir("prefix")
    _ = try make(["install", "PREFIX=\(prefix)"])
    let youbi = prefix + "/bin/youbi"
    // No program interpreter and no shared library: nothing to find at run time.
    let headers = try runProcess("/usr/bin/readelf", ["--program-headers", "--dynamic", youbi])
    #expect(headers.status == 0 && headers.out.contains("LOAD"), "\(headers.err)")
    #expect(!headers.out.contains("INTERP") && !headers.out.contains("NEEDED"), "\(headers.out)")

    var bare = dir.isolatedEnvironment()
    bare["PATH"] = "/usr/bin:/bin"
    bare["LD_LIBRARY_PATH"] = ""
    bare["LANG"] = "C.UTF-8"
    let printed = try runHidden(
      youbi, ["--print", "--day", "monday", "--labels", "en"], environment: bare)
    #expect(printed.status == 0, "\(printed.err)")
    #expect(printed.out.hasPrefix("今週の連載") && printed.out.contains("Monday"), "\(printed.out)")
    // The control: the dynamic build cannot start there, so the toolchain really is hidden.
    let dynamic = try runHidden(try YoubiBinary.path(), ["--version"], environment: bare)
    #expect(dynamic.status == 127 && dynamic.err.contains("libswiftCore"), "\(dynamic.err)")
  }

  @Test("the installed binary drives a terminal with the toolchain hidden")
  func interactiveWithTheToolchainHidden() async throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let prefix = dir("prefix")
    _ = try make(["install", "PREFIX=\(prefix)"])
    let s = try TerminalSession(
      program: try #require(findExecutable("unshare")),
      arguments: [
        "--user", "--map-root-user", "--mount", "sh", "-c",
        "mount -t tmpfs none \"$0\" && exec \"$@\"", try toolchainRuntimeDirectory(),
        prefix + "/bin/youbi", "--labels", "en", "--day", "wednesday",
      ],
      environment: ["LD_LIBRARY_PATH": ""])
    defer { s.close() }
    let (day, screen) = try await s.settledDay()
    #expect(day == "Wednesday")
    expectLayout(screen, day: day)
    try s.send("Right")
    #expect(try await s.settledDay().day == "Thursday")
    try s.send("q")
    #expect(try await s.waitForExit() == 0)
    try expectTerminalRestored(s)
  }

  @Test("the man page passes groff's and mandoc's checks and renders")
  func manPage() throws {
    let page = repositoryRoot + "/doc/youbi.1"
    let groff = try #require(findExecutable("groff"), "groff is missing")
    let g = try runProcess(groff, ["-man", "-ww", "-z", page])
    #expect(g.status == 0 && g.err.isEmpty, "groff: \(g.err)")
    let mandoc = try #require(findExecutable("mandoc"), "mandoc is missing: scripts/deps.sh test")
    let m = try runProcess(mandoc, ["-Tlint", "-W", "warning", page])
    #expect(m.status == 0 && m.out.isEmpty && m.err.isEmpty, "mandoc: \(m.out)\(m.err)")
    let text = try runProcess(mandoc, ["-Thtml", page])
    #expect(text.out.contains("id=\"EXIT_STATUS\"") && text.out.contains("YOUBI_SCHEDULE"))
  }
}

/// The completion scripts, run in each shell (no youbi needed).
@Suite("End to end: shell completions")
struct CompletionTests {
  func bash(_ words: [String], in dir: String) throws -> [String] {
    let script = """
      source \(shellQuote(repositoryRoot + "/completions/youbi.bash"))
      cd \(shellQuote(dir))
      COMP_WORDS=(\(words.map(shellQuote).joined(separator: " ")))
      COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
      _youbi
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let r = try runProcess("/bin/bash", ["-c", script])
    #expect(r.status == 0, "\(r.err)")
    return r.out.split(separator: "\n").map(String.init).sorted()
  }

  @Test("bash: options, values, day names and schedule files")
  func bashCompletes() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    dir.write([
      "week.json": "{}", "notes.txt": "", "sub/other.json": "{}", "anime.ics": "",
    ])
    let d = dir.path
    #expect(try bash(["youbi", "--la"], in: d) == ["--labels"])
    #expect(
      try bash(["youbi", "--no-"], in: d) == [
        "--no-animation", "--no-config", "--no-loop", "--no-mouse",
      ])
    #expect(
      try bash(["youbi", "--day", "t"], in: d) == ["thu", "thursday", "today", "tue", "tuesday"])
    #expect(try bash(["youbi", "-d", "fr"], in: d) == ["fri", "friday"])
    #expect(try bash(["youbi", "--day", "=", "sa"], in: d) == ["sat", "saturday"])
    #expect(try bash(["youbi", "--theme", ""], in: d) == ["dark", "light", "mono"])
    #expect(try bash(["youbi", "--indicator", "b"], in: d) == ["block"])
    #expect(try bash(["youbi", ""], in: d) == ["anime.ics", "sub", "week.json"])
    #expect(try bash(["youbi", "--check", "-"], in: d).contains("-q"))
    // A subscription's scheme, once the word starts one.
    #expect(try bash(["youbi", "ht"], in: d) == ["http://", "https://"])
    #expect(try bash(["youbi", "https"], in: d) == ["https://"])
  }

  @Test("fish: options, values, day names and schedule files first")
  func fishCompletes() throws {
    let fish = try #require(findExecutable("fish"), "fish is missing: scripts/deps.sh test")
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    dir.write(["week.json": "{}", "anime.ics": "", "notes.txt": ""])
    func complete(_ line: String) throws -> [String] {
      let r = try runProcess(
        fish,
        [
          "--no-config", "-c",
          "cd \(shellQuote(dir.path)); source \(shellQuote(repositoryRoot + "/completions/youbi.fish")); complete -C \(shellQuote(line))",
        ])
      #expect(r.status == 0, "\(r.err)")
      return r.out.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    }
    #expect(try complete("youbi --la") == ["--labels"])
    #expect(try complete("youbi --day we").sorted() == ["wed", "wednesday"])
    #expect(try complete("youbi --labels ").sorted() == ["en", "ja"])
    #expect(try complete("youbi ").prefix(2).sorted() == ["anime.ics", "week.json"])
    #expect(try complete("youbi --qu") == ["--quiet"])
    #expect(try complete("youbi htt").sorted() == ["http://", "https://"])
  }

  @Test("zsh: the function parses and is registered for youbi")
  func zshParses() throws {
    let zsh = try #require(findExecutable("zsh"), "zsh is missing: scripts/deps.sh test")
    let file = repositoryRoot + "/completions/_youbi"
    let r = try runProcess(zsh, ["-n", file])
    #expect(r.status == 0, "\(r.err)")
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.hasPrefix("#compdef youbi\n"))
  }
}
