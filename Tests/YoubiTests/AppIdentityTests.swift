import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// Who a serial is across an edit: an id over a title, the author never, and a serial
/// renamed in its slot keeping its marks.
@Suite struct AppIdentityTests {
  /// `marksWeek()` with Monday's Dandadan replaced by `replacement`.
  func edited(_ replacement: [Serial]) -> [SafeSchedule] {
    var monday = marksWeek()[.monday]
    monday.replaceSubrange(1...1, with: replacement)
    let week = Schedule(
      title: "Marks week", days: [.monday: monday, .tuesday: marksWeek()[.tuesday]])
    return SafeSchedule.sections(of: week)
  }

  func markedDandadan() -> AppState {
    var state = marksState()
    state.update(.keyPressed(.down), at: .zero)
    state.update(.keyPressed(.char("m")), at: .zero)
    return state
  }

  @Test func aSerialRenamedInItsSlotKeepsItsMarksAndTheFooterSaysSo() {
    var state = markedDandadan()
    let renamed = SerialID(title: "Dandadan Season 2")
    state.update(
      .scheduleLoaded(
        path: "/home/me/week.json",
        .success(edited([Serial(title: "Dandadan Season 2", author: "Tatsu")]))), at: .zero)
    #expect(state.marks.isSeen(renamed, in: marksKey, on: date(2026, 11, 30)))
    expectScreen(
      state.render(at: .zero),
      [
        "   Mon +3     Tue +2       Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  3 behind of 4                                                      2/4",
        "   21:00 Frieren: Beyond Journey's End +1  chapter 140, the long tri…  山田鐘人",
        " ▸       Dandadan Season 2 ✓                                              Tatsu",
        "         Kaiju No. 8 +1",
        "         Sakamoto Days +1                                                Suzuki",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Sun                            Marks week                            Tue ›",
        " marks moved: Dandadan → Dandadan Season 2                       ? help  q quit",
      ])
  }

  @Test func twoNewSerialsInTheSlotTakeNothingAndTheMarkIsKept() {
    var state = markedDandadan()
    state.update(
      .scheduleLoaded(
        path: "/home/me/week.json",
        .success(edited([Serial(title: "Dandadan S2"), Serial(title: "Dandadan OVA")]))),
      at: .zero)
    let monday = date(2026, 11, 30)
    #expect(!state.marks.isSeen(SerialID(title: "Dandadan S2"), in: marksKey, on: monday))
    #expect(!state.marks.isSeen(SerialID(title: "Dandadan OVA"), in: marksKey, on: monday))
    #expect(state.marks.isSeen(SerialID(title: "Dandadan"), in: marksKey, on: monday), "kept")
    // Back under its old title, it has its mark again.
    state.update(
      .scheduleLoaded(path: "/home/me/week.json", .success(SafeSchedule.sections(of: marksWeek()))),
      at: .zero)
    expectScreen(
      state.render(at: .zero),
      [
        "   Mon +3     Tue +2       Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  3 behind of 4                                                      2/4",
        "   21:00 Frieren: Beyond Journey's End +1  chapter 140, the long tri…  山田鐘人",
        " ▸       Dandadan ✓",
        "         Kaiju No. 8 +1",
        "         Sakamoto Days +1                                                Suzuki",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Sun                            Marks week                            Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }

  @Test func anotherSlotIsAnotherSerial() {
    var state = markedDandadan()
    state.update(
      .scheduleLoaded(
        path: "/home/me/week.json",
        .success(edited([Serial(title: "Dandadan S2", time: ReleaseTime(hour: 23, minute: 0))]))),
      at: .zero)
    #expect(
      !state.marks.isSeen(SerialID(title: "Dandadan S2"), in: marksKey, on: date(2026, 11, 30)))
  }

  @Test func theAuthorNoLongerCountsAndAnIdOutweighsTheTitle() {
    var state = marksState()
    _ = state.press(.char("G"), at: .zero)  // Sakamoto Days, by Suzuki
    state.update(.keyPressed(.char("m")), at: .zero)
    var monday = marksWeek()[.monday]
    monday[3].author = "Yuto Suzuki"
    state.update(
      .scheduleLoaded(
        path: "/home/me/week.json",
        .success(SafeSchedule.sections(of: Schedule(title: "Marks week", days: [.monday: monday])))),
      at: .zero)
    expectScreen(
      state.render(at: .zero),
      [
        "   Mon +3       Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  3 behind of 4                                                      4/4",
        "   21:00 Frieren: Beyond Journey's End +1  chapter 140, the long tri…  山田鐘人",
        "         Dandadan +1",
        "         Kaiju No. 8 +1",
        " ▸       Sakamoto Days ✓                                            Yuto Suzuki",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "  ‹ Sun                            Marks week                            Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
    #expect(
      SerialID(Serial(title: "Renamed", id: "s-1")) == SerialID(Serial(title: "S", id: "s-1")))
  }
}

@Suite struct BacklogSettingTests {
  @Test(arguments: [("4w", 4), ("1W", 1), ("52w", 52), ("8", 8)])
  func backlogTakesWeeks(text: String, weeks: Int) throws {
    var preferences = Preferences()
    try SettingKey.backlog.read(text, into: &preferences)
    #expect(Settings(preferences, environment: [:]).backlogWeeks == weeks)
  }

  @Test(arguments: ["0w", "53w", "4d", "w", ""])
  func backlogRefusesOtherValues(text: String) {
    var preferences = Preferences()
    #expect(throws: SettingKey.BadValue.self) {
      try SettingKey.backlog.read(text, into: &preferences)
    }
    #expect(Settings(preferences, environment: [:]).backlogWeeks == 4)
  }
}
