import JSON
import Schedule
import TerminalUI
import TestSupport
import Testing

@testable import YoubiCore

/// Local seconds at `hour:minute` on `date`.
private func local(_ date: CivilDate, _ hour: Int, _ minute: Int = 0) -> Int64 {
  Int64(date.daysSince1970) * 86_400 + Int64(hour * 3600 + minute * 60)
}

/// Wednesday 2 December 2026 is the tests' today.
private let wednesday = date(2026, 12, 2)

private func week() -> Schedule.Section {
  Schedule.Section(days: [
    .wednesday: [
      Serial(title: "Frieren", time: at("23:30"), start: date(2026, 10, 7)),
      Serial(title: "Late", time: at("25:30")),
      Serial(title: "Untimed"),
    ],
    .saturday: [
      Serial(
        title: "Skipped", time: at("12:00"), start: date(2026, 11, 28),
        skip: [date(2026, 12, 5)]),
      Serial(title: "Ended", time: at("09:00"), end: date(2026, 11, 28)),
    ],
  ])
}

@Suite struct ReleasesTests {
  @Test func releasesComeInTimeOrderWithTheirListedDates() {
    let found = Releases.between(
      [week()], from: local(wednesday, 12), through: local(wednesday, 12) + 8 * 86_400)
    // Saturday 5 December is skipped, and the next Saturday is past the span.
    #expect(found.map(\.serial.title) == ["Frieren", "Late", "Frieren", "Late"])
    #expect(found.map(\.date) == [wednesday, wednesday, date(2026, 12, 9), date(2026, 12, 9)])
    // 25:30 on Wednesday comes out at 01:30 on Thursday, and stays Wednesday's.
    #expect(found[1].local == local(date(2026, 12, 3), 1, 30))
    #expect(found[0].episode == 9)
  }

