import Foundation
import Testing

/// Sliding between days, the loop, bursts and per-day memory, on the real binary.
@Suite("End to end: navigation", .serialized, youbiRequired)
struct NavigationTests {
  @Test(
    "starts on the --day given",
    arguments: [
      ("monday", "Monday"), ("Wed", "Wednesday"), ("friday", "Friday"), ("sun", "Sunday"),
      ("日", "Sunday"), ("火", "Tuesday"),
    ])
  func startsOnGivenDay(day: String, expected: String) async throws {
    let s = try startYoubi(["--day", day])
    defer { s.close() }
    let (_, screen) = try await s.settledDay()
    expectLayout(screen, day: expected)
  }

  @Test("--day today starts on today")
  func startsOnToday() async throws {
    let before = todayIndex()
    let s = try startYoubi(["--day", "today"])
    defer { s.close() }
    let (day, screen) = try await s.settledDay()
    #expect([dayName(before), dayName(todayIndex())].contains(day))
    expectLayout(screen, day: day)
  }

  @Test("Right ×7, one at a time, visits every day in order and comes back")
  func rightSevenTimesComesBack() async throws {
    let s = try startYoubi(["--day", "thursday"])
    defer { s.close() }
    let (start, first) = try await s.settledDay()
    #expect(start == "Thursday")
    var visited: [String] = []
    for _ in 0..<7 {
      try s.send("Right")
      let (day, screen) = try await s.settledDay()
      expectLayout(screen, day: day)
      visited.append(day)
    }
    #expect(
      visited == ["Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday"])
    #expect(try s.capture() == first, "back on Thursday the screen differs")
  }

  @Test("Left ×7 with h goes round the other way")
  func leftSevenTimesComesBack() async throws {
    let s = try startYoubi(["--day", "tuesday"])
    defer { s.close() }
    let (_, first) = try await s.settledDay()
    var visited: [String] = []
    for i in 0..<7 {
      try s.send(i.isMultiple(of: 2) ? "Left" : "h")
      let (day, screen) = try await s.settledDay()
      expectLayout(screen, day: day)
      visited.append(day)
    }
    #expect(
      visited == ["Monday", "Sunday", "Saturday", "Friday", "Thursday", "Wednesday", "Tuesday"])
    #expect(try s.capture() == first)
  }

  @Test("Left from Monday shows Sunday; Right from Sunday shows Monday")
  func loopsAtTheEnds() async throws {
    let s = try startYoubi(["--day", "monday"])
    defer { s.close() }
    try await s.settledDay()
    try s.send("Left")
    let (day, screen) = try await s.settledDay()
    #expect(day == "Sunday")
    expectLayout(screen, day: "Sunday")
    try s.send("Right")
    let (back, again) = try await s.settledDay()
    #expect(back == "Monday")
    expectLayout(again, day: "Monday")
  }

  @Test("a burst of 10 Right in ONE send-keys lands 10 days on (Monday → Thursday)")
  func burstOfTenRights() async throws {
    let s = try startYoubi(["--day", "monday"])
    defer { s.close() }
    try await s.settledDay()
    try s.send(Array(repeating: "Right", count: 10))
    let (day, screen) = try await s.settledDay()
    #expect(day == "Thursday")
    expectLayout(screen, day: "Thursday")
  }

  @Test("a mixed burst settles on start + rights − lefts (mod 7)")
  func mixedBurst() async throws {
    // 4 right, 9 left: Wednesday − 5 → Friday.
    let keys = [
      "l", "Right", "Left", "h", "h", "Left", "Right", "Left", "h", "h", "l", "Left", "h",
    ]
    let s = try startYoubi(["--day", "wednesday", "--duration", "400"])
    defer { s.close() }
    try await s.settledDay()
    try s.send(keys)
    let (day, screen) = try await s.settledDay()
    #expect(day == "Friday")
    expectLayout(screen, day: "Friday")
  }

  @Test("mid-slide (--duration 6000) the outgoing and incoming pages are side by side")
  func midSlideShowsBothPages() async throws {
    // The settled Tuesday first, to know what the incoming heading looks like.
    let t = try startYoubi(["--day", "tuesday"])
    defer { t.close() }
    let (_, tuesday) = try await t.settledDay()
    t.close()

    // A slide of six seconds: long enough that even a loaded machine, capturing
    // the pane slowly, sees it at several offsets.
    let s = try startYoubi(["--day", "monday", "--duration", "6000"])
    defer { s.close() }
    let (_, monday) = try await s.settledDay()
    try s.send("Right")
    let mid = try await s.waitFor("a mid-slide frame", timeout: 5) {
      $0.isBetween(monday, tuesday)
    }
    let k = mid.slideOffset(from: monday, to: tuesday, width: 80)
    #expect(
      k != nil,
      "the heading row is not Monday's and Tuesday's headings side by side:\n\(mid)\nMonday:\n\(monday)\nTuesday:\n\(tuesday)"
    )
    #expect(mid.hasTabBar)
    // The slide moves on: wait for two more frames, each further along than
    // the last (a slide never stands still or goes back), then sample until it
    // ends: every frame between is a shift of the strip, and none goes back.
    var offsets: [Int] = k.map { [$0] } ?? []
    for _ in 0..<2 {
      let last = offsets.last ?? 0
      let next = try await s.waitFor("a frame further along than offset \(last)", timeout: 10) {
        $0.slideOffset(from: monday, to: tuesday, width: 80).map { $0 > last } ?? false
      }
      offsets += next.slideOffset(from: monday, to: tuesday, width: 80).map { [$0] } ?? []
    }
    var bad: [Screen] = []
    while true {
      let screen = try s.capture()
      if screen.currentDay == "Tuesday" { break }
      if screen.isBetween(monday, tuesday) {
        if let k = screen.slideOffset(from: monday, to: tuesday, width: 80) {
          if offsets.last != k { offsets.append(k) }
        } else {
          bad.append(screen)
        }
      }
      try await Task.sleep(for: .milliseconds(30))
    }
    #expect(
      bad.isEmpty,
      "\(bad.count) mid-slide frames are not the two pages side by side, e.g.:\n\(bad.first.map(String.init(describing:)) ?? "")"
    )
    #expect(offsets == offsets.sorted(), "the slide went backwards: offsets \(offsets)")
    let (day, after) = try await s.settledDay(timeout: 10)
    #expect(day == "Tuesday")
    expectLayout(after, day: "Tuesday")
  }

  @Test("a scrolled Monday (j ×20) is scrolled identically after going round the loop")
  func scrollSurvivesTheLoop() async throws {
    let s = try startYoubi(["--day", "monday"])
    defer { s.close() }
    let (_, top) = try await s.settledDay()
    try s.send(Array(repeating: "j", count: 20))
    let scrolled = try await s.settle { $0.currentDay == "Monday" && $0 != top }
    let heading = try #require(scrolled.headingRow)
    let page = heading..<scrolled.rows.count
    #expect(scrolled.styled(page) != top.styled(page), "j ×20 did not move the Monday page")

    // Round the loop to the right, one day at a time (through the Sunday → Monday wrap).
    for _ in 0..<7 {
      try s.send("Right")
      try await s.settledDay()
    }
    let afterRight = try await s.settle { $0.currentDay == "Monday" }
    #expect(
      afterRight.styled(page) == scrolled.styled(page),
      "after Right ×7:\n\(afterRight)\nwas:\n\(scrolled)")

    // And to the left, in one burst (through the Monday → Sunday wrap).
    try s.send(Array(repeating: "Left", count: 7))
    let afterLeft = try await s.settle { $0.currentDay == "Monday" }
    #expect(
      afterLeft.styled(page) == scrolled.styled(page),
      "after Left ×7:\n\(afterLeft)\nwas:\n\(scrolled)")
  }

  @Test("each day keeps its own cursor and scroll")
  func perDayMemory() async throws {
    let s = try startYoubi(["--day", "monday"])
    defer { s.close() }
    try await s.settledDay()
    try s.send(Array(repeating: "j", count: 3))
    let monday = try await s.settle { $0.currentDay == "Monday" }
    try s.send("Right")
    let (_, tuesdayTop) = try await s.settledDay()
    try s.send(Array(repeating: "Down", count: 5))
    let tuesday = try await s.settle { $0.currentDay == "Tuesday" && $0 != tuesdayTop }
    try s.send("Left")
    let (d1, mondayAgain) = try await s.settledDay()
    #expect(d1 == "Monday")
    #expect(mondayAgain == monday, "Monday lost its cursor:\n\(mondayAgain)\nwas:\n\(monday)")
    try s.send("Right")
    let (d2, tuesdayAgain) = try await s.settledDay()
    #expect(d2 == "Tuesday")
    #expect(tuesdayAgain == tuesday, "Tuesday lost its cursor:\n\(tuesdayAgain)\nwas:\n\(tuesday)")
  }

  @Test("cursor keys: j/k, Down/Up, PgDn/PgUp, End/G, Home/g move and come back")
  func cursorKeys() async throws {
    let s = try startYoubi(["--day", "monday"])
    defer { s.close() }
    let (_, top) = try await s.settledDay()
    let pairs: [(String, String)] = [
      ("j", "k"), ("Down", "Up"), ("NPage", "PPage"), ("End", "Home"), ("G", "g"),
    ]
    for (forward, back) in pairs {
      try s.send(forward)
      let moved = try await s.settle { $0 != top && $0.currentDay == "Monday" }
      #expect(moved.hasTabBar)
      try s.send(back)
      let returned = try await s.settle { $0.currentDay == "Monday" }
      #expect(returned == top, "\(forward) then \(back) did not come back:\n\(returned)")
    }
    // End then g also returns to the top.
    try s.send("End")
    try await s.settle { $0 != top }
    try s.send("g")
    #expect(try await s.settle { $0.currentDay == "Monday" } == top)
  }

  @Test("1–7 jump to a day, t to today")
  func digitsAndToday() async throws {
    let s = try startYoubi(["--day", "wednesday"])
    defer { s.close() }
    try await s.settledDay()
    for (key, expected) in [("7", "Sunday"), ("1", "Monday"), ("5", "Friday"), ("2", "Tuesday")] {
      try s.type(key)
      let (day, screen) = try await s.settledDay()
      #expect(day == expected, "key \(key)")
      expectLayout(screen, day: expected)
    }
    let before = todayIndex()
    try s.type("t")
    let (day, _) = try await s.settledDay()
    #expect([dayName(before), dayName(todayIndex())].contains(day))
  }

  @Test("? toggles a help overlay")
  func helpOverlay() async throws {
    let s = try startYoubi(["--day", "friday"])
    defer { s.close() }
    let (_, plain) = try await s.settledDay()
    try s.type("?")
    let help = try await s.settle { $0 != plain }
    #expect(help != plain)
    try s.type("?")
    let back = try await s.settle { $0 == plain }
    #expect(back == plain)
  }

  @Test("--no-animation switches day with no mid-slide frame")
  func noAnimation() async throws {
    let t = try startYoubi(["--day", "tuesday"])
    defer { t.close() }
    let (_, tuesday) = try await t.settledDay()
    t.close()

    let s = try startYoubi(["--day", "monday", "--no-animation"])
    defer { s.close() }
    let (_, monday) = try await s.settledDay()
    try s.send("Right")
    let deadline = Date().addingTimeInterval(5)
    while true {
      let screen = try s.capture()
      #expect(!screen.isBetween(monday, tuesday), "a mid-slide frame:\n\(screen)")
      if screen.currentDay == "Tuesday" || Date() > deadline { break }
      try await Task.sleep(for: .milliseconds(5))
    }
    let (day, screen) = try await s.settledDay()
    #expect(day == "Tuesday")
    expectLayout(screen, day: "Tuesday")
  }

  @Test("--labels ja shows the kanji weekday tabs")
  func japaneseLabels() async throws {
    let s = try TerminalSession(youbi: ["--labels", "ja", "--day", "monday"])
    defer { s.close() }
    let screen = try await s.settle { !($0.rows.first ?? "").isEmpty }
    let top = screen.rows.first ?? ""
    let positions = "月火水木金土日".map { top.firstIndex(of: $0) }
    #expect(positions.allSatisfy { $0 != nil }, "top row: \(top)")
    let found = positions.compactMap { $0 }
    #expect(found == found.sorted(), "tabs out of order: \(top)")
  }
}
