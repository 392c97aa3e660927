import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// Subscriptions in the core: when a fetch starts, what its result changes,
/// and what the footer says. The runtime is not here: effects are read, and
/// results are fed back as events.
@Suite struct AppFeedTests {
  let url = try! WebURL(checking: "https://example.org/anime.json")
  let body = "/cache/youbi/example.org-0123456789abcdef.body"

  func week(_ titles: [String], on day: Weekday = .monday) -> SafeSchedule {
    SafeSchedule(Schedule(title: "Anime", days: [day: titles.map { Serial(title: $0) }]))
  }

  /// One section from the URL, showing `titles` on Monday; the copy was
  /// fetched `age` seconds before the test's wall clock.
  func subscribed(age: Int64?, titles: [String]? = ["Frieren", "Dandadan"]) -> AppState {
    let section = SectionState(
      name: "Anime", source: .url(url), schedule: titles.map { week($0) }, day: .monday)
    var state = AppState(
      sections: [section], labels: .en, size: Size(width: 50, height: 12), wall: testWall)
    state.feeds = [
      Feed(
        url: url, refresh: 6 * 3600, bodyPath: body, hasCopy: titles != nil,
        fetchedAt: age.map { testWall.seconds - $0 })
    ]
    return state
  }

  /// Presses `key` at `t` and lets its slide end (`press` would wait for the
  /// fetch's spinner too, which turns until the fetch ends).
  func press(_ key: Key, _ state: inout AppState, at t: Duration) -> Duration {
    _ = state.update(.keyPressed(key), at: t)
    _ = state.update(.timerFired, at: t + .milliseconds(400))
    return t + .milliseconds(400)
  }

