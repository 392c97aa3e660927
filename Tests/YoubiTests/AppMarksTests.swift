import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// A Monday of four serials: one with everything (a wide-character author, a
/// long note, a time and a link), one with a link only, two plain.
func marksWeek() -> Schedule {
  Schedule(
    title: "Marks week",
    days: [
      .monday: [
        Serial(
          title: "Frieren: Beyond Journey's End", author: "山田鐘人",
          note: "chapter 140, the long trip north through the snowy mountains of the plateau",
          time: ReleaseTime(hour: 21, minute: 0), url: webURL("https://example.com/frieren")),
        Serial(title: "Dandadan", url: webURL("https://example.com/dandadan")),
        Serial(title: "Kaiju No. 8"),
        Serial(title: "Sakamoto Days", author: "Suzuki"),
      ],
      .tuesday: [Serial(title: "One Piece"), Serial(title: "Blue Lock")],
    ])
}

func marksState(size: Size = Size(width: 80, height: 24)) -> AppState {
  var state = AppState(
    schedule: marksWeek(), day: .monday, labels: .en, size: size, wall: testWall,
    slideDuration: slide, source: .file("/home/me/week.json"))
  state.markKeys[.file("/home/me/week.json")] = marksKey
  return state
}

/// The details box, open, copy, read marks, stars and the starred filter, as keys and clicks.
@Suite struct AppMarksTests {
  @Test func enterOpensTheDetailsWrappedToTheWidthAndEnterOrEscCloseIt() {
    var state = marksState()
    state.expect(.keyPressed(.enter), at: .zero) { $0.showDetails = true }
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
    state.expect(.keyPressed(.enter), at: .zero) { $0.showDetails = false }
    state.update(.keyPressed(.enter), at: .zero)
    state.expect(.keyPressed(.escape), at: .zero) { $0.showDetails = false }
  }

  @Test func theDetailsWrapWideTextByColumnsOnANarrowScreen() {
    var state = AppState(
      schedule: Schedule(days: [
        .monday: [Serial(title: "葬送のフリーレン 長いタイトルはここで折り返す", author: "山田鐘人")]
      ]), day: .monday, labels: .en, size: Size(width: 30, height: 12), wall: testWall)
    state.update(.keyPressed(.enter), at: .zero)
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
    state.update(.keyPressed(.enter), at: .zero)
    for key: Key in [.down, .right, .char("j"), .char("?"), .char("/"), .char("*"), .tab] {
      state.expect(.keyPressed(key), at: .zero) { _ in }
    }
    #expect(state.update(.keyPressed(.char("\u{03}")), at: .zero) == [.quit(status: 130)])
    state.expect(.keyPressed(.char("q")), at: .zero) { $0.showDetails = false }
  }

