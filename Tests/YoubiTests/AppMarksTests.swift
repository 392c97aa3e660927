import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// The details box, open, copy, read marks, stars and the starred filter, as keys and clicks.
@Suite struct AppMarksTests {
  @Test func enterOpensTheDetailsWrappedToTheWidthAndEnterOrEscCloseIt() {
    var state = marksState()
    state.expect(.keyPressed(.enter), at: .zero, effects: [.wake(at: beforeMidnight)]) {
      $0.showDetails = true
    }
    let screen = state.render(at: .zero)
    expectScreen(
      screen,
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  4 serials                                                          1/4",
        " ▸ 21:00 Frieren: Beyond Journey's End  chapter 140, the long trip n…  山田鐘人",
        "         Dandadan",
        "         Kaiju No. 8",
        "         Sakamoto Days                                                   Suzuki",
        "        ┌─ Details ────────────────────────────────────────────────────┐",
        "        │ Frieren: Beyond Journey's End                                │",
        "        │ 山田鐘人                                                     │",
        "        │ chapter 140, the long trip north through the snowy mountains │",
        "        │ of the plateau                                               │",
        "        │ Time 21:00                                                   │",
        "        │ https://example.com/frieren                                  │",
        "        │ [ o open ]  [ y copy link ]                                  │",
        "        └─ Enter Esc close ────────────────────────────────────────────┘",
        "",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Sun                            Marks week                            Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
    #expect(screen.cursor == Point(x: 10, y: 8), "the reading point is the box's first line")
    state.expect(.keyPressed(.enter), at: .zero, effects: [.wake(at: beforeMidnight)]) {
      $0.showDetails = false
    }
    state.step(.keyPressed(.enter), at: .zero, effects: [.wake(at: beforeMidnight)])
    state.expect(.keyPressed(.escape), at: .zero, effects: [.wake(at: beforeMidnight)]) {
      $0.showDetails = false
    }
  }

  @Test func theDetailsWrapWideTextByColumnsOnANarrowScreen() {
    var state = AppState(
      schedule: Schedule(days: [
        .monday: [Serial(title: "葬送のフリーレン 長いタイトルはここで折り返す", author: "山田鐘人")]
      ]), day: .monday, labels: .en, size: Size(width: 30, height: 12), wall: testWall)
    state.step(.keyPressed(.enter), at: .zero, effects: [.wake(at: beforeMidnight)])
    let lines = state.render(at: .zero).lines
    #expect(
      Array(lines[2...7]) == [
        "┌─ Details ──────────────────┐",
        "│ 葬送のフリーレン           │",
        "│ 長いタイトルはここで折り返 │",
        "│ す                         │",
        "│ 山田鐘人                   │",
        "│ [ y copy title ]           │",
      ], "\(state.render(at: .zero))")
  }

  @Test func theDetailsTakeEveryKeyButTheirOwn() {
    var state = marksState()
    state.step(.keyPressed(.enter), at: .zero, effects: [.wake(at: beforeMidnight)])
    for key: Key in [.down, .right, .char("j"), .char("?"), .char("/"), .char("*"), .tab] {
      state.expect(.keyPressed(key), at: .zero, effects: [.wake(at: beforeMidnight)]) { _ in }
    }
    state.step(.keyPressed(.char("\u{03}")), at: .zero, effects: [.quit(status: 130)])
    state.expect(.keyPressed(.char("q")), at: .zero, effects: [.wake(at: beforeMidnight)]) {
      $0.showDetails = false
    }
  }

