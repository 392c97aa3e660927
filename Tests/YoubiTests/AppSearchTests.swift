import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// Two sections to search: "Anime" and "Manga".
///
/// `かめ` (folded `カメ`) matches Anime's Wednesday 0 and Manga's Tuesday 0
/// (written `ｶﾒ`); `kame` matches only Anime's Monday 1.
func searchState(day: Weekday = .monday, size: Size = Size(width: 44, height: 10)) -> AppState {
  let anime = Schedule(
    title: "Anime",
    days: [
      .monday: [
        Serial(title: "Frieren"), Serial(title: "Kame Quest", author: "亀"),
        Serial(title: "Dandadan"),
      ],
      .wednesday: [Serial(title: "かめの恩返し", note: "第3話")],
    ])
  let manga = Schedule(
    title: "Manga",
    days: [.monday: [Serial(title: "Blue Period")], .tuesday: [Serial(title: "ｶﾒ日記")]])
  return AppState(
    sections: [anime, manga].map {
      SectionState(name: $0.title!, schedule: SafeSchedule($0), day: day, slideDuration: slide)
    }, labels: .en, size: size, wall: testWall, slideDuration: slide)
}

extension AppState {
  /// Types `text` one character at a time at `t`, then lets every slide finish.
  mutating func type(_ text: String, at t: Duration) -> Duration {
    for scalar in text.unicodeScalars { stepQuietly(.keyPressed(.char(scalar)), at: t) }
    return press(.char("\u{0}"), at: t)  // a key the prompt ignores: only lets time pass
  }

  /// Lets every slide finish from `t`.
  mutating func settle(from t: Duration) -> Duration {
    var t = t
    while let next = nextFrame(after: t) {
      t = next
      stepQuietly(.timerFired, at: t)
    }
    return t
  }
}

