import TestSupport
import Testing

@testable import Schedule

@Suite struct BangumiDataTests {
  @Test func aWeekInTokyo() throws {
    let schedule = try source("bangumi-data/data.json")
    #expect(schedule.format == .bangumiData)
    #expect(schedule.title == "bangumi-data")
    #expect(
      week(schedule, date(2024, 10, 7)) == [
        "Mon 12:00 毎日アニメ", "Tue 12:00 毎日アニメ", "Wed 12:00 毎日アニメ", "Wed 19:30 ワンピース",
        "Thu 12:00 毎日アニメ", "Fri 09:00 劇場版 テスト", "Fri 12:00 毎日アニメ", "Sat 12:00 毎日アニメ",
        "Sun 12:00 毎日アニメ", "Sun 23:45 ぷにるはかわいいスライム",
      ])
  }

  @Test func theSameWeekInLosAngelesWithDaysFromFive() throws {
    let schedule = try source("bangumi-data/data.json", in: "America/Los_Angeles", dayStarts: 5)
    // 14:45 UTC on Sundays is 07:45 in October; 10:30 UTC on Wednesdays is 03:30, which
    // with days from 05:00 is Tuesday's 27:30.
    #expect(
      week(schedule, date(2024, 10, 7)).filter { !$0.contains("毎日") } == [
        "Tue 27:30 ワンピース", "Thu 17:00 劇場版 テスト", "Sun 07:45 ぷにるはかわいいスライム",
      ])
    // After the change on November 3, an hour earlier.
    #expect(week(schedule, date(2024, 11, 4)).contains("Sun 06:45 ぷにるはかわいいスライム"))
  }

  /// A calendar that lists only some weeks keeps, as the file is read, the serials listed
  /// on them and no other: what keeping those of the whole schedule gives, in order.
  @Test func aCalendarListingSomeWeeksKeepsTheirSerialsOnly() throws {
    let path = packagePath("Tests/Fixtures/bangumi-data/data.json")
    let whole = try ScheduleLoader.load(path: path, calendar: calendar(in: "Asia/Tokyo"))
    for monday in [date(2024, 9, 30), date(2024, 10, 7), date(2024, 12, 16), date(2026, 6, 1)] {
      var listing = calendar(in: "Asia/Tokyo")
      listing.listing = monday..<monday.adding(days: 14)
      let part = try ScheduleLoader.load(path: path, calendar: listing)
      let kept = whole.keeping(whole.listed(in: monday..<monday.adding(days: 14)))
      for day in Weekday.allCases {
        #expect(part.sections[0][day] == kept.sections[0][day], "\(monday) \(day)")
      }
      #expect(week(part, monday) == week(whole, monday), "\(monday)")
      #expect(part.warnings == whole.warnings)
    }
    var none = calendar(in: "Asia/Tokyo")
    none.listing = date(1990, 1, 1)..<date(1990, 1, 15)
    let empty = try ScheduleLoader.load(path: path, calendar: none)
    #expect(Weekday.allCases.allSatisfy { empty.sections[0][$0].isEmpty })
    #expect(Weekday.allCases.contains { !whole.sections[0][$0].isEmpty })
  }

  @Test func beginAndEndBoundTheRun() throws {
    let schedule = try source("bangumi-data/data.json")
    #expect(!week(schedule, date(2024, 9, 30)).contains { $0.contains("毎日") })
    #expect(week(schedule, date(2024, 9, 30)).contains("Sun 23:45 ぷにるはかわいいスライム"))
    #expect(week(schedule, date(2024, 12, 16)).contains("Sun 23:45 ぷにるはかわいいスライム"))
    #expect(!week(schedule, date(2024, 12, 23)).contains { $0.contains("ぷにる") })
    // One Piece has no end: still on in 2026.
    #expect(week(schedule, date(2026, 6, 1)) == ["Wed 19:30 ワンピース"])
    #expect(!week(schedule, date(2024, 10, 14)).contains { $0.contains("劇場版") })
  }

  @Test func titlesIdsLinksAndNoEpisodes() throws {
    let schedule = try source("bangumi-data/data.json")
    let puniru = try #require(schedule.sections[0][.sunday].first { $0.title.hasPrefix("ぷにる") })
    let origin = try #require(puniru.origin)
    #expect(origin.id == "bangumi:470045")
    #expect(origin.title(in: .en) == "Puniru is a Kawaii Slime")
    #expect(origin.title(in: .zhHans) == "可爱史莱姆噗尼露")
    #expect(origin.title(in: .zhHant) == "噗妮露是可愛史萊姆")
    #expect(origin.title(in: .ja) == "ぷにるはかわいいスライム")
    #expect(origin.titles.contains(Title("en", "Puniru Is a Cute Slime")))
    #expect(puniru.url?.text == "https://puniru-anime.com/")
    #expect(
      origin.links.map { "\($0.name) \($0.url)" } == [
        "Crunchyroll https://www.crunchyroll.com/series/GNVHKN9G2",
        "Netflix https://www.netflix.com/title/81975106",
      ])
    #expect(puniru.episode(on: date(2024, 10, 13)) == nil)
    let movie = try #require(schedule.sections[0][.friday].first { $0.title.hasPrefix("劇場版") })
    #expect(movie.url == nil)
    #expect(movie.origin?.id == "bangumi:劇場版 テスト")
  }

  @Test func otherPeriodsAreCountedInOneWarning() throws {
    let schedule = try source("bangumi-data/data.json")
    #expect(
      schedule.warnings.map { $0.line(file: "d.json") } == [
        "d.json:68:1: warning: 1 show left out: broadcast periods other than P7D, P1D and P0D"
      ])
  }

  @Test func aBareArrayOfItems() throws {
    let schedule = try source("bangumi-data/items.json", in: "Europe/Berlin")
    #expect(schedule.format == .bangumiData)
    // 16:30 UTC on Saturdays: 18:30 in a Berlin October, 17:30 from October 27.
    #expect(week(schedule, date(2024, 10, 21)) == ["Sat 18:30 君は冥土様。"])
    #expect(week(schedule, date(2024, 10, 28)) == ["Sat 17:30 君は冥土様。"])
    #expect(schedule.sections[0][.saturday].first?.origin?.links == [])
  }

  @Test func wrongValuesLeaveTheirItemOutWithThePath() throws {
    let item = #"{"title": "A", "begin": "2024-10-06T14:45:00.000Z", "end": "", "sites": []}"#
    func warnings(_ replacement: String) throws -> [String] {
      try sourceWarnings("[\(item), \(replacement)]")
    }
    #expect(
      try warnings(#"{"title": "B", "begin": "2024-13-06T14:45:00Z"}"#) == [
        #"s.json:1:103: warning: [1].begin: expected an ISO 8601 instant, found "2024-13-06T14:45:00Z""#
      ])
    #expect(
      try warnings(#"{"title": "B", "broadcast": "every sunday"}"#) == [
        #"s.json:1:107: warning: [1].broadcast: expected a repeating interval such as "R/2024-10-06T08:00:00.000Z/P7D", found "every sunday""#
      ])
    #expect(
      try warnings(#"{"title": "B", "begin": "2024-10-06", "end": "soon"}"#) == [
        #"s.json:1:124: warning: [1].end: expected an ISO 8601 instant or "", found "soon""#
      ])
    #expect(
      try warnings(#"{"begin": "2024-10-06"}"#) == [
        #"s.json:1:79: warning: [1]: item has no "title""#
      ])
    #expect(
      try warnings(#"{"title": 7}"#) == [
        #"s.json:1:89: warning: [1].title: expected a string, found number"#,
        #"s.json:1:79: warning: [1]: item has no "title""#,
      ])
    #expect(
      try warnings("3") == ["s.json:1:79: warning: [1]: expected an item (an object), found number"]
    )
    #expect(
      try warnings(#"{"title": "B"}"#) == [
        #"s.json: warning: 1 show left out: no "begin" and no "broadcast""#
      ])
    #expect(
      try warnings(#"{"title": "B", "begin": "2024-10-06", "titleTranslate": {"en": "B"}}"#) == [
        "s.json:1:142: warning: [1].titleTranslate.en: expected an array of titles, found string"
      ])
  }

  @Test func aBrokenShapeRefusesTheFile() {
    #expect(
      sourceFailure(#"{"siteMeta": {}, "items": {}}"#)
        == "youbi: s.json:1:27: items: expected an array of items, found object")
    #expect(sourceFailure(#"{"siteMeta": {}}"#) == #"youbi: s.json:1:1: no "items""#)
    #expect(sourceFailure(#"[{"title": "A"},]"#).hasPrefix("youbi: s.json:1:17: "))
  }

  @Test func aLongListOfTranslationsKeepsItsOrder() throws {
    // Past 64 translations the list is moved into the titles rather than copied.
    let many = (0..<100).map { "\"t\($0)\"" }.joined(separator: ", ")
    let schedule = try source(
      text: #"{"siteMeta": {}, "items": [{"title": "原題", "lang": "ja", "#
        + #""begin": "2024-10-06T14:45:00Z", "broadcast": "R/2024-10-06T14:45:00Z/P7D", "#
        + #""titleTranslate": {"en": [\#(many)]}}]}"#)
    let titles = try #require(schedule.sections[0][.sunday].first?.origin?.titles)
    #expect(titles.count == 102)
    #expect(titles.prefix(3).map(\.language) == ["original", "ja", "en"])
    #expect(titles.map(\.text) == ["原題", "原題"] + (0..<100).map { "t\($0)" })
  }

  @Test func intervals() {
    #expect(
      BangumiDataReader.interval("R/2024-10-06T14:45:00.000Z/P7D")! == (1_728_225_900, nil, 7))
    #expect(BangumiDataReader.interval("R12/2024-10-06T14:45:00Z/P1W")! == (1_728_225_900, 12, 7))
    #expect(BangumiDataReader.interval("R/2024-10-06T14:45:00Z/PT12H")!.days == -1)
    #expect(BangumiDataReader.interval("2024-10-06T14:45:00Z/P7D") == nil)
    #expect(BangumiDataReader.interval("R/2024-10-06/P") == nil)
  }
}