  @Test func nextLooksFurtherWhenAWeekHoldsTooFew() {
    let found = Releases.next(5, in: [week()], from: local(wednesday, 12))
    #expect(found.count == 5)
    #expect(
      Releases.next(1, in: [week()], from: local(wednesday, 23, 30)).first?.serial.title
        == "Frieren")
    #expect(Releases.next(1, in: [Schedule.Section()], from: 0).isEmpty)
  }

  @Test func theFilterLeavesOutWhatItRefuses() {
    let found = Releases.next(3, in: [week()], from: local(wednesday, 12)) { _, day, _ in
      day == .saturday
    }
    #expect(found.map(\.serial.title) == ["Skipped", "Skipped", "Skipped"])
    #expect(found.map(\.date) == [date(2026, 12, 12), date(2026, 12, 19), date(2026, 12, 26)])
  }

  @Test func textLinesSayWhenHowLongAndWhat() {
    let now = local(wednesday, 21, 25)
    let entries = Releases.next(2, in: [week()], from: now).map {
      OutputEntry(section: "A", date: $0.date, serial: $0.serial)
    }
    #expect(
      ReleaseText.lines(entries, now: now, labels: .en)
        == "Wed 23:30  in 2h 05m  Frieren #9\nWed 25:30  in 4h 05m  Late\n")
    let later = OutputEntry(section: "A", date: date(2026, 12, 12), serial: week()[.saturday][0])
    #expect(ReleaseText.lines([later], now: now, labels: .en).hasPrefix("Sat 12:00  in 9d 14h  "))
  }

  @Test func shortIsOneLineOfAtMostFortyColumns() {
    let long = Serial(title: String(repeating: "長い題名", count: 10), time: at("23:30"))
    let today = OutputEntry(section: "A", date: wednesday, serial: long)
    let line = ReleaseText.short([today], today: wednesday, labels: .en)
    #expect(line.hasSuffix("…\n") && line.hasPrefix("23:30 長い"))
    #expect(TextWidth.of(String(line.dropLast())) <= ReleaseText.shortWidth)
    let other = OutputEntry(section: "A", date: date(2026, 12, 5), serial: week()[.saturday][0])
    #expect(ReleaseText.short([other], today: wednesday, labels: .en) == "Sat 12:00 Skipped #2\n")
    #expect(ReleaseText.short([], today: wednesday, labels: .en) == "\n")
  }

  @Test func aHostileTitleIsSafeInTextAndALinkOnlyWhenAsked() throws {
    let url = try WebURL(checking: "https://example.org/a?b=c")
    let serial = Serial(title: "X\u{1B}]0;pwn\u{07}\u{9C}", time: at("23:30"), url: url)
    let entry = OutputEntry(section: "A", date: wednesday, serial: serial)
    let plain = ReleaseText.lines([entry], now: local(wednesday, 23), labels: .en)
    #expect(
      !plain.unicodeScalars.contains {
        $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value)
      })
    let linked = ReleaseText.lines([entry], now: local(wednesday, 23), labels: .en, links: true)
    #expect(
      linked.contains("\u{1B}]8;;https://example.org/a?b=c\u{1B}\\X␛]0;pwn␇␦\u{1B}]8;;\u{1B}\\"))
  }

  @Test func durationsReadAsPeopleWriteThem() {
    #expect(DurationText.seconds("30m") == 1800)
    #expect(DurationText.seconds("1h30m") == 5400)
    #expect(DurationText.seconds("2d") == 172_800)
    #expect(DurationText.seconds("45s") == 45)
    #expect(DurationText.seconds("10") == 600)
    for bad in ["", "m", "-5m", "5 m", "5x", "1h30"] {
      #expect(DurationText.seconds(bad) == nil, "\(bad)")
    }
  }

  /// The document written as it goes is the tree's, byte for byte: every member null and
  /// not, no titles and several, a hostile title.
  @Test func jsonStreamedIsTheTreeWritten() {
    let plain = Serial(title: "Plain")
    let titled = Serial(
      title: "Q\"\\\n\u{1B}\u{2028}\u{9B}星", author: "A", note: "n", time: at("25:30"),
      start: date(2026, 10, 7), url: try? WebURL(checking: "https://example.org/a?b=c"),
      origin: Origin(
        id: "mal:1", titles: [Title("original", "元の題"), Title("en", "English \u{7F}")]))
    let entries = [
      OutputEntry(section: "S", date: wednesday, serial: plain),
      OutputEntry(
        section: "Ś\t", date: wednesday, serial: titled, starred: true, utcOffset: 3600),
    ]
    for kind in [OutputJSON.Kind.week, .next, .upcoming] {
      #expect(OutputJSON.document(entries, kind: kind) == OutputJSON.tree(entries, kind: kind))
      #expect(OutputJSON.document([], kind: kind) == OutputJSON.tree([], kind: kind))
      // Handed out in pieces (standard output's way), every piece after an entry.
      var pieces: [[UInt8]] = []
      OutputJSON.write(
        { entries.forEach($0) }, kind: kind, piece: 1, to: { pieces.append(Array($0)) })
      #expect(pieces.count == entries.count + 1)
      #expect(pieces.joined().elementsEqual(OutputJSON.tree(entries, kind: kind).utf8))
    }
  }

  @Test func jsonHasEveryMemberAndSurvivesAHostileTitle() throws {
    let serial = Serial(
      title: "Q\"\\\n\u{1B}\u{2028}", author: "A", note: "n", time: at("25:30"),
      start: date(2026, 10, 7))
    let entry = OutputEntry(
      section: "S", date: wednesday, serial: serial, starred: true, utcOffset: 3600)
    let text = OutputJSON.document([entry], kind: .next)
    #expect(!text.dropLast().contains("\n\u{1B}"))
    let top = try JSONValue(parsing: Array(text.utf8))
    #expect(top["format"]?.string == "youbi-entries" && top["version"]?.number?.int == 1)
    let first = try #require(top["entries"]?.array?.first)
    #expect(first["title"]?.string == serial.title)
    #expect(first["time"]?.string == "25:30" && first["date"]?.string == "2026-12-02")
    #expect(first["at"]?.string == "2026-12-03T01:30:00+01:00")
    #expect(first["weekday"]?.string == "wednesday" && first["episode"]?.number?.int == 9)
    #expect(first["starred"]?.bool == true && first["read"]?.bool == false)
    #expect(first["url"] == .null && first["titles"]?.array?.count == 1)
  }
}

@Suite struct ControlSequenceTests {
  static let hostile = "T\u{07}i\u{1B}\\t;l\u{9C}e\u{1B}]52;c;x\u{07}"

