import Foundation
import TestSupport
import Testing

/// `make deb`, checked the way a user meets it: lintian, then the package installed
/// into a throwaway root with `dpkg --root` (in a user namespace, so nothing on the
/// machine is touched), the installed youbi, man page and completions used, and the
/// package removed again, leaving nothing behind.
@Suite(
  "End to end: the Debian package", .serialized,
  .enabled(
    if: StaticBinary.value != nil || YoubiBinary.underCI,
    "YOUBI_STATIC_BIN is not set: run `make test`"))
struct DebTests {
  /// Runs `dpkg --root=root arguments` as root of a user namespace of its own.
  func dpkg(root: String, _ arguments: [String]) throws -> ProcessResult {
    let unshare = try #require(findExecutable("unshare"), "unshare (util-linux) is missing")
    return try runProcess(
      unshare,
      ["--user", "--map-root-user", "dpkg", "--root=\(root)", "--log=/dev/null"] + arguments,
      timeout: 60)
  }

  /// An empty dpkg database under `root`.
  func makeRoot(_ dir: TemporaryDirectory) throws -> String {
    dir.write(["root/var/lib/dpkg/status": "", "root/var/lib/dpkg/available": ""])
    for sub in ["info", "updates", "triggers"] {
      try FileManager.default.createDirectory(
        atPath: dir("root/var/lib/dpkg/" + sub), withIntermediateDirectories: true)
    }
    return dir("root")
  }

  /// Every path under `root` outside dpkg's own database, relative to it.
  func paths(under root: String) -> [String] {
    let all = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []
    return all.filter { !$0.hasPrefix("var") }.sorted()
  }

  /// Builds the package into `dir` and returns its path.
  func buildPackage(in dir: TemporaryDirectory) throws -> String {
    let make = try #require(findExecutable("make"), "make is not installed")
    let built = try runProcess(
      make,
      [
        "-C", repositoryRoot, "--no-print-directory", "NO_BUILD=1",
        "STATIC_BIN=\(try StaticBinary.path())", "DEB_DIR=\(dir("out"))", "deb",
      ], timeout: 120)
    #expect(built.status == 0, "make deb: \(built.err)")
    let version = try runProcess(try StaticBinary.path(), ["--version"]).out
      .trimmingCharacters(in: .whitespacesAndNewlines).replacing("youbi ", with: "")
    let arch = try runProcess("/usr/bin/dpkg", ["--print-architecture"]).out
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let deb = dir("out/youbi_\(version)_\(arch).deb")
    #expect(built.out.hasSuffix("youbi_\(version)_\(arch).deb\n"), "\(built.out)")
    #expect(FileManager.default.fileExists(atPath: deb), "no \(deb)")
    return deb
  }

