import Schedule
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

@Suite struct ScheduleLabelsTests {
  @Test func serialCount() {
    #expect(Labels.en.serialCount(5) == "5 serials")
    #expect(Labels.en.serialCount(1) == "1 serial")
    #expect(Labels.en.serialCount(0) == "0 serials")
    #expect(Labels.ja.serialCount(5) == "5作品")
    #expect(Labels.ja.serialCount(1) == "1作品")
  }

  @Test func emptyDay() {
    #expect(Labels.en.emptyDay(.monday) == "Nothing on Monday — a day off.")
    #expect(Labels.en.emptyDay(.sunday) == "Nothing on Sunday — a day off.")
    #expect(Labels.ja.emptyDay(.monday) == "この日の連載はありません。ひと休み。")
  }

  @Test func fixedStrings() {
    #expect(Labels.en.loading == "Loading schedule…")
    #expect(Labels.ja.loading == "読み込み中…")
    #expect(
      Labels.en.footerKeys
        == "←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit")
    #expect(
      Labels.ja.footerKeys
        == "←→ 曜日  ↑↓ 移動  1-7 曜日へ  t 今日  c カレンダー  ? ヘルプ  / 検索  q 終了")
    #expect(Labels.en.nothingThisDay == "(nothing this day)")
    #expect(Labels.ja.nothingThisDay == "(この日の連載はありません)")
  }

  /// No label starts or ends with spacing: callers add their own.
  @Test(arguments: Labels.allCases)
  func noSurroundingSpaces(_ labels: Labels) {
    let all = [
      labels.serialCount(3), labels.emptyDay(.friday), labels.loading, labels.footerKeys,
      labels.nothingThisDay,
    ]
    for text in all {
      #expect(text.first?.isWhitespace == false && text.last?.isWhitespace == false, "\(text)")
    }
  }
}