  /// The text between `start` and the terminator holds no ESC, BEL or C1 ST.
  func inside(_ bytes: [UInt8], after start: String, until end: [UInt8]) -> [UInt8]? {
    let s = Array(start.utf8)
    guard
      let i = (0...(bytes.count - s.count)).first(where: { Array(bytes[$0..<$0 + s.count]) == s })
    else { return nil }
    let body = Array(bytes[(i + s.count)...])
    guard body.count >= end.count, Array(body.suffix(end.count)) == end else { return nil }
    return Array(body.dropLast(end.count))
  }

  @Test func everyFormKeepsAHostileTitleInsideItsString() throws {
    for (sequence, start, end) in [
      (ControlSequence.osc9(Self.hostile), "\u{1B}]9;", [UInt8(0x07)]),
      (
        ControlSequence.osc777(title: Self.hostile, body: Self.hostile), "\u{1B}]777;notify;",
        [0x07]
      ),
    ] {
      let body = try #require(inside(sequence.bytes, after: start, until: end))
      #expect(!body.contains(0x1B) && !body.contains(0x07))
      #expect(
        !String(decoding: body, as: UTF8.self).unicodeScalars.contains {
          (0x80...0x9F).contains($0.value)
        })
    }
    let osc777 = String(
      decoding: ControlSequence.osc777(title: "a;b", body: "c").bytes, as: UTF8.self)
    #expect(osc777 == "\u{1B}]777;notify;a,b;c\u{07}")
    let kitty = String(
      decoding: ControlSequence.osc99(title: Self.hostile, body: "b").bytes, as: UTF8.self)
    let parts = kitty.split(separator: "\u{1B}\\")
    #expect(parts.count == 2 && parts.allSatisfy { $0.hasPrefix("\u{1B}]99;i=youbi:") })
    #expect(parts.allSatisfy { !$0.dropFirst().contains("\u{1B}") && !$0.contains("\u{07}") })
  }

  @Test func tmuxPassthroughDoublesEveryEscape() {
    let wrapped = ControlSequence.osc99(title: "t", body: "b").forTmux.bytes
    let text = String(decoding: wrapped, as: UTF8.self)
    #expect(
      text.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}]99;") && text.hasSuffix("\u{1B}\u{1B}\\\u{1B}\\"))
    #expect(ControlSequence.bell.bytes == [0x07])
  }

  @Test func aLinkTargetKeepsOnlyPrintableASCII() {
    let link = ControlSequence.hyperlink("t", to: "https://例え.jp/a b\u{1B}")
    #expect(link == "\u{1B}]8;;https://%E4%BE%8B%E3%81%88.jp/a%20b%1B\u{1B}\\t\u{1B}]8;;\u{1B}\\")
  }
}

@Suite struct NotifyRouteTests {
  @Test(arguments: [
    (["TERM": "xterm-kitty"], NotifyRoute.Form.osc99),
    (["KITTY_WINDOW_ID": "1", "TERM": "xterm-256color"], .osc99),
    (["TERM": "foot"], .osc777), (["TERM_PROGRAM": "ghostty"], .osc777),
    (["TERM": "rxvt-unicode-256color"], .osc777), (["TERM_PROGRAM": "iTerm.app"], .osc9),
    (["TERM_PROGRAM": "WezTerm"], .osc9), (["WT_SESSION": "x"], .osc9),
    (["TERM": "xterm-256color"], .bell),
    (["TMUX": "/tmp/tmux,1,0", "TERM": "tmux-256color", "KITTY_WINDOW_ID": "1"], .bell),
    (["STY": "1.pts", "TERM": "screen"], .bell),
  ])
  func autoReadsTheTerminal(_ environment: [String: String], _ form: NotifyRoute.Form) {
    #expect(NotifyRoute.choose(.auto, command: nil, environment: environment).form == form)
  }

  @Test func anExplicitFormInsideTmuxIsWrappedAndACommandWins() {
    let tmux = ["TMUX": "/tmp/tmux,1,0"]
    #expect(
      NotifyRoute.choose(.osc9, command: nil, environment: tmux)
        == NotifyRoute(form: .osc9, tmux: true))
    #expect(
      NotifyRoute.choose(.auto, command: ["notify-send", "-a", "youbi"], environment: tmux).form
        == .command(["notify-send", "-a", "youbi"]))
    #expect(
      NotifyRoute.choose(.command, command: nil, environment: [:]).form == .command(["notify-send"])
    )
    #expect(NotifyRoute(form: .bell).needsNotice && !NotifyRoute(form: .osc9).needsNotice)
  }
}
