import Foundation
import TestSupport
import Testing

/// Schedules for the section tests: "Anime" (titled) and `b.json` (untitled).
enum SectionFiles {
  static let anime = #"""
    {"title": "Anime", "days": {"monday": ["Frieren", "Kame Quest"], "friday": ["かめの恩返し"]}}
    """#
  static let untitled = #"""
    {"days": {"monday": ["Dandadan"], "tuesday": ["ｶﾒ日記"]}}
    """#
  /// A file of two sections, the second untitled.
  static let shelves = #"""
    {"title": "Shelves", "sections": [
      {"title": "Manga", "days": {"mon": ["星屑の郵便配達"], "sat": ["竜の台所"]}},
      {"days": {"sun": ["Quiet Hours"]}}
    ]}
    """#
  static let files = ["a.json": anime, "b.json": untitled, "shelves.json": shelves]
}

/// Expects two screens to look the same, attributes included: their canonical
/// styled rows, which leave out blanks nobody can see (tmux captures a
/// trailing blank that was written, not one that was cleared, and which of
/// the two a row ends with depends on how ncurses last updated it).
func expectSameScreen(
  _ actual: Screen, _ expected: Screen, sourceLocation: SourceLocation = #_sourceLocation
) {
  guard actual.styledRows != expected.styledRows else { return }
  let diff = (0..<max(actual.styledRows.count, expected.styledRows.count)).compactMap { i in
    let a = actual.styledRows.indices.contains(i) ? actual.styledRows[i] : "(none)"
    let e = expected.styledRows.indices.contains(i) ? expected.styledRows[i] : "(none)"
    return a == e
      ? nil : "row \(i):\n  expected \(e.debugDescription)\n  actual   \(a.debugDescription)"
  }
  Issue.record(
    Comment(rawValue: "screens differ:\n\(diff.joined(separator: "\n"))\nactual:\n\(actual)"),
    sourceLocation: sourceLocation)
}

extension Screen {
  /// The one full day name on `row`, if there is exactly one.
  func day(onRow row: Int) -> String? {
    guard rows.indices.contains(row) else { return nil }
    let names = Screen.dayNames(in: rows[row])
    return names.count == 1 ? names[0] : nil
  }
}

/// Several schedules side by side, in a real terminal.
@Suite("End to end: sections", .serialized, youbiRequired)
struct SectionsEndToEndTests {
  @Test(
    "two files are two sections named by title or file name; Tab and Shift-Tab slide between them")
  func tabSlidesBetweenSections() async throws {
    let s = try startYoubi(["--day", "monday", "a.json", "b.json"], files: SectionFiles.files)
    defer { s.close() }
    let first = try await s.settle("the first section") {
      $0.rows[0].contains("Anime") && $0.rows[0].contains("b.json")
        && $0.rows[0].hasSuffix("›") && $0.day(onRow: 3) == "Monday"
    }
    #expect(first.rows[4].contains("Frieren"), "\(first)")
    #expect(!first.rows[0].contains("‹"), "no previous section before the first:\n\(first)")
    #expect(first.rows[1].contains("Mon") && first.rows[1].contains("Sun"), "\(first)")

    try s.send("Tab")
    let second = try await s.settle("the second section") { $0.rows[4].contains("Dandadan") }
    // Both titles fit: the strip names them, the buttons are bare arrows (each name once).
    #expect(second.rows[0].hasPrefix(" ‹ "), "\(second)")
    #expect(second.rows[0].components(separatedBy: "Anime").count == 2, "\(second)")
    #expect(!second.rows[0].contains("›"), "no next section after the last:\n\(second)")

    try s.send("Tab")  // on the last section: nothing moves
    expectSameScreen(try await s.settle(), second)

    try s.send("BTab")
    expectSameScreen(try await s.settle { $0.rows[4].contains("Frieren") }, first)
    try s.type("q")
    #expect(try await s.waitForExit() == 0)
  }

  @Test("a file with \"sections\" gives one section each, beside the other files")
  func aFileWithSections() async throws {
    let s = try startYoubi(
      ["--day", "monday", "a.json", "shelves.json"], files: SectionFiles.files)
    defer { s.close() }
    let first = try await s.settle {
      $0.rows[0].contains("Manga") && $0.rows[0].hasSuffix("›") && $0.rows[4].contains("Frieren")
    }
    #expect(first.rows[0].contains("shelves.json 2"), "\(first)")
    try s.send("Tab")
    try await s.settle("Manga") { $0.rows[4].contains("星屑の郵便配達") }
    try s.send("Tab", "7")
    let last = try await s.settle("the untitled section's Sunday") {
      $0.rows[4].contains("Quiet Hours")
    }
    #expect(last.rows[0].hasPrefix(" ‹ ") && last.rows[0].contains("Manga"), "\(last)")
    #expect(!last.rows[0].hasSuffix("›"), "no next section after the last:\n\(last)")
  }

  @Test("each section keeps its own day: leaving and coming back shows what was left")
  func eachSectionKeepsItsDay() async throws {
    let s = try startYoubi(["--day", "monday", "a.json", "b.json"], files: SectionFiles.files)
    defer { s.close() }
    try await s.settle { $0.day(onRow: 3) == "Monday" }
    try s.send("5")
    let friday = try await s.settle("Anime's Friday") { $0.day(onRow: 3) == "Friday" }
    try s.send("Tab")
    try await s.settle("b.json's Monday") {
      $0.day(onRow: 3) == "Monday" && $0.rows[4].contains("Dandadan")
    }
    try s.send("BTab")
    expectSameScreen(try await s.settle { $0.day(onRow: 3) == "Friday" }, friday)
  }

  @Test("clicking a section's title slides to it; clicking ‹ slides back")
  func clickingSections() async throws {
    let s = try startYoubi(["--day", "monday", "a.json", "b.json"], files: SectionFiles.files)
    defer { s.close() }
    let first = try await s.settle { $0.rows[0].contains("b.json") && $0.rows[0].hasSuffix("›") }
    let title = try #require(first.rows[0].range(of: "b.json"))
    let x = first.rows[0].distance(from: first.rows[0].startIndex, to: title.lowerBound) + 2
    try s.mouse(button: 0, x: x, y: 0)
    try s.mouse(button: 0, x: x, y: 0, release: true)
    try await s.settle("b.json") { $0.rows[4].contains("Dandadan") }
    try s.mouse(button: 0, x: 2, y: 0)  // on the ‹
    try s.mouse(button: 0, x: 2, y: 0, release: true)
    expectSameScreen(try await s.settle { $0.rows[4].contains("Frieren") }, first)
  }

  @Test(
    "at 80 columns every title shows; where they do not fit, the strip keeps the selected one whole and centred",
    arguments: [80, 32])
  func narrowSectionBar(width: Int) async throws {
    let names = ["Anime", "Manga", "Novels", "Podcasts"]
    var files: [String: String] = [:]
    for (i, name) in names.enumerated() {
      files["\(i).json"] = "{\"title\": \"\(name)\", \"days\": {\"mon\": [\"Serial of \(name)\"]}}"
    }
    let s = try startYoubi(
      ["--day", "monday"] + (0..<4).map { "\($0).json" }, width: width, files: files)
    defer { s.close() }
    try await s.settle { $0.rows[4].contains("Serial of Anime") }
    for (i, name) in names.enumerated() {
      if i > 0 { try s.send("Tab") }
      let screen = try await s.settle("section \(name)") {
        $0.rows[4].contains("Serial of \(name)")
      }
      let bar = screen.rows[0]
      let range = try #require(bar.range(of: " \(name)"), "'\(name)' is not whole:\n\(screen)")
      let start = bar.distance(from: bar.startIndex, to: range.lowerBound) + 1
      // The selected title is the one in reverse (the block indicator).
      let codes = screen.attributeRows[0]
      #expect(
        (start..<(start + name.count)).allSatisfy {
          codes[$0].split(separator: "|")[0].contains("7")
        },
        "'\(name)' is not the selected title:\n\(screen)")
      if width == 80 {
        #expect(names.allSatisfy { bar.contains($0) }, "at 80 columns all fit:\n\(screen)")
      } else {
        #expect(names.filter { bar.contains($0) }.count < names.count, "a strip:\n\(screen)")
        if i == 1 || i == 2 {  // between two buttons of the same width: the bar's centre
          #expect(abs(start + name.count / 2 - width / 2) <= 2, "not centred:\n\(screen)")
        }
      }
    }
  }

  @Test("before the screen starts, an error names the file of its section")
  func errorBeforeTheScreen() async throws {
    let s = try startYoubi(
      ["a.json", "b.json", "bad.json"],
      files: SectionFiles.files.merging(["bad.json": "{\"days\": [1]}"]) { $1 })
    defer { s.close() }
    #expect(try await s.waitForExit() == 65)
    let screen = try s.capture(joinWrapped: true)
    #expect(screen.text.contains("youbi: bad.json:"), "\(screen)")
  }

  @Test("a schedule piped in behind the others that fails shows its error in its own section")
  func backgroundFailureShowsInItsSection() async throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let bad = dir.write("{\"days\": {\"someday\": []}}", to: "bad.json")
    let s = try startYoubi(
      ["--day", "monday", "a.json", "-"], input: .pipe(fromFile: bad), files: SectionFiles.files)
    defer { s.close() }
    try await s.settle { $0.rows[0].contains("<stdin>") && $0.rows[0].hasSuffix("›") }
    try s.send("Tab")
    let screen = try await s.settle("the error in <stdin>'s page") {
      $0.text.contains("youbi: <stdin>:")
    }
    #expect(screen.text.contains("someday"), "\(screen)")
    #expect(s.exitStatus() == nil, "the run goes on")
  }
}

/// `--print` and errors with several files, without a terminal.
@Suite("End to end: sections on the command line", youbiRequired)
struct SectionsCommandLineTests {
  func youbi(_ arguments: [String]) throws -> ProcessResult {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    dir.write(
      SectionFiles.files.merging([
        "bad.json": "{\"days\": [1]}", "shelves.json": SectionFiles.shelves,
      ]) { $1 })
    let env = try isolatedProcessEnvironment(dir)
    let paths = arguments.map { $0.hasSuffix(".json") ? dir($0) : $0 }
    return try runProcess(try YoubiBinary.path(), paths, environment: env, timeout: 15)
  }

  @Test("--print prints every section of every file under its name")
  func printsEverySection() throws {
    let r = try youbi([
      "--print", "--all", "--labels", "en", "--day", "monday", "a.json", "b.json", "shelves.json",
    ])
    #expect(r.status == 0, "stderr: \(r.err)")
    #expect(
      r.out == """
        == Anime ==

        Monday
          Frieren
          Kame Quest

        == b.json ==

        Monday
          Dandadan

        == Manga ==

        Monday
          星屑の郵便配達

        == shelves.json 2 ==

        Monday
          (nothing this day)

        """)
  }

  @Test("an error names the file of the section it is in")
  func errorsNameTheirFile() throws {
    let missing = try youbi(["--print", "a.json", "missing.json"])
    #expect(missing.status == 66)
    #expect(missing.err.hasSuffix("missing.json: cannot open: no such file\n"), "\(missing.err)")
    let bad = try youbi(["--print", "a.json", "bad.json"])
    #expect(bad.status == 65)
    #expect(bad.err.contains("bad.json:"), "\(bad.err)")
    #expect(!bad.err.contains("a.json"), "\(bad.err)")
  }
}
