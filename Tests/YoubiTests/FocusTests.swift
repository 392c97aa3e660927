import TerminalUI
import Testing

@testable import YoubiCore

/// The parts of the app, each tested alone through its own key map, then through
/// the one router: which part gets a key is the focus value, never an order of `if`s.
@Suite struct FocusTests {
  @Test func theHelpScrollsWithinItsBoxAndClosesTheWayItSays() {
    let box = HelpBox(labels: .en, size: Size(width: 40, height: 12))
    var help = HelpState()
    /// The offset after `key`, or nil when the key closed the help.
    func press(_ key: Key) -> Int? { help.handle(key, box: box) ? help.offset : nil }
    #expect(press(.char("j")) == 1)
    #expect(press(.end) == box.maxOffset)
    #expect(press(.down) == box.maxOffset, "stops at the end")
    #expect(press(.char("g")) == 0)
    #expect(press(.right) == 0, "other keys are swallowed")
    for key in [Key.char("?"), .escape, .char("q")] {
      help = HelpState(offset: 2)
      #expect(press(key) == nil, "\(key) closes the help")
    }
  }

  @Test func theBehindListMovesItsCursorAndAsksTheAppToMark() {
    var list = BehindList()
    /// What `key` asks for over `count` items, and where the cursor is then.
    func press(_ key: Key, count: Int = 3) -> (BehindList.Request, Int) {
      let request = list.handle(key, count: count)
      return (request, list.row)
    }
    #expect(press(.char("j")) == (.none, 1))
    #expect(press(.down) == (.none, 2))
    #expect(press(.down) == (.none, 2), "stays on the last")
    #expect(press(.char("m")) == (.mark(2), 2))
    #expect(press(.char("M")) == (.catchUp(2), 2))
    #expect(press(.char("o")) == (.open(2), 2))
    #expect(press(.enter) == (.choose(2), 2), "a feed's chapter opens, anything else closes")
    #expect(press(.char("m"), count: 0) == (.none, 0), "nothing to mark; the cursor follows")
    #expect(press(.char("o"), count: 0) == (.none, 0), "nothing to open")
    for key in [Key.escape, .char("b"), .char("q")] {
      #expect(press(key).0 == .close)
    }
    #expect(press(.enter, count: 0).0 == .close, "Enter on an empty list closes it")
  }

  @Test func theDetailBoxLetsTheSerialsActionsThroughAndSwallowsTheRest() {
    #expect([Key.enter, .escape, .char("q")].allSatisfy { DetailsKey($0) == .close })
    #expect("oymf".unicodeScalars.allSatisfy { DetailsKey(.char($0)) == .pass })
    #expect([Key.left, .char("x"), .char("?"), .tab].allSatisfy { DetailsKey($0) == .swallow })
    #expect(DetailsKey(.char("j")) == .scroll(1, page: false))
    #expect(DetailsKey(.up) == .scroll(-1, page: false))
  }

  @Test func thePromptEditsItsQuery() {
    var search = Search(origin: nil)
    search.setQuery("かめ")
    #expect(search.edit(.char("x")) == .query("かめx"))
    #expect(search.edit(.backspace) == .query("か"), "a whole character goes")
    #expect(search.edit(.char("\u{15}")) == .query(""), "Ctrl-U clears the line")
    #expect(search.edit(.char("\u{07}")) == .none, "a control character is no text")
    #expect(search.edit(.enter) == .keep)
    #expect(search.edit(.escape) == .cancel)
    #expect(search.edit(.left) == .none)
    search.setQuery("")
    #expect(search.edit(.backspace) == .cancel, "Backspace on an empty prompt goes back")
  }

  /// The router: each part open in turn gets `q`, and only the page quits on it;
  /// Ctrl-C quits from every one of them, handled once before the router.
  @Test(arguments: [Key.char("?"), .char("b"), .char("/"), .enter])
  func onlyThePartWithFocusGetsTheKey(opener: Key) {
    var state = makeState()
    state.stepQuietly(.keyPressed(opener), at: .zero)
    #expect(state.focus != .page, "\(opener) opens a part")
    let part = state.focus
    state.stepQuietly(.keyPressed(.char("l")), at: ms(1))
    #expect(state.selectedDay == .monday, "the week did not get the key")
    if part != .search {
      state.stepQuietly(.keyPressed(.char("q")), at: ms(2))
      #expect(state.focus == .page, "q closes \(part) and quits nothing")
    }
    var quitting = state
    quitting.step(.keyPressed(.interrupt), at: ms(3), effects: [.quit(status: 130)])
    state.focus = part
    state.step(.keyPressed(.interrupt), at: ms(3), effects: [.quit(status: 130)])
  }

  /// The caches kept with the state take no part in equality because the harness
  /// checks them after every update; the check itself must be able to fail.
  @Test func aCacheThatDiffersFromItsStateIsCaught() {
    var state = marksState()
    state.stepQuietly(.timerFired, at: .zero)  // an update works the caches out
    #expect(state.derivedCachesHold)
    state.sections[0].behind = [SerialID(title: "Dandadan"): 3]
    #expect(!state.derivedCachesHold)
  }
}