  @Test func aFreshCopyIsNotFetchedAndWakesWhenItGetsOld() {
    var state = subscribed(age: 3600)
    let effects = state.update(.resized(state.size), at: .zero)
    #expect(actions(effects) == [])
    #expect(
      state.wake(after: .zero) == .seconds(5 * 3600), "a deadline at the due time, no polling")
  }

  @Test func aStaleCopyShowsAtOnceAndIsFetchedBehindTheSpinner() {
    var state = subscribed(age: 7 * 3600)
    let effects = state.update(.resized(state.size), at: .zero)
    #expect(actions(effects) == [.fetch(url, at: testWall.seconds)])
    expectScreen(
      state.render(at: .zero),
      [
        "  Mon    Tue    Wed    Thu    Fri    Sat    Sun",
        "━━━━━━━",
        " Monday  2 serials                            1/2",
        " ▸ Frieren",
        "   Dandadan",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Sun               Anime                Tue ›",
        " ⠋ updating anime.json…            ? help  q quit",
      ])
    #expect(state.wake(after: .zero) == AppState.spinnerInterval, "the spinner turns")
    #expect(actions(state.update(.timerFired, at: .milliseconds(80))) == [], "one fetch at a time")
  }

  @Test func aNewWeekReplacesTheOldInPlaceOnTheDayTheUserIsOn() {
    var state = subscribed(age: 7 * 3600)
    _ = state.update(.resized(state.size), at: .zero)
    var t = press(.down, &state, at: .zero)  // on Dandadan
    t = press(.right, &state, at: t)  // the user is on Tuesday when it arrives
    let effects = state.update(.fetched(url, .updated), at: t)
    #expect(actions(effects) == [.load(path: body)])
    state.update(
      .scheduleLoaded(path: body, .success([week(["New", "Frieren", "Dandadan"])])), at: t)
    #expect(state.selectedDay == .tuesday, "the day stays")
    #expect(state.lists[0].cursor == 2, "the cursor stays on Dandadan")
    #expect(state.feeds[0].fetchedAt == testWall.seconds)
    expectScreen(
      state.render(at: t),
      [
        "  Mon    Tue    Wed    Thu    Fri    Sat    Sun",
        "       ━━━━━━━",
        " Tuesday  0 serials",
        "",
        "         Nothing on Tuesday — a day off.",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Mon               Anime                Wed ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  ? help",
      ])
  }

  @Test func aFailureKeepsTheWeekSaysHowOldAndRetriesLaterEachTime() {
    var state = subscribed(age: 3 * 3600 + 7 * 3600)
    state.update(.resized(state.size), at: .zero)
    state.update(.fetched(url, .failed(FetchFailure(.http(503)))), at: .zero)
    expectScreen(
      state.render(at: .zero),
      [
        "  Mon    Tue    Wed    Thu    Fri    Sat    Sun",
        "━━━━━━━",
        " Monday  2 serials                            1/2",
        " ▸ Frieren",
        "   Dandadan",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Sun               Anime                Tue ›",
        " HTTP 503: cached 10 h ago         ? help  q quit",
      ])
    #expect(state.wake(after: .zero) == .seconds(60), "the first retry, a minute on")
    let retry = state.update(.timerFired, at: .seconds(60))
    #expect(actions(retry) == [.fetch(url, at: testWall.seconds + 60)])
    state.update(
      .fetched(url, .failed(FetchFailure(.offline, "Could not resolve host"))), at: .seconds(60))
    expectScreen(
      state.render(at: .seconds(60)),
      [
        "  Mon    Tue    Wed    Thu    Fri    Sat    Sun",
        "━━━━━━━",
        " Monday  2 serials                            1/2",
        " ▸ Frieren",
        "   Dandadan",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Sun               Anime                Tue ›",
        " offline: cached 10 h ago          ? help  q quit",
      ])
    #expect(state.wake(after: .seconds(60)) == .seconds(180), "then two minutes")
  }

  @Test func notModifiedConfirmsTheCopyAndReadsItAgain() {
    var state = subscribed(age: 7 * 3600)
    state.update(.resized(state.size), at: .zero)
    let effects = state.update(.fetched(url, .notModified), at: .seconds(1))
    #expect(actions(effects) == [.load(path: body)], "another youbi may have replaced it")
    #expect(state.feeds[0].fetchedAt == testWall.seconds)
    #expect(state.wake(after: .seconds(1)) == .seconds(6 * 3600))
  }

  @Test func rFetchesNowEvenAFreshCopy() {
    var state = subscribed(age: 60)
    _ = state.update(.resized(state.size), at: .zero)
    let effects = state.update(.keyPressed(.char("r")), at: .seconds(5))
    #expect(actions(effects) == [.fetch(url, at: testWall.seconds + 5)])
  }

  @Test func aBodyThatIsNotAScheduleKeepsTheLastGoodWeekAndShowsItsError() {
    var state = subscribed(age: 7 * 3600)
    _ = state.update(.resized(state.size), at: .zero)
    let failure = FetchFailure(.notSchedule, "anime.json:1:1: expected a JSON object")
    _ = state.update(.fetched(url, .failed(failure)), at: .zero)
    expectScreen(
      state.render(at: .zero),
      [
        "  Mon    Tue    Wed    Thu    Fri    Sat    Sun",
        "━━━━━━━",
        " Monday  2 serials                            1/2",
        " ▸ Frieren",
        "   Dandadan",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Sun               Anime                Tue ›",
        " not a schedule: cached 7 h ago — anime.…  ? help",
      ])
  }

  @Test func withNoCopyTheSectionSpinsUntilTheFirstFetchEndsAndOthersAreUsable() {
    let other = SectionState(name: "Manga", schedule: week(["Blue Period"]), day: .monday)
    var state = subscribed(age: nil, titles: nil)
    state = AppState(
      sections: [other] + state.sections, labels: .en, size: state.size, wall: testWall)
    state.feeds = [Feed(url: url, bodyPath: body)]
    #expect(state.launch() == [], "nothing to read before the fetch")
    let effects = state.update(.resized(state.size), at: .zero)
    #expect(actions(effects) == [.fetch(url, at: testWall.seconds)])
    expectScreen(
      state.render(at: .zero),
      [
        "            Manga                Anime          ›",
        "  Mon    Tue    Wed    Thu    Fri    Sat    Sun",
        "━━━━━━━",
        " Monday  1 serial                             1/1",
        " ▸ Blue Period",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Sun               Anime                Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  ? help",
      ])
    var t = press(.tab, &state, at: .zero)
    expectScreen(
      state.render(at: t),
      [
        " ‹          Manga                Anime",
        "  Mon    Tue    Wed    Thu    Fri    Sat    Sun",
        "━━━━━━━",
        " Monday",
        "",
        "  ⠴ Loading schedule…",
        "",
        "",
        "",
        "",
        "  ‹ Sun                                    Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  ? help",
      ])
    _ = state.update(
      .fetched(url, .failed(FetchFailure(.offline, "Could not resolve host"))), at: t)
    expectScreen(
      state.render(at: t),
      [
        " ‹          Manga                Anime",
        "  Mon    Tue    Wed    Thu    Fri    Sat    Sun",
        "━━━━━━━",
        " Monday",
        "",
        "  youbi: https://example.org/anime.json: offline:",
        "  Could not resolve host",
        "",
        "",
        "",
        "  ‹ Sun                                    Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  ? help",
      ])
    t = press(.backTab, &state, at: t)
    expectScreen(
      state.render(at: t),
      [
        "            Manga                Anime          ›",
        "  Mon    Tue    Wed    Thu    Fri    Sat    Sun",
        "━━━━━━━",
        " Monday  1 serial                             1/1",
        " ▸ Blue Period",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Sun               Anime                Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  ? help",
      ])
    _ = state.update(.keyPressed(.char("r")), at: t)
    #expect(state.feeds[0].fetching)
    #expect(actions(state.update(.fetched(url, .updated), at: t)) == [.load(path: body)])
    _ = state.update(.scheduleLoaded(path: body, .success([week(["Frieren"])])), at: t)
    #expect(state.sections[1].schedule != nil && state.sections[1].loadError == nil)
  }

  static let ages: [(Int64, String)] = [
    (30, "just now"), (300, "5 min ago"), (14_340, "3 h ago"), (172_805, "2 d ago"),
  ]

  @Test(arguments: ages)
  func agesAreShortAndRounded(seconds: Int64, text: String) {
    #expect(Labels.en.age(seconds: seconds) == text)
  }

  @Test func aSectionFromAURLIsNamedAfterItsFileElseItsHost() {
    #expect(Feed.name(of: url) == "anime.json")
    #expect(
      Feed.name(of: try! WebURL(checking: "https://api.jikan.moe/v4/schedules")) == "api.jikan.moe")
    #expect(Feed.name(of: try! WebURL(checking: "https://example.org/a.ics?x=1")) == "a.ics")
  }
}
