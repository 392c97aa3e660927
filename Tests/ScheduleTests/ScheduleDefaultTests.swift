import TerminalUI
import TestSupport
import Testing

@testable import Schedule

@Suite struct ScheduleDefaultTests {
  let schedule = DefaultSchedule.schedule

  @Test func mondayScrollsPastAScreen() {
    #expect(schedule[.monday].count >= 30)
  }

  @Test(arguments: Weekday.allCases)
  func everyDayHasEntries(_ day: Weekday) {
    #expect(!schedule[day].isEmpty)
  }

  @Test func textIsAlreadySafeAndNonEmpty() {
    for day in Weekday.allCases {
      for serial in schedule[day] {
        #expect(!serial.title.isEmpty)
        for text in [serial.title, serial.author, serial.note].compactMap({ $0 }) {
          #expect(SafeText.sanitize(text) == text)
        }
      }
    }
  }

  @Test func mixesLongJapaneseEnglishAndEmoji() {
    let titles = Weekday.allCases.flatMap { schedule[$0] }.map(\.title)
    #expect(titles.contains { $0.unicodeScalars.count > 60 })
    #expect(titles.contains { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
    #expect(titles.contains { $0.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) } })
    #expect(titles.contains { $0.unicodeScalars.allSatisfy(\.isASCII) })
    #expect(Weekday.allCases.flatMap { schedule[$0] }.contains { $0.author == nil })
    #expect(Weekday.allCases.flatMap { schedule[$0] }.contains { $0.note != nil })
  }

  @Test func titlesAreDistinct() {
    let titles = Weekday.allCases.flatMap { schedule[$0] }.map(\.title)
    #expect(Set(titles).count == titles.count)
  }
}

@Suite struct ScheduleExampleTests {
  @Test func weekExampleUsesEveryFeature() throws {
    let schedule = try ScheduleLoader.load(path: examplePath("week.json"))
    #expect(schedule.title == "My week — 今週の連載")
    #expect(schedule[.monday].count == 4)
    #expect(schedule[.monday][0] == Serial(title: "A title on its own"))
    #expect(
      schedule[.monday][1]
        == Serial(
          title: "星屑の郵便配達", author: "青井ソラ", note: "第48話", time: ReleaseTime(hour: 25, minute: 30),
          start: CivilDate(year: 2026, month: 1, day: 5),
          skip: [
            CivilDate(year: 2026, month: 5, day: 4)!, CivilDate(year: 2026, month: 8, day: 10)!,
          ],
          url: try WebURL(checking: "https://example.com/hoshikuzu")))
    #expect(schedule[.monday][2].time == ReleaseTime(hour: 7, minute: 0))
    #expect(schedule[.monday][3].title == "Midnight Ramen Club 🍜")
    #expect(
      schedule[.tuesday] == [
        Serial(
          title: "月光ベーカリーの朝", start: CivilDate(year: 2026, month: 4, day: 7),
          end: CivilDate(year: 2026, month: 9, day: 29))
      ])
    #expect(schedule[.wednesday].count == 2)
    #expect(schedule[.thursday].isEmpty)
    #expect(schedule[.friday].map(\.url?.text) == ["http://example.com/majo"])
    #expect(schedule[.saturday] == [Serial(title: "Pocket Dragons 🐉")])
    #expect(schedule[.sunday].isEmpty)
    #expect(schedule.sections.count == 1 && schedule.sections[0].title == nil)
    #expect(schedule.warnings.isEmpty)
  }

  @Test func sectionsExampleHasThreeSections() throws {
    let schedule = try ScheduleLoader.load(path: examplePath("sections.json"))
    #expect(schedule.title == "Two shelves")
    #expect(schedule.sections.map(\.title) == ["Manga — 漫画", "Anime — アニメ", nil])
    #expect(schedule.sections[0][.monday].map(\.title) == ["星屑の郵便配達"])
    #expect(schedule.sections[1][.monday][0].skip == [CivilDate(year: 2026, month: 11, day: 2)!])
    #expect(schedule.sections[1][.sunday][0].url?.host == "example.com")
    #expect(Weekday.allCases.allSatisfy { schedule.sections[2][$0].isEmpty })
    #expect(schedule[.thursday].map(\.title) == ["竜の台所"], "the subscript reads the first section")
    #expect(schedule.warnings.isEmpty)
  }

  /// Every example file passes `--check` without a word.
  @Test(arguments: ["week.json", "hostile.json", "sections.json"])
  func examplesCheckClean(_ name: String) throws {
    #expect(try ScheduleLoader.check(path: examplePath(name)) == [])
  }

  @Test func hostileExampleLoadsRaw() throws {
    let schedule = try ScheduleLoader.load(path: examplePath("hostile.json"))
    #expect(schedule.title?.hasPrefix("\u{1B}]0;") == true)
    #expect(schedule[.monday].count == 8)
    #expect(schedule[.monday][4].title.unicodeScalars.first == "\u{9B}")
    #expect(schedule[.tuesday].count == 3)
  }

  @Test func largeGeneratedScheduleLoads() throws {
    var json = #"{"days": {"monday": ["#
    for n in 0..<20_000 {
      if n > 0 { json += "," }
      json += n % 2 == 0 ? "\"S\(n)\"" : #"{"title": "S\#(n)", "author": "A"}"#
    }
    json += "]}}"
    let schedule = try ScheduleLoader.parse(Array(json.utf8), source: "big.json")
    #expect(schedule[.monday].count == 20_000)
    #expect(schedule[.monday][19_999] == Serial(title: "S19999", author: "A"))
  }
}
