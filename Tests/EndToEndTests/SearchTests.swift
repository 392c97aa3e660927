import Foundation
import Testing

/// `/` search in a real terminal: typed (Japanese included), kept, stepped, cancelled.
@Suite("End to end: search", .serialized, youbiRequired)
struct SearchEndToEndTests {
  func footer(_ screen: Screen) -> String { screen.rows.last ?? "" }

  @Test("typing slides to the first match; Enter keeps it; n and N step across days and wrap")
  func typeKeepAndStep() async throws {
    let s = try startYoubi(
      ["--day", "monday", "small.json"], files: ["small.json": Schedules.small()])
    defer { s.close() }
    try await s.settledDay()
    try s.type("/")
    try await s.waitFor("the prompt") { self.footer($0).hasPrefix(" /") }
    try s.type("wed-PIPE-03")  // case is ignored
    let found = try await s.settle("Wednesday's third serial") {
      $0.currentDay == "Wednesday" && self.footer($0).hasSuffix("1 match")
    }
    #expect(footer(found).hasPrefix(" /wed-PIPE-03"), "\(found)")
    #expect(found.rows[5].contains("▸ Wed-pipe-03"), "the cursor is on the match:\n\(found)")
    // The match is highlighted: bold and underlined, inside the reversed cursor row.
    let column = try #require(found.rows[5].range(of: "Wed-pipe-03")).lowerBound
    let x = found.rows[5].distance(from: found.rows[5].startIndex, to: column)
    let flags = found.attributeRows[5][x].split(separator: "|")[0].split(separator: ",")
    #expect(Set(flags).isSuperset(of: ["1", "4", "7"]), "attributes \(flags)")

    try s.send("Escape")  // cancels: back to Monday
    try await s.settledDay()
    try s.type("/pipe-02")
    try await s.settle { self.footer($0).hasSuffix("7 matches") && $0.currentDay == "Monday" }
    try s.send("Enter")
    let kept = try await s.settle { self.footer($0).contains("n next") }
    #expect(footer(kept).hasSuffix("1/7"), "\(kept)")
    for day in ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] {
      try s.type("n")
      try await s.settle(day) {
        $0.currentDay == day && $0.text.contains("▸ \(day.prefix(3))-pipe-02")
      }
    }
    try s.type("n")
    let wrapped = try await s.settle("wrapped to Monday") { $0.currentDay == "Monday" }
    #expect(footer(wrapped).contains("search hit the end"), "\(wrapped)")
    try s.type("N")
    let back = try await s.settle("wrapped back to Sunday") { $0.currentDay == "Sunday" }
    #expect(footer(back).contains("search hit the start"), "\(back)")
    try s.send("Escape")  // clears the kept search
    try await s.settle { self.footer($0).contains("? help") }
    try s.send("Escape")  // quits nothing: one Esc too many says how to quit
    try await s.settle { self.footer($0).contains("q quits") }
    try s.type("q")
    #expect(try await s.waitForExit() == 0)
  }

  @Test("Esc returns to exactly where the search started: day, cursor and scroll")
  func escapeRestores() async throws {
    let s = try startYoubi(
      ["--day", "thursday", "small.json"], height: 10,
      files: ["small.json": Schedules.small(perDay: 12)])
    defer { s.close() }
    try await s.settledDay()
    try s.send("j", "j", "j", "j", "j", "j", "j")  // scrolled: 10 rows show 4 serials
    let before = try await s.settle { $0.text.contains("▸ Thu-pipe-08") }
    try s.type("/mon-pipe-11")
    try await s.settle("Monday's eleventh") { $0.text.contains("▸ Mon-pipe-11") }
    try s.send("Escape")
    let after = try await s.settle { $0.text.contains("▸ Thu-pipe-08") }
    expectSameScreen(after, before)
  }

  @Test(
    "Japanese typed through the terminal matches katakana and half-width; Backspace takes a whole character"
  )
  func japanese() async throws {
    let s = try startYoubi(["--day", "monday", "a.json", "b.json"], files: SectionFiles.files)
    defer { s.close() }
    try await s.settle { $0.day(onRow: 3) == "Monday" }
    try s.type("/かめ")
    let first = try await s.settle("Anime's Friday") {
      $0.day(onRow: 3) == "Friday" && self.footer($0).hasSuffix("2 matches")
    }
    #expect(first.rows[4].contains("かめの恩返し"), "\(first)")
    #expect(footer(first).hasPrefix(" /かめ"), "\(first)")
    try s.send("Enter")
    try s.type("n")  // on to b.json, whose ｶﾒ日記 is half-width
    let second = try await s.settle("b.json's Tuesday") {
      $0.rows[0].hasPrefix(" ‹ ") && $0.day(onRow: 3) == "Tuesday"
    }
    #expect(second.rows[4].contains("ｶﾒ日記"), "\(second)")

    try s.type("/ガ")
    try await s.settle { self.footer($0).hasPrefix(" /ガ") && self.footer($0).hasSuffix("no match") }
    try s.send("BSpace")
    try await s.settle("one character gone") {
      self.footer($0).trimmingCharacters(in: .whitespaces) == "/"
    }
    try s.send("BSpace")  // on an empty prompt: cancels
    try await s.settle { self.footer($0).contains("? help") }
  }

  @Test("a bracketed paste goes into the prompt as text, never as keys")
  func pasteIntoThePrompt() async throws {
    let s = try startYoubi(["--day", "monday", "a.json", "b.json"], files: SectionFiles.files)
    defer { s.close() }
    try await s.settle { $0.day(onRow: 3) == "Monday" }
    try s.type("/")
    try await s.waitFor("the prompt") { self.footer($0).hasPrefix(" /") }
    let buffer = "youbi-e2e-\(s.name)"
    try s.server.run(["set-buffer", "-b", buffer, "ｶﾒ\u{1b}[2J"])
    try s.server.run(["paste-buffer", "-p", "-d", "-b", buffer, "-t", s.name])
    let screen = try await s.settle("the pasted query") {
      self.footer($0).hasPrefix(" /ｶﾒ[2J") && self.footer($0).hasSuffix("no match")
    }
    #expect(screen.day(onRow: 3) == "Monday", "no match: the view stays where it was")
    try s.send("BSpace", "BSpace", "BSpace")
    let found = try await s.settle("ｶﾒ, which finds かめの恩返し") {
      self.footer($0).hasPrefix(" /ｶﾒ ") && $0.day(onRow: 3) == "Friday"
    }
    #expect(found.rows[4].contains("かめの恩返し"), "\(found)")
  }

  @Test("searching a hostile schedule keeps its text inert")
  func hostile() async throws {
    let s = try startYoubi(
      ["--day", "monday", "hostile.json"], files: ["hostile.json": Schedules.hostile])
    defer { s.close() }
    try await s.settledDay()
    let title = try s.paneTitle()
    try s.type("/title")
    let screen = try await s.settle { self.footer($0).hasSuffix("1 match") }
    #expect(screen.text.contains("␛]0;pwned␇ title"), "\(screen)")
    #expect(try s.paneTitle() == title)
    try s.send("Escape")  // (typed at once, Esc and / would read as Alt-/)
    try await s.settle { self.footer($0).contains("? help") }
    try s.type("/clip")
    try await s.settle { self.footer($0).hasPrefix(" /clip") }
    let buffers = try s.server.run(["list-buffers"], check: false).out
    #expect(buffers.isEmpty, "an OSC 52 got through: \(buffers)")
  }
}