  @Test func oOpensTheLinkAndTheFooterSaysHowItWent() {
    var state = marksState()
    let url = webURL("https://example.com/frieren")
    #expect(actions(state.update(.keyPressed(.char("o")), at: .zero)) == [.open(url)])
    #expect(state.render(at: .zero).lines[23].hasPrefix(" opening…  "))
    state.update(.urlOpened(.success(url)), at: .zero)
    #expect(state.render(at: .zero).lines[23].hasPrefix(" opened  "))
    state.update(.urlOpened(.failure(OpenFailure("no browser: xdg-open not found"))), at: .zero)
    #expect(
      state.render(at: .zero).lines[23]
        == " no browser: xdg-open not found                                  ? help  q quit")
    state.update(.keyPressed(.down), at: .zero)
    #expect(state.notice == nil, "a key clears what the last action said")
  }

  @Test func oOnASerialWithoutALinkSaysSo() {
    var state = marksState()
    _ = state.press(.char("G"), at: .zero)
    #expect(actions(state.update(.keyPressed(.char("o")), at: .zero)) == [])
    #expect(state.notice == Notice(.link, "no link for this serial", isError: true))
  }

  @Test func yCopiesTheLinkOrTheTitle() {
    var state = marksState()
    #expect(
      actions(state.update(.keyPressed(.char("y")), at: .zero))
        == [.copy("https://example.com/frieren")])
    #expect(state.render(at: .zero).lines[23].hasPrefix(" copied  "))
    _ = state.press(.char("G"), at: .zero)
    #expect(actions(state.update(.keyPressed(.char("y")), at: .zero)) == [.copy("Sakamoto Days")])
  }

  @Test func aClickOnTheDetailsButtonsOrLinkOpensOrCopies() throws {
    var state = marksState()
    state.update(.keyPressed(.enter), at: .zero)
    let box = try #require(state.detailsBox())
    let open = try #require(box.buttons.first { $0.action == .open }).rect
    let copy = try #require(box.buttons.first { $0.action == .copy }).rect
    let url = webURL("https://example.com/frieren")
    func click(_ x: Int, _ y: Int) -> [Effect] {
      actions(state.update(.mouse(MouseEvent(.press, x: x, y: y)), at: .zero))
    }
    #expect(click(open.x + 2, open.y) == [.open(url)])
    #expect(click(copy.x + 2, copy.y) == [.copy(url.text)])
    #expect(click(12, 13) == [.open(url)], "the link's own line")  // row 13: the link
    #expect(click(12, 9) == [], "the author's line does nothing")
    #expect(state.showDetails)
    #expect(click(2, 20) == [])
    #expect(!state.showDetails, "a click outside closes the box")
  }

  @Test func mMarksTheReleaseSeenWithACheckAndDimsTheRow() {
    var state = marksState()
    _ = state.press(.down, at: .zero)
    let effects = state.update(.keyPressed(.char("m")), at: .zero)
    let monday = date(2026, 11, 30)
    #expect(state.marks.isSeen(SerialID(title: "Dandadan"), in: marksKey, on: monday))
    #expect(actions(effects) == [])  // saved once the debounce passes
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
    state.update(.keyPressed(.char("m")), at: .zero)
    #expect(!state.marks.isSeen(SerialID(title: "Dandadan"), in: marksKey, on: monday))
    #expect(state.render(at: .zero).lines[0].hasPrefix("   Mon +4     Tue +2 "))
  }

  @Test func aNewWeekStartsUnread() {
    var state = marksState()
    state.update(.keyPressed(.char("m")), at: .zero)
    #expect(state.render(at: .zero).lines[3].contains("✓"))
    // The same app a week later: Monday's mark belongs to last week.
    state.update(.timerFired, at: moment(.seconds(7 * 86_400)))
    let screen = state.render(at: .seconds(7 * 86_400))
    #expect(!screen.lines[3].contains("✓"), "\(screen)")
    #expect(screen.lines[2].contains("4 behind of 4"), "\(screen)")
  }

  @Test func allReadShowsACheckOnTheTabAndCountsGiveWayWhenNarrow() {
    var state = marksState()
    state.update(.keyPressed(.char("1")), at: .zero)
    _ = state.press(.char("2"), at: .zero)
    for _ in 0..<2 {
      state.update(.keyPressed(.char("m")), at: .zero)
      state.update(.keyPressed(.down), at: .zero)
    }
    #expect(state.render(at: .zero).lines[0].contains("Tue ✓"))
    state.update(.resized(Size(width: 40, height: 24)), at: .zero)
    let narrow = state.render(at: .zero)
    #expect(!narrow.lines[0].contains("✓"), "the counts do not fit: plain labels\n\(narrow)")
    #expect(narrow.lines[2].contains("0 behind of 2"), "the heading keeps the count\n\(narrow)")
  }

  @Test func fStarsAndStarShowsOnlyStarredKeepingTheCursor() {
    var state = marksState()
    state.update(.keyPressed(.char("f")), at: .zero)
    _ = state.press(.char("G"), at: .zero)
    state.update(.keyPressed(.char("f")), at: .zero)
    _ = state.press(.up, at: .zero)  // on Kaiju No. 8, not starred
    #expect(state.marks.starred(in: marksKey).count == 2)
    #expect(state.render(at: .zero).lines[3].hasPrefix("★  21:00 Frieren"))
    state.update(.keyPressed(.char("*")), at: .zero)
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
    state.update(.keyPressed(.char("*")), at: .zero)
    #expect(state.render(at: .zero).lines[6].hasPrefix("★▸       Sakamoto Days"), "the same serial")
    #expect(state.sections[0].starFilter == nil)
  }

  @Test func unstarringUnderTheFilterTakesTheSerialOffTheList() {
    var state = marksState()
    state.update(.keyPressed(.char("f")), at: .zero)
    state.update(.keyPressed(.char("*")), at: .zero)
    #expect(state.serials(.monday).map(\.title) == ["Frieren: Beyond Journey's End"])
    state.update(.keyPressed(.char("f")), at: .zero)
    #expect(state.serials(.monday).isEmpty)
  }

  @Test func starsMergedFromAnotherProcessJoinTheFilter() {
    var state = marksState()
    state.update(.keyPressed(.char("*")), at: .zero)
    var theirs = Marks()
    theirs.setStarred(true, SerialID(title: "Kaiju No. 8"), in: marksKey, at: testWall)
    state.update(.stateSynced(.success(theirs)), at: .zero)
    #expect(state.serials(.monday).map(\.title) == ["Kaiju No. 8"])
  }

  @Test func searchUnderTheFilterFindsOnlyWhatIsListed() {
    var state = marksState()
    _ = state.press(.char("G"), at: .zero)
    state.update(.keyPressed(.char("f")), at: .zero)
    state.update(.keyPressed(.char("*")), at: .zero)
    state.update(.keyPressed(.char("/")), at: .zero)
    state.update(.pasted("a"), at: .zero)
    #expect(state.search?.hits == [SearchHit(section: 0, day: .monday, index: 0)])
  }

  @Test func controlCharactersInTheRawTitleKeepTheirOwnIdentity() {
    let raw = Schedule(days: [.monday: [Serial(title: "A\u{1}"), Serial(title: "A\u{2}")]])
    var state = AppState(
      schedule: raw, day: .monday, labels: .en, size: Size(width: 80, height: 24), wall: testWall)
    state.update(.keyPressed(.char("m")), at: .zero)
    let lines = state.render(at: .zero).lines
    #expect(lines[3].contains("✓") && !lines[4].contains("✓"), "\(lines)")
  }

  @Test func aFailedSaveShowsInTheFooterUntilOneSucceeds() {
    var state = marksState()
    let error = StateFileError(.system(errno: 28), "cannot save marks: No space left on device")
    state.update(.keyPressed(.char("m")), at: .zero)
    state.update(.stateSynced(.failure(error)), at: .zero)
    #expect(state.render(at: .zero).lines[23].hasPrefix(" cannot save marks: No space left"))
    #expect(state.render(at: .zero).lines[3].contains("✓"), "the mark stays while it retries")
    state.update(.stateSynced(.success(state.marks)), at: .zero)
    #expect(state.render(at: .zero).lines[23].hasPrefix(" ←→ day"))
  }

  @Test func aStateFileProblemShowsInTheFooter() {
    var state = marksState()
    state.update(.stateFileMovedAside(to: "/s/youbi/state.json.bad-20261202T120000Z"), at: .zero)
    #expect(
      state.render(at: .zero).lines[23].hasPrefix(
        " state file unreadable: moved aside to state.json.bad-20261202T120000Z"))
  }
}