@Suite struct AppSearchTests {
  @Test func typingSlidesToTheFirstMatchAtOrAfterTheCursor() {
    var state = searchState()
    state.step(.keyPressed(.char("/")), at: .zero, effects: [.wake(at: beforeMidnight)])
    #expect(state.search != nil && state.focus == .search)
    let t = state.type("かめ", at: .zero)
    #expect(
      state.search?.hits == [
        SearchHit(section: 0, day: .wednesday, index: 0),
        SearchHit(section: 1, day: .tuesday, index: 0),
      ])
    #expect(state.current == 0 && state.selectedDay == .wednesday)
    expectScreen(
      state.render(at: t),
      [
        "          Anime             Manga         ›",
        "  Mon   Tue   Wed   Thu   Fri   Sat   Sun",
        "             ━━━━━━",
        " Wednesday  1 serial                    1/1",
        " ▸ かめの恩返し  第3話",
        "",
        "",
        "",
        "  ‹ Tue            Anime             Thu ›",
        " /かめ                            2 matches",
      ])
    let screen = state.render(at: t)
    #expect(screen.cursor == Point(x: 6, y: 9), "the cursor ends the prompt, for an input method")
    // The match is highlighted inside the cursor row, the rest of it is not.
    #expect(screen[3, 4].style == Style([.reverse, .bold, .underline], color: .accent))
    #expect(screen[7, 4].style == Style(.reverse))
  }

  @Test func theFirstMatchMayBeInAnotherSectionOrWrapRound() {
    var state = searchState(day: .thursday)
    state.step(.keyPressed(.char("/")), at: .zero, effects: [.wake(at: beforeMidnight)])
    _ = state.type("かめ", at: .zero)
    #expect(state.current == 1 && state.selectedDay == .tuesday)

    state = searchState(day: .thursday)
    state.step(.keyPressed(.tab), at: .zero, effects: [.wake(at: frame)])
    var t = state.press(.char("7"), at: .zero)  // Manga, Sunday: after every match
    state.step(
      .keyPressed(.char("/")), at: t,
      effects: [.wake(at: beforeMidnight + .nanoseconds(433_012_702))])
    t = state.type("かめ", at: t)
    #expect(state.current == 0 && state.selectedDay == .wednesday)
  }

  @Test func theCursorItselfCountsAsAtTheCursor() {
    var state = searchState()
    state.lists[0].move(to: 1, count: 3, rows: state.listRows)
    state.step(.keyPressed(.char("/")), at: .zero, effects: [.wake(at: beforeMidnight)])
    _ = state.type("kame", at: .zero)
    #expect(state.selectedDay == .monday && state.lists[0].cursor == 1)
  }

  @Test func escapeRestoresTheExactStateOnTheSameDay() {
    var state = searchState()
    state.lists[0].move(to: 2, count: 3, rows: state.listRows)  // Dandadan: after "Kame Quest"
    let before = state
    state.step(.keyPressed(.char("/")), at: .zero, effects: [.wake(at: beforeMidnight)])
    _ = state.type("kame", at: .zero)  // wraps round to Monday 1
    #expect(state.lists[0].cursor == 1 && state.selectedDay == .monday)
    state.expect(.keyPressed(.escape), at: .zero, effects: [.wake(at: beforeMidnight)]) {
      $0 = before
    }
  }

  @Test func escapeSlidesBackAcrossDaysAndSections() {
    var state = searchState(day: .friday)
    state.lists[4].move(to: 0, count: 0, rows: state.listRows)
    var t = state.press(.tab, at: .zero)
    t = state.press(.char("1"), at: t)  // Manga, Monday
    var before = state
    state.step(
      .keyPressed(.char("/")), at: t,
      effects: [.wake(at: beforeMidnight + .nanoseconds(683_012_702))])
    t = state.type("kame", at: t)  // Anime, Monday 1: the only match
    #expect(state.current == 0 && state.selectedDay == .monday && state.lists[0].cursor == 1)
    state.step(
      .keyPressed(.escape), at: t, effects: [.wake(at: .seconds(1) + .nanoseconds(132_692_071))])
    #expect(state.search == nil)
    #expect(state.sectionPager.isMoving(at: t + ms(1)), "it slides back, as any jump does")
    t = state.settle(from: t)
    before.wall = state.wall
    #expect(state == before)
  }

  @Test func aQueryThatStopsMatchingGoesBackToTheStart() {
    var state = searchState()
    state.step(.keyPressed(.char("/")), at: .zero, effects: [.wake(at: beforeMidnight)])
    var t = state.type("かめ", at: .zero)
    #expect(state.selectedDay == .wednesday)
    t = state.type("x", at: t)
    #expect(state.search?.hits == [])
    #expect(state.selectedDay == .monday)
    expectScreen(
      state.render(at: t),
      [
        "          Anime             Manga         ›",
        "  Mon   Tue   Wed   Thu   Fri   Sat   Sun",
        " ━━━━━━",
        " Monday  3 serials                      1/3",
        " ▸ Frieren",
        "   Kame Quest                            亀",
        "   Dandadan",
        "",
        "  ‹ Sun            Anime             Tue ›",
        " /かめx                            no match",
      ])
    t = state.press(.backspace, at: t)
    #expect(state.selectedDay == .wednesday)
  }

  @Test func enterKeepsTheResultAndNStepsThroughMatchesWrappingWithANotice() {
    var state = searchState()
    state.step(.keyPressed(.char("/")), at: .zero, effects: [.wake(at: beforeMidnight)])
    var t = state.type("かめ", at: .zero)
    t = state.press(.enter, at: t)
    #expect(state.search != nil && state.focus == .page && state.search?.origin == nil)
    #expect(state.selectedDay == .wednesday)
    expectScreen(
      state.render(at: t),
      [
        "          Anime             Manga         ›",
        "  Mon   Tue   Wed   Thu   Fri   Sat   Sun",
        "             ━━━━━━",
        " Wednesday  1 serial                    1/1",
        " ▸ かめの恩返し  第3話",
        "",
        "",
        "",
        "  ‹ Tue            Anime             Thu ›",
        " /かめ  n next  N previous  Esc clear   1/2",
      ])

    t = state.press(.char("n"), at: t)
    #expect(state.current == 1 && state.selectedDay == .tuesday && state.notice == nil)
    expectScreen(
      state.render(at: t),
      [
        " ‹        Anime             Manga",
        "  Mon   Tue   Wed   Thu   Fri   Sat   Sun",
        "       ━━━━━━",
        " Tuesday  1 serial                      1/1",
        " ▸ ｶﾒ日記",
        "",
        "",
        "",
        "  ‹ Mon            Manga             Wed ›",
        " /かめ  n next  N previous  Esc clear   2/2",
      ])

    t = state.press(.char("n"), at: t)
    #expect(state.current == 0 && state.selectedDay == .wednesday)
    #expect(state.notice == Notice(.search, Labels.en.searchWrappedToFirst))
    expectScreen(
      state.render(at: t),
      [
        "          Anime             Manga         ›",
        "  Mon   Tue   Wed   Thu   Fri   Sat   Sun",
        "             ━━━━━━",
        " Wednesday  1 serial                    1/1",
        " ▸ かめの恩返し  第3話",
        "",
        "",
        "",
        "  ‹ Tue            Anime             Thu ›",
        " /かめ  search hit the end, continuin…  1/2",
      ])

    t = state.press(.char("N"), at: t)
    #expect(state.current == 1 && state.selectedDay == .tuesday)
    #expect(state.notice == Notice(.search, Labels.en.searchWrappedToLast))

    t = state.press(.char("j"), at: t)
    #expect(state.notice == nil, "a notice lasts until the next key")
  }

  @Test func nGoesOnFromWhereTheCursorIsNow() {
    var state = searchState()
    state.step(.keyPressed(.char("/")), at: .zero, effects: [.wake(at: beforeMidnight)])
    var t = state.type("かめ", at: .zero)
    t = state.press(.enter, at: t)
    t = state.press(.char("7"), at: t)  // Anime, Sunday: after Wednesday's match
    t = state.press(.char("n"), at: t)
    #expect(state.current == 1 && state.selectedDay == .tuesday && state.notice == nil)
  }

  @Test func escapeClearsAKeptSearchThenQuitsNothing() {
    var state = searchState()
    state.step(.keyPressed(.char("/")), at: .zero, effects: [.wake(at: beforeMidnight)])
    var t = state.type("かめ", at: .zero)
    t = state.press(.enter, at: t)
    #expect(state.update(.keyPressed(.escape), at: t).allSatisfy { $0 != .quit(status: 0) })
    #expect(state.search == nil && state.selectedDay == .wednesday)
    #expect(state.update(.keyPressed(.escape), at: t).allSatisfy { $0 != .quit(status: 0) })
    #expect(state.notice == Notice(.hint, Labels.en.escapeDoesNotQuit))
  }

}
