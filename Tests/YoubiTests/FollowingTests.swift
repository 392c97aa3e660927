import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// What you follow, as one rule: in a catalogue only the serials starred or marked
/// count behind, and the tabs, the headings and the `b` list say the same thing about
/// every day, in every state and under every filter.
@Suite struct FollowingTests {
  static let path = "/home/me/catalogue.json"
  static let key = ScheduleKey.path(path)

  /// A bangumi-data catalogue: three shows on Monday, two on Tuesday, one on Thursday.
  static func catalogue(format: ScheduleFormat = .bangumiData) -> Schedule {
    var schedule = Schedule(
      title: "Catalogue",
      days: [
        .monday: [
          Serial(title: "Frieren", time: ReleaseTime(hour: 21, minute: 0)),
          Serial(title: "Dandadan"),
          Serial(title: "Kaiju"),
        ],
        .tuesday: [Serial(title: "One Piece"), Serial(title: "Blue Lock")],
        .thursday: [Serial(title: "Sakamoto")],
      ])
    schedule.format = format
    return schedule
  }

  /// The catalogue on Wednesday 2 December with `marks`, followed whole when `followAll`.
  static func state(_ marks: Marks, format: ScheduleFormat = .bangumiData, followAll: Bool = false)
    -> AppState
  {
    let source = ScheduleSource.file(path)
    var state = AppState(
      sections: [
        SectionState(
          name: "Catalogue", source: source, schedule: SafeSchedule(catalogue(format: format)),
          day: .wednesday, slideDuration: slide)
      ], labels: .en, size: Size(width: 120, height: 24), wall: testWall, slideDuration: slide,
      markKeys: [source: key], followedSources: followAll ? [source] : [])
    state.stepQuietly(.stateSynced(.success(marks)), at: .zero)
    return state
  }

  /// Marks with Frieren's Monday release seen (marked on Monday night).
  static var frierenSeen: Marks {
    var marks = Marks()
    marks.setSeen(
      true, SerialID(title: "Frieren"), in: key, on: date(2026, 11, 30),
      at: WallTime(seconds: mondayMidnight + 22 * 3600))
    return marks
  }

  /// Per weekday: the tab's count (nil: none shown), the heading, and how many `b` lists.
  func sayings(_ state: AppState) -> [(tab: Int?, heading: String, listed: Int)] {
    let section = state.sections[0]
    let tabs = state.tabLabels(of: section, width: 200)
    return Weekday.allCases.map { day in
      let page = state.weekPage(day, of: section)
      let label = tabs[day.rawValue]
      let tab: Int? =
        label.hasSuffix(" ✓") ? 0 : label.split(separator: "+").last.flatMap { Int($0) }
      let heading = state.headingCount(of: section, page, total: page.serials.count)
      let listed = state.behindItems.count { $0.date == page.date }
      return (tab, heading, listed)
    }
  }

  /// The one rule: what the tab counts is what the heading counts is what `b` lists.
  func expectAgreement(_ state: AppState, sourceLocation: SourceLocation = #_sourceLocation) {
    for (day, said) in zip(Weekday.allCases, sayings(state)) {
      let heading = said.heading.split(separator: " ").first.flatMap { Int($0) }
      if said.heading.contains("behind") {
        #expect(heading == said.tab, "\(day): \(said)", sourceLocation: sourceLocation)
      } else {
        #expect(said.tab == nil, "\(day): \(said)", sourceLocation: sourceLocation)
      }
      #expect((said.tab ?? 0) == said.listed, "\(day): \(said)", sourceLocation: sourceLocation)
    }
  }

