import Foundation
import TestSupport
import Testing

/// The README's examples work as pasted: each schedule (a ```json block) passes
/// `youbi --check` without an error or a warning, and each config file (a plain ``` block
/// that starts with `# ~/.config/youbi/config`) loads, its `~/` schedules included.
@Suite("End to end: the README's examples", youbiRequired)
struct ReadmeTests {
  /// The fenced blocks of the README whose info string is `language`, in order.
  static func blocks(_ language: String) throws -> [String] {
    let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
    var found: [String] = []
    // The open block's info string and its lines so far.
    var open: (info: Substring, lines: [Substring])?
    for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
      if let block = open {
        if line == "```" {
          if block.info == language { found.append(block.lines.joined(separator: "\n") + "\n") }
          open = nil
        } else {
          open?.lines.append(line)
        }
      } else if line.hasPrefix("```") {
        open = (line.dropFirst(3), [])
      }
    }
    return found
  }

  static func schedules() throws -> [String] { try blocks("json") }

  static func configs() throws -> [String] {
    try blocks("").filter { $0.hasPrefix("# ~/.config/youbi/config\n") }
  }

  @Test("the README has a schedule and a config example")
  func examplesExist() throws {
    #expect(try !Self.schedules().isEmpty)
    #expect(try !Self.configs().isEmpty)
  }

  @Test("every schedule example passes youbi --check without an error or a warning")
  func schedulesCheck() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    for (index, schedule) in try Self.schedules().enumerated() {
      let file = dir.write(schedule, to: "readme-\(index).json")
      let r = try runProcess(
        try YoubiBinary.path(), ["--check", file], environment: try isolatedProcessEnvironment(dir))
      // Exit 0 is no error; a warning would still print a line naming it.
      let said = r.out + r.err
      #expect(r.status == 0 && !said.contains("warning"), "\(schedule)\n\(said)")
    }
  }

  @Test("every config example loads, with the schedules it names in the home directory")
  func configsLoad() throws {
    let schedule = try #require(try Self.schedules().first)
    for config in try Self.configs() {
      let dir = TemporaryDirectory.scratch()
      defer { dir.remove() }
      var environment = try isolatedProcessEnvironment(dir)
      dir.write(["config/youbi/config": config])
      // Each `schedule = ~/…` line names a file under HOME: the README's schedule.
      for line in config.split(separator: "\n") where line.hasPrefix("schedule = ~/") {
        dir.write(["home/" + line.dropFirst("schedule = ~/".count): schedule])
      }
      environment["TERM"] = "dumb"
      let r = try runProcess(try YoubiBinary.path(), ["--print"], environment: environment)
      #expect(r.status == 0 && r.err.isEmpty, "\(config)\n\(r.err)")
      #expect(r.out.contains("My week"), "\(r.out)")
    }
  }
}
