import Foundation
import Schedule
import Synchronization
import TerminalUI
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// A URL the tests know to be valid.
func webURL(_ text: String) -> WebURL {
  do {
    return try WebURL(checking: text)
  } catch {
    preconditionFailure("\(text): \(error)")
  }
}

@Suite struct BrowserCommandTests {
  let url = webURL("https://example.com/%s?q=%%")

  @Test func browserIsAColonSeparatedListOfCommands() {
    let commands = BrowserCommand.commands(
      environment: ["BROWSER": "firefox --new-tab %s::  :w3m\t-o x:/opt/bin/lynx"])
    #expect(
      commands.map(\.words) == [
        ["firefox", "--new-tab", "%s"], ["w3m", "-o", "x"], ["/opt/bin/lynx"],
      ])
    #expect(commands.map(\.runsInTerminal) == [false, true, true])
  }

  @Test func withoutBrowserTheSystemOpenerIsUsed() {
    #if os(macOS)
      let expected = [["open"]]
    #else
      let expected = [["xdg-open"]]
    #endif
    #expect(BrowserCommand.commands(environment: [:]).map(\.words) == expected)
    #expect(BrowserCommand.commands(environment: ["BROWSER": ""]).map(\.words) == expected)
  }

  /// `%s` is the URL and `%%` a percent in the template; the URL's own `%s` is never expanded.
  @Test func theURLIsExactlyOneArgument() {
    let url = url.text
    #expect(BrowserCommand(words: ["b"]).arguments(for: self.url) == ["b", url])
    #expect(BrowserCommand(words: ["b", "%s", "-x"]).arguments(for: self.url) == ["b", url, "-x"])
    #expect(
      BrowserCommand(words: ["b", "--u=%s", "100%%"]).arguments(for: self.url) == [
        "b", "--u=" + url, "100%",
      ])
    #expect(
      BrowserCommand(words: ["b", "%d", "%"]).arguments(for: self.url) == ["b", "%d", "%", url])
  }
}

/// The opener runs real programs: small scripts in a temporary directory that
/// record their arguments, NUL-separated, to a file.
@Suite final class URLOpenerTests {
  let dir = TemporaryDirectory("youbi-open-test")

  /// A script that records its arguments, its stdin and its session to `<name>.argv`.
  @discardableResult
  func recorder(_ name: String = "record", exit status: Int = 0) -> String {
    dir.write(
      """
      #!/bin/sh
      out="\(dir.path)/\(name)"
      printf '%s\\0' "$@" > "$out.argv.tmp"
      readlink /proc/$$/fd/0 > "$out.stdin"
      cut -d' ' -f6 /proc/$$/stat > "$out.session"
      ls -l /proc/$$/fd/ > "$out.descriptors"
      echo $$ > "$out.pid"
      mv "$out.argv.tmp" "$out.argv"
      exit \(status)
      """, to: name, executable: true)
  }