  @Test func nothingIsBehindUntilSomethingIsFollowed() {
    let state = Self.state(Marks())
    #expect(state.backlog.items.isEmpty)
    #expect(
      sayings(state).map(\.heading) == [
        "3 serials", "2 serials", "0 serials", "1 serial", "0 serials", "0 serials", "0 serials",
      ])
    expectAgreement(state)
  }

  /// One mark in a catalogue follows that one show: the eight others stay a catalogue
  /// to browse, not a backlog.
  @Test func markingOneShowMakesNothingElseBehind() {
    let state = Self.state(Self.frierenSeen)
    #expect(state.backlog.items.isEmpty, "\(state.backlog.items)")
    let said = sayings(state)
    #expect(said[0].tab == 0 && said[0].heading == "0 behind of 1 followed")
    #expect(
      said[1].tab == nil && said[1].heading == "2 serials", "Tuesday's shows are not followed")
    #expect(said[3].heading == "1 serial", "a day to come never says 0 behind")
    expectAgreement(state)
    let row = state.render(at: .zero).lines.first { $0.contains("Dandadan") } ?? ""
    #expect(!row.contains("+"), "no +N on a show not followed: \(row)")
  }

  /// A star follows a show from the day it was starred; a mark's show stays followed
  /// after it is unstarred.
  @Test func aStarFollowsAShowFromTheDayItWasStarred() {
    var marks = Self.frierenSeen
    marks.toggleStar(SerialID(title: "Blue Lock"), in: Self.key, at: wall(.monday, hour: 8))
    marks.toggleStar(SerialID(title: "Frieren"), in: Self.key, at: wall(.monday, hour: 8))
    marks.toggleStar(SerialID(title: "Frieren"), in: Self.key, at: wall(.tuesday, hour: 8))
    let state = Self.state(marks)
    #expect(state.backlog.items.map(\.id) == [SerialID(title: "Blue Lock")])
    let said = sayings(state)
    #expect(said[0].heading == "0 behind of 1 followed", "unstarred, Frieren is still followed")
    #expect(said[1].tab == 1 && said[1].heading == "1 behind of 1 followed")
    expectAgreement(state)
  }

  /// Under `*` the tabs, the headings and `b` count the starred shows only.
  @Test func theStarFilterCountsTheSameEverywhere() {
    var marks = Self.frierenSeen
    marks.toggleStar(SerialID(title: "Blue Lock"), in: Self.key, at: wall(.monday, hour: 8))
    var state = Self.state(marks)
    state.stepQuietly(.keyPressed(.char("*")), at: ms(1))
    let said = sayings(state)
    #expect(said[0].tab == nil && said[0].heading == "0 serials", "Frieren is not starred")
    #expect(said[1].tab == 1 && said[1].heading == "1 behind of 1 followed")
    #expect(state.behindItems.map(\.id) == [SerialID(title: "Blue Lock")])
    expectAgreement(state)
  }

  /// A week of one's own, or `follow=all`, is followed whole once anything is marked.
  @Test(arguments: [(ScheduleFormat.youbi, false), (.bangumiData, true)])
  func aWeekFollowedWholeCountsEveryShow(format: ScheduleFormat, followAll: Bool) {
    let state = Self.state(Self.frierenSeen, format: format, followAll: followAll)
    #expect(state.backlog.items.count == 4, "Dandadan, Kaiju, One Piece, Blue Lock")
    let said = sayings(state)
    #expect(said[0].tab == 2 && said[0].heading == "2 behind of 3")
    #expect(said[1].tab == 2 && said[1].heading == "2 behind of 2")
    #expect(said[3].heading == "1 serial")
    expectAgreement(state)
  }

  /// At 40 columns no tab has room for `+2`: the days with something behind keep a
  /// mark, the others their plain label, and the bar still fits without scrolling.
  @Test func aNarrowBarMarksTheDaysBehind() {
    let state = Self.state(Self.frierenSeen, format: .youbi)
    let tabs = state.tabLabels(of: state.sections[0], width: 40)
    #expect(tabs == ["Mon•", "Tue•", "Wed", "Thu", "Fri", "Sat", "Sun"], "\(tabs)")
    #expect(TabBar(labels: tabs, position: 0).layout(width: 40).fits)
  }
}