  /// One package for the whole check: building it (strip, gzip, xz) is the slow part.
  @Test("make deb: lintian is content, then install into a throwaway root, use it, remove it")
  func package() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let deb = try buildPackage(in: dir)
    try expectLintianAndControl(deb)
    try expectInstallUseRemove(deb, root: try makeRoot(dir))
  }

  /// lintian finds no error and no warning; the control file says what is true.
  func expectLintianAndControl(_ deb: String) throws {
    let lintian = try #require(
      findExecutable("lintian"), "lintian is missing: scripts/deps.sh test")
    let l = try runProcess(
      lintian, ["--fail-on", "error,warning", "--no-tag-display-limit", deb], timeout: 300)
    #expect(l.status == 0, "lintian: \(l.out)\(l.err)")
    let control = try runProcess("/usr/bin/dpkg-deb", ["--field", deb]).out
    // The binary is static: the terminfo database is its only need, and ncurses-base,
    // which holds it, is Essential (always installed; naming it is a lintian error).
    #expect(!control.contains("Depends:") && !control.contains("Homepage:"), "\(control)")
    #expect(control.contains("\nRecommends: curl\n"), "\(control)")
    // Installed-Size as dpkg-gencontrol counts it: the bytes of every file and 1 KiB a
    // directory, in KiB rounded up.
    let listing = try runProcess("/usr/bin/dpkg-deb", ["--contents", deb]).out
    var bytes = 0
    for line in listing.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count >= 6, let size = Int(fields[2]) else { continue }
      bytes += fields[0].hasPrefix("d") ? 1024 : size
    }
    let kib = (bytes + 1023) / 1024
    #expect(control.contains("\nInstalled-Size: \(kib)\n"), "expected \(kib) KiB: \(control)")
  }

  /// Installed into a throwaway root: --version, man, the completions; removed: nothing left.
  func expectInstallUseRemove(_ deb: String, root: String) throws {
    let installed = try dpkg(root: root, ["--install", deb])
    #expect(installed.status == 0, "dpkg --install: \(installed.out)\(installed.err)")
    let expected = [
      "usr/bin/youbi", "usr/share/man/man1/youbi.1.gz",
      "usr/share/bash-completion/completions/youbi", "usr/share/zsh/vendor-completions/_youbi",
      "usr/share/fish/vendor_completions.d/youbi.fish", "usr/share/doc/youbi/copyright",
      "usr/share/doc/youbi/changelog.gz", "usr/share/lintian/overrides/youbi",
    ]
    let present = Set(paths(under: root))
    for file in expected { #expect(present.contains(file), "\(file) is not installed") }

    let version = try runProcess(root + "/usr/bin/youbi", ["--version"])
    let fromStatic = try runProcess(try StaticBinary.path(), ["--version"])
    #expect(version.status == 0 && version.out == fromStatic.out && version.out.hasPrefix("youbi "))
    try expectManPage(root: root, version: version.out)
    try expectCompletions(root: root)

    let removed = try dpkg(root: root, ["--remove", "youbi"])
    #expect(removed.status == 0, "dpkg --remove: \(removed.out)\(removed.err)")
    #expect(paths(under: root).isEmpty, "left behind: \(paths(under: root))")
    let status = try runProcess(
      "/usr/bin/dpkg-query", ["--admindir=\(root)/var/lib/dpkg", "--status", "youbi"])
    #expect(status.status != 0 || status.out.contains("Status: deinstall ok not-installed"))
  }

  /// `man youbi` finds the installed page and renders it, with the version.
  func expectManPage(root: String, version: String) throws {
    let man = try #require(findExecutable("man"), "man is missing: scripts/deps.sh test")
    var environment = ProcessInfo.processInfo.environment
    environment["MANPATH"] = root + "/usr/share/man"
    environment["MANPAGER"] = "cat"
    environment["MANWIDTH"] = "80"
    environment["LANG"] = "C.UTF-8"
    let page = try runProcess(man, ["youbi"], environment: environment)
    #expect(page.status == 0, "man youbi: \(page.err)")
    #expect(page.out.contains("YOUBI(1)") && page.out.contains("EXIT STATUS"), "\(page.out)")
    let number = version.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(page.out.contains(number) && !page.out.contains("@VERSION@"), "\(page.out.suffix(200))")
  }

  /// Each installed completion file works in its shell.
  func expectCompletions(root: String) throws {
    let share = root + "/usr/share"
    let bash = try runProcess(
      "/bin/bash",
      [
        "-c",
        """
        source \(shellQuote(share + "/bash-completion/completions/youbi"))
        COMP_WORDS=(youbi --la); COMP_CWORD=1; _youbi; printf '%s\\n' "${COMPREPLY[@]}"
        """,
      ])
    #expect(bash.status == 0 && bash.out == "--labels\n", "bash: \(bash.out)\(bash.err)")

    let zsh = try #require(findExecutable("zsh"), "zsh is missing: scripts/deps.sh test")
    let zshFile = share + "/zsh/vendor-completions/_youbi"
    let z = try runProcess(zsh, ["-n", zshFile])
    #expect(z.status == 0, "zsh: \(z.err)")
    #expect(try String(contentsOfFile: zshFile, encoding: .utf8).hasPrefix("#compdef youbi\n"))

    let fish = try #require(findExecutable("fish"), "fish is missing: scripts/deps.sh test")
    let f = try runProcess(
      fish,
      [
        "--no-config", "-c",
        "source \(shellQuote(share + "/fish/vendor_completions.d/youbi.fish")); complete -C 'youbi --la'",
      ])
    #expect(f.status == 0 && f.out.hasPrefix("--labels"), "fish: \(f.out)\(f.err)")
  }
}
