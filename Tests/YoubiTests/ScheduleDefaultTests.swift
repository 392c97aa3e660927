import TerminalUI
import Testing

@testable import Youbi

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
    #expect(schedule[.monday][1] == Serial(title: "星屑の郵便配達", author: "青井ソラ", note: "第48話"))
    #expect(schedule[.monday][3].title == "Midnight Ramen Club 🍜")
    #expect(schedule[.tuesday] == [Serial(title: "月光ベーカリーの朝")])
    #expect(schedule[.wednesday].count == 2)
    #expect(schedule[.thursday].isEmpty)
    #expect(schedule[.friday].count == 1)
    #expect(schedule[.saturday] == [Serial(title: "Pocket Dragons 🐉")])
    #expect(schedule[.sunday].isEmpty)
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
