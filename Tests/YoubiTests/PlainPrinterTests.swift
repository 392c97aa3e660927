import Schedule
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

@Suite struct PlainPrinterTests {
  static let sample = Schedule(
    title: "Week",
    days: [
      .monday: [
        Serial(title: "星屑の郵便配達", author: "青井ソラ", note: "第48話"),
        Serial(title: "Plain"),
        Serial(title: "Noted", note: "new"),
      ],
      .wednesday: [Serial(title: "Mid", author: "M")],
    ])

  @Test func oneDayInEnglish() {
    #expect(
      PlainPrinter.render(Self.sample, day: .monday, labels: .en) == """
        Week

        Monday
          星屑の郵便配達 — 青井ソラ · 第48話
          Plain
          Noted · new

        """)
  }

  @Test func aDayWithTimesPrintsThemInTimeOrderUntimedLast() {
    let schedule = Schedule(
      days: [
        .monday: [
          Serial(title: "Untimed"),
          Serial(title: "Late", note: "ep", time: ReleaseTime(parsing: "25:30")),
          Serial(title: "Morning", author: "M", time: ReleaseTime(parsing: "07:00")),
        ]
      ])
    #expect(
      PlainPrinter.render(schedule, day: .monday, labels: .en)
        == "Monday\n  07:00 Morning — M\n  25:30 Late · ep\n        Untimed\n")
  }

  @Test func emptyDayInJapanese() {
    #expect(
      PlainPrinter.render(Self.sample, day: .tuesday, labels: .ja) == """
        Week

        火曜日
          (この日の連載はありません)

        """)
  }

  @Test func wholeWeekWithoutTitle() {
    var schedule = Self.sample
    schedule.title = nil
    #expect(
      PlainPrinter.render(schedule, day: nil, labels: .en) == """
        Monday
          星屑の郵便配達 — 青井ソラ · 第48話
          Plain
          Noted · new

        Tuesday
          (nothing this day)

        Wednesday
          Mid — M

        Thursday
          (nothing this day)

        Friday
          (nothing this day)

        Saturday
          (nothing this day)

        Sunday
          (nothing this day)

        """)
  }

  @Test func emptyStringsAreLeftOut() {
    let schedule = Schedule(
      title: "",
      days: [
        .monday: [
          Serial(title: "", author: "", note: ""),
          Serial(title: "", author: "A"),
          Serial(title: "T", author: "", note: "n"),
          Serial(title: "U", author: "B", note: ""),
        ]
      ])
    #expect(
      PlainPrinter.render(schedule, day: .monday, labels: .en) == """
        Monday
          (untitled)
          (untitled) — A
          T · n
          U — B

        """)
  }

  @Test func hostileTextIsSanitizedEverywhere() {
    let schedule = Schedule(
      title: "\u{1B}]0;t\u{7}",
      days: [
        .friday: [
          Serial(title: "\u{1B}[2J\u{9B}6n", author: "a\u{202E}b", note: "x\ny\u{200B}")
        ]
      ])
    #expect(
      PlainPrinter.render(schedule, day: .friday, labels: .en) == """
        ␛]0;t␇

        Friday
          ␛[2J␦6n — a⁇b · x␊y⁇

        """)
  }

  @Test func everySectionPrintsUnderItsTitle() {
    let schedule = Schedule(
      title: "Shelves",
      sections: [
        Schedule.Section(title: "Manga", days: [.monday: [Serial(title: "A", author: "a")]]),
        Schedule.Section(title: "\u{1B}[2J", days: [.monday: [Serial(title: "B")]]),
        Schedule.Section(days: [:]),
      ])
    #expect(
      PlainPrinter.render(schedule, day: .monday, labels: .en) == """
        Shelves

        == Manga ==

        Monday
          A — a

        == ␛[2J ==

        Monday
          B

        == (untitled) ==

        Monday
          (nothing this day)

        """)
  }

  @Test func sectionsExampleFilePrintsEverySection() throws {
    let schedule = try ScheduleLoader.load(path: examplePath("sections.json"))
    let text = PlainPrinter.render(schedule, day: nil, labels: .ja)
    #expect(text.hasPrefix("Two shelves\n\n== Manga — 漫画 ==\n\n月曜日\n  00:00 星屑の郵便配達 — 青井ソラ\n"))
    #expect(text.contains("\n== Anime — アニメ ==\n\n月曜日\n  25:30 Night Train 🚂\n"))
    #expect(text.contains("\n== (untitled) ==\n"))
  }

  @Test func hostileExampleFilePrintsWithoutControls() throws {
    let schedule = try ScheduleLoader.load(path: examplePath("hostile.json"))
    for labels in Labels.allCases {
      let text = PlainPrinter.render(schedule, day: nil, labels: labels)
      let bad = text.unicodeScalars.filter { s in
        (s.value < 0x20 && s != "\n") || (0x7F..<0xA0).contains(s.value)
          || s.properties.generalCategory == .format
      }
      #expect(bad.isEmpty)
      #expect(text.contains("␛]0;OSC 0 sets the window title␇"))
    }
  }

  @Test(arguments: Weekday.allCases)
  func labels(_ day: Weekday) {
    #expect(Labels.ja.label(day) == day.kanji)
    #expect(Labels.en.label(day) == day.englishLabel)
    #expect(Labels.en.fullName(day) == day.englishName)
    #expect(day.englishName.hasPrefix(day.englishLabel) && day.englishLabel.count == 3)
    #expect(Labels.ja.fullName(day) == day.kanji + "曜日")
    #expect(Weekday(parsing: Labels.en.fullName(day)) == day)
    #expect(Weekday(parsing: Labels.ja.fullName(day)) == day)
    #expect(Weekday(parsing: Labels.en.label(day)) == day)
  }

  @Test func labelExamples() {
    #expect(Labels.en.label(.monday) == "Mon")
    #expect(Labels.en.fullName(.wednesday) == "Wednesday")
    #expect(Weekday.saturday.englishName == "Saturday")
    #expect(Weekday.saturday.englishLabel == "Sat")
    #expect(Labels.ja.label(.sunday) == "日")
    #expect(Labels.ja.fullName(.thursday) == "木曜日")
    #expect(Labels(rawValue: "ja") == .ja)
  }
}