  func recorded(_ name: String = "record") -> [String]? {
    dir.read(name + ".argv").map { bytes in
      bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
        String(decoding: $0, as: UTF8.self)
      }
    }
  }

  func text(_ name: String) -> String {
    String(decoding: dir.read(name) ?? [], as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
  }

  /// Opens `url` and waits for the report (a detached opener reports from its own thread).
  func open(
    _ url: WebURL, browser: String,
    on terminal: TestTerminal = TestTerminal(size: Size(width: 80, height: 24))
  ) -> Result<WebURL, OpenFailure>? {
    let result = Mutex<Result<WebURL, OpenFailure>?>(nil)
    URLOpener(environment: dir.environment(["BROWSER": browser]), clock: SystemClock()).open(
      url, on: terminal
    ) { r in
      result.withLock { $0 = r }
    }
    let deadline = ContinuousClock.now + .seconds(10)
    while result.withLock({ $0 }) == nil && ContinuousClock.now < deadline { usleep(1_000) }
    return result.withLock { $0 }
  }

  static let hostile =
    #"https://evil.test/$(touch${IFS}PWNED)/`touch${IFS}PWNED2`;touch${IFS}PWNED3;'"quoted"'&&|<>%s$HOME"#

  @Test func aHostileURLReachesTheOpenerAsOneLiteralArgument() throws {
    let url = try WebURL(checking: Self.hostile)  // the schedule's check lets it through
    let script = recorder()
    #expect(open(url, browser: script) == .success(url))
    #expect(recorded() == [Self.hostile])
    // Through a template too, and the URL's own %s stays as it is.
    #expect(open(url, browser: script + " --new-tab=%s --") == .success(url))
    #expect(recorded() == ["--new-tab=" + Self.hostile, "--"])
    #expect(!dir.list("").contains { $0.hasPrefix("PWNED") })
    #expect(
      !FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/PWNED"))
  }

  @Test func aGraphicalOpenerRunsDetached() throws {
    recorder()
    let terminal = TestTerminal(size: Size(width: 80, height: 24))
    let url = webURL("https://example.com")
    #expect(open(url, browser: dir.path + "/record", on: terminal) == .success(url))
    #expect(text("record.stdin") == "/dev/null")
    #expect(text("record.session") == text("record.pid"))  // a session of its own
    #expect(terminal.handOvers == 0)
  }

  @Test func aDetachedOpenerGetsNoDescriptorYoubiInherited() throws {
    recorder()
    // Open without close-on-exec, as one inherited from youbi's parent would be.
    _ = dir.write("", to: "inherited")
    let inherited = Glibc.open(dir.path + "/inherited", O_RDONLY)
    #expect(inherited > 2)
    defer { close(inherited) }
    let url = webURL("https://example.com")
    #expect(open(url, browser: dir.path + "/record") == .success(url))
    let descriptors = text("record.descriptors")
    #expect(descriptors.contains("/dev/null"), "\(descriptors)")  // what it does get
    #expect(!descriptors.contains("inherited"), "\(descriptors)")
  }

  @Test func aTerminalBrowserGetsTheTerminal() throws {
    recorder("w3m")
    let terminal = TestTerminal(size: Size(width: 80, height: 24))
    let url = webURL("https://example.com/$(x)")
    let result = Mutex<Result<WebURL, OpenFailure>?>(nil)
    URLOpener(environment: dir.environment(["BROWSER": dir.path + "/w3m"]), clock: SystemClock())
      .open(url, on: terminal) {
        r in result.withLock { $0 = r }
      }
    // Reported before `open` returned: youbi waited for the browser.
    #expect(result.withLock { $0 } == .success(url))
    #expect(terminal.handOvers == 1)
    #expect(recorded("w3m") == [url.text])
    #expect(text("w3m.session") != text("w3m.pid"))  // still in youbi's session, on its terminal
  }

  @Test func theFirstBrowserThatExistsIsUsed() throws {
    recorder()
    let url = webURL("https://example.com")
    #expect(
      open(url, browser: "no-such-browser-1:\(dir.path)/missing:\(dir.path)/record")
        == .success(url))
    #expect(recorded() == [url.text])
  }

  @Test func aFailingOpenerIsReported() {
    recorder(exit: 3)
    let url = webURL("https://example.com")
    #expect(
      open(url, browser: dir.path + "/record")
        == .failure(OpenFailure("cannot open the link: record exited with status 3")))
  }

  /// As Python's `webbrowser`: an entry that exits non-zero passes the link on.
  @Test func anOpenerThatFailsPassesTheLinkToTheNext() {
    recorder("failing", exit: 1)
    recorder("w3m", exit: 2)
    recorder()
    let url = webURL("https://example.com")
    let terminal = TestTerminal(size: Size(width: 80, height: 24))
    let list = "\(dir.path)/w3m:\(dir.path)/failing:\(dir.path)/record"
    #expect(open(url, browser: list, on: terminal) == .success(url))
    #expect(recorded("w3m") == [url.text] && recorded("failing") == [url.text])
    #expect(recorded() == [url.text])
    #expect(
      open(url, browser: "\(dir.path)/failing:no-such-browser")
        == .failure(
          OpenFailure(
            "cannot open the link: failing exited with status 1, no-such-browser not found")))
  }

  @Test func noBrowserAtAllIsReported() {
    let url = webURL("https://example.com")
    #expect(
      open(url, browser: "no-such-browser-1:no-such-browser-2")
        == .failure(
          OpenFailure(
            "cannot open the link: no-such-browser-1 not found, no-such-browser-2 not found")))
  }
}