  @Test func oOpensTheLinkAndTheFooterSaysHowItWent() {
    var state = marksState()
    let url = webURL("https://example.com/frieren")
    state.step(
      .keyPressed(.char("o")), at: .zero,
      effects: [.open(webURL("https://example.com/frieren")), .wake(at: beforeMidnight)])
    #expect(state.render(at: .zero).lines[23].hasPrefix(" opening…  "))
    state.step(.urlOpened(.success(url)), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(state.render(at: .zero).lines[23].hasPrefix(" opened  "))
    state.step(
      .urlOpened(.failure(OpenFailure("no browser: xdg-open not found"))), at: .zero,
      effects: [.wake(at: beforeMidnight)])
    #expect(
      state.render(at: .zero).lines[23]
        == " no browser: xdg-open not found                                  ? help  q quit")
    state.step(.keyPressed(.down), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(state.notice == nil, "a key clears what the last action said")
  }

  @Test func oOnASerialWithoutALinkSaysSo() {
    var state = marksState()
    _ = state.press(.char("G"), at: .zero)
    state.step(.keyPressed(.char("o")), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(state.notice == Notice(.link, "no link for this serial", isError: true))
  }

  @Test func yCopiesTheLinkOrTheTitle() {
    var state = marksState()
    state.step(
      .keyPressed(.char("y")), at: .zero,
      effects: [.copy("https://example.com/frieren"), .wake(at: beforeMidnight)])
    #expect(state.render(at: .zero).lines[23].hasPrefix(" copied  "))
    _ = state.press(.char("G"), at: .zero)
    state.step(
      .keyPressed(.char("y")), at: .zero,
      effects: [.copy("Sakamoto Days"), .wake(at: beforeMidnight)])
  }

  @Test func aClickOnTheDetailsButtonsOrLinkOpensOrCopies() throws {
    var state = marksState()
    state.step(.keyPressed(.enter), at: .zero, effects: [.wake(at: beforeMidnight)])
    let box = try #require(state.detailsBox())
    let open = try #require(box.buttons.first { $0.action == .open }).rect
    let copy = try #require(box.buttons.first { $0.action == .copy }).rect
    let url = webURL("https://example.com/frieren")
    func click(
      _ x: Int, _ y: Int, _ effects: [Effect], sourceLocation: SourceLocation = #_sourceLocation
    ) {
      state.step(
        .mouse(MouseEvent(.press, x: x, y: y)), at: .zero,
        effects: effects + [.wake(at: beforeMidnight)],
        sourceLocation: sourceLocation)
    }
    click(open.x + 2, open.y, [.open(url)])
    click(copy.x + 2, copy.y, [.copy(url.text)])
    click(12, 13, [.open(url)])  // row 13: the link's own line
    click(12, 9, [])  // the author's line does nothing
    #expect(state.showDetails)
    click(2, 20, [])
    #expect(!state.showDetails, "a click outside closes the box")
  }

  @Test func mMarksTheReleaseSeenWithACheckAndDimsTheRow() {
    var state = marksState()
    _ = state.press(.down, at: .zero)
    // Saved once the debounce passes.
    state.step(.keyPressed(.char("m")), at: .zero, effects: [.wake(at: ms(200))])
    let monday = date(2026, 11, 30)
    #expect(state.marks.isSeen(SerialID(title: "Dandadan"), in: marksKey, on: monday))
    #expect(state.saving.unsaved)
    let screen = state.render(at: .zero)
    // From the first mark on, what came out and is not seen is behind: +N, never a bare number.
    #expect(
      Array(screen.lines.prefix(7)) == [
        "   Mon +3     Tue +2       Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  3 behind of 4                                                      2/4",
        "   21:00 Frieren: Beyond Journey's End +1  chapter 140, the long tri…  山田鐘人",
        " ▸       Dandadan ✓",
        "         Kaiju No. 8 +1",
        "         Sakamoto Days +1                                                Suzuki",
      ])
    #expect(screen[3, 4].style.attributes.contains(.dim), "the read row is dimmed as well")
    #expect(!screen[3, 5].style.attributes.contains(.dim))
    state.step(.keyPressed(.char("m")), at: .zero, effects: [.wake(at: ms(200))])
    #expect(!state.marks.isSeen(SerialID(title: "Dandadan"), in: marksKey, on: monday))
    #expect(state.render(at: .zero).lines[0].hasPrefix("   Mon +4     Tue +2 "))
  }

  @Test func aNewWeekStartsUnread() {
    var state = marksState()
    state.step(.keyPressed(.char("m")), at: .zero, effects: [.wake(at: ms(200))])
    #expect(state.render(at: .zero).lines[3].contains("✓"))
    // The same app a week later: Monday's mark belongs to last week.
    state.step(
      .timerFired, at: moment(.seconds(7 * 86_400)),
      effects: [saved([frieren: seenMonday]), .wake(at: .seconds(644400))])
    let screen = state.render(at: .seconds(7 * 86_400))
    #expect(!screen.lines[3].contains("✓"), "\(screen)")
    #expect(screen.lines[2].contains("4 behind of 4"), "\(screen)")
  }

  @Test func allReadShowsACheckOnTheTabAndCountsGiveWayWhenNarrow() {
    var state = marksState()
    state.step(.keyPressed(.char("1")), at: .zero, effects: [.wake(at: beforeMidnight)])
    _ = state.press(.char("2"), at: .zero)
    for _ in 0..<2 {
      state.step(.keyPressed(.char("m")), at: .zero, effects: [.wake(at: ms(200))])
      state.step(.keyPressed(.down), at: .zero, effects: [.wake(at: ms(200))])
    }
    #expect(state.render(at: .zero).lines[0].contains("Tue ✓"))
    state.step(.resized(Size(width: 40, height: 24)), at: .zero, effects: [.wake(at: ms(200))])
    let narrow = state.render(at: .zero)
    #expect(!narrow.lines[0].contains("✓"), "the counts do not fit: plain labels\n\(narrow)")
    #expect(narrow.lines[2].contains("0 behind of 2"), "the heading keeps the count\n\(narrow)")
  }

  @Test func fStarsAndStarShowsOnlyStarredKeepingTheCursor() {
    var state = marksState()
    state.step(.keyPressed(.char("f")), at: .zero, effects: [.wake(at: ms(200))])
    _ = state.press(.char("G"), at: .zero, effects: [saved([frieren: starredNow])])
    state.step(.keyPressed(.char("f")), at: .zero, effects: [.wake(at: beforeMidnight)])
    _ = state.press(.up, at: .zero)  // on Kaiju No. 8, not starred
    #expect(state.marks.starred(in: marksKey).count == 2)
    #expect(state.render(at: .zero).lines[3].hasPrefix("★  21:00 Frieren"))
    state.step(.keyPressed(.char("*")), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(
      Array(state.render(at: .zero).lines.prefix(5)) == [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  2 serials                                                          2/2",
        "★  21:00 Frieren: Beyond Journey's End  chapter 140, the long trip n…  山田鐘人",
        "★▸       Sakamoto Days                                                   Suzuki",
      ])
    _ = state.press(.char("2"), at: .zero)
    #expect(state.render(at: .zero).lines[4].contains("Nothing starred"))
    _ = state.press(.char("1"), at: .zero)
    state.step(.keyPressed(.char("*")), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(state.render(at: .zero).lines[6].hasPrefix("★▸       Sakamoto Days"), "the same serial")
    #expect(state.sections[0].starFilter == nil)
  }

  @Test func unstarringUnderTheFilterTakesTheSerialOffTheList() {
    var state = marksState()
    state.step(.keyPressed(.char("f")), at: .zero, effects: [.wake(at: ms(200))])
    state.step(.keyPressed(.char("*")), at: .zero, effects: [.wake(at: ms(200))])
    #expect(state.serials(.monday).map(\.title) == ["Frieren: Beyond Journey's End"])
    state.step(.keyPressed(.char("f")), at: .zero, effects: [.wake(at: ms(200))])
    #expect(state.serials(.monday).isEmpty)
  }

  @Test func starsMergedFromAnotherProcessJoinTheFilter() {
    var state = marksState()
    state.step(.keyPressed(.char("*")), at: .zero, effects: [.wake(at: beforeMidnight)])
    var theirs = Marks()
    theirs.setStarred(true, SerialID(title: "Kaiju No. 8"), in: marksKey, at: testWall)
    state.step(.stateSynced(.success(theirs)), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(state.serials(.monday).map(\.title) == ["Kaiju No. 8"])
  }

  @Test func searchUnderTheFilterFindsOnlyWhatIsListed() {
    var state = marksState()
    _ = state.press(.char("G"), at: .zero)
    state.step(.keyPressed(.char("f")), at: .zero, effects: [.wake(at: ms(200))])
    state.step(.keyPressed(.char("*")), at: .zero, effects: [.wake(at: ms(200))])
    state.step(.keyPressed(.char("/")), at: .zero, effects: [.wake(at: ms(200))])
    state.step(.pasted("a"), at: .zero, effects: [.wake(at: ms(200))])
    #expect(state.search?.hits == [SearchHit(section: 0, day: .monday, index: 0)])
  }

  @Test func controlCharactersInTheRawTitleKeepTheirOwnIdentity() {
    let raw = Schedule(days: [.monday: [Serial(title: "A\u{1}"), Serial(title: "A\u{2}")]])
    var state = AppState(
      schedule: raw, day: .monday, labels: .en, size: Size(width: 80, height: 24), wall: testWall)
    state.step(.keyPressed(.char("m")), at: .zero, effects: [.wake(at: ms(200))])
    let lines = state.render(at: .zero).lines
    #expect(lines[3].contains("✓") && !lines[4].contains("✓"), "\(lines)")
  }

  @Test func aFailedSaveShowsInTheFooterUntilOneSucceeds() {
    var state = marksState()
    let error = StateFileError(.system(errno: 28), "cannot save marks: No space left on device")
    state.step(.keyPressed(.char("m")), at: .zero, effects: [.wake(at: ms(200))])
    state.step(.stateSynced(.failure(error)), at: .zero, effects: [.wake(at: ms(200))])
    #expect(state.render(at: .zero).lines[23].hasPrefix(" cannot save marks: No space left"))
    #expect(state.render(at: .zero).lines[3].contains("✓"), "the mark stays while it retries")
    state.step(.stateSynced(.success(state.marks)), at: .zero, effects: [.wake(at: ms(200))])
    #expect(state.render(at: .zero).lines[23].hasPrefix(" ←→ day"))
  }

  @Test func aStateFileProblemShowsInTheFooter() {
    var state = marksState()
    state.step(
      .stateFileMovedAside(to: "/s/youbi/state.json.bad-20261202T120000Z"), at: .zero,
      effects: [.wake(at: beforeMidnight)])
    #expect(
      state.render(at: .zero).lines[23].hasPrefix(
        " state file unreadable: moved aside to state.json.bad-20261202T120000Z"))
  }
}
