import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

@Suite struct AppSafeTextTests {
  @Test func hostileTitlesAreDrawnAsPlaceholders() {
    let hostile = Schedule(
      title: "\u{1B}]0;pwned\u{07}",
      days: [
        .monday: [
          Serial(title: "\u{1B}[2J\u{1B}[6n clear", author: "\u{202E}evil"),
          Serial(title: "\u{9B}31m red \u{200B}zw"),
        ]
      ])
    let state = AppState(
      schedule: hostile, day: .monday, labels: .en,
      size: Size(width: 80, height: 24), wall: testWall)
    let screen = state.render(at: .zero)
    for y in 0..<24 {
      for x in 0..<80 {
        let cell = screen[x, y]
        for s in [cell.scalar] + (cell.combining ?? []) {
          #expect(!SafeText.isUnsafe(s), "unsafe U+\(String(s.value, radix: 16)) at \(x),\(y)")
        }
      }
    }
    expectScreen(
      screen,
      [
        "     Mon        Tue        Wed        Thu        Fri        Sat        Sun",
        " ━━━━━━━━━━━",
        " Monday  2 serials                                                          1/2",
        " ▸ ␛[2J␛[6n clear                                                         ⁇evil",
        "   ␦31m red ⁇zw",
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
        "",
        "",
        "  ‹ Sun                            ␛]0;pwned␇                            Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  t today  c calendar  ? help  / search  q quit",
      ])
  }
}

@Suite struct AppWideCharacterTests {
  /// Every frame of every slide of the built-in week (CJK titles and emoji)
  /// keeps wide glyphs whole: each wide cell is followed by its continuation,
  /// and no continuation stands alone — a page edge never shows half a glyph.
  @Test(arguments: [Size(width: 80, height: 24), Size(width: 61, height: 17)])
  func slidesNeverShowHalfAGlyph(size: Size) {
    var state = AppState(
      schedule: DefaultSchedule.schedule, day: .monday, labels: .ja, size: size, wall: testWall)
    var t = Duration.zero
    var frames = 0
    for _ in 0..<7 {
      state.stepQuietly(.keyPressed(.right), at: t)
      while let next = state.nextFrame(after: t) {
        t = next
        state.stepQuietly(.timerFired, at: t)
        let canvas = state.render(at: t)
        frames += 1
        for y in 0..<size.height {
          for x in 0..<size.width {
            let c = canvas[x, y]
            if c.width == 2 {
              #expect(x + 1 < size.width && canvas[x + 1, y].isContinuation, "at \(x),\(y) t=\(t)")
            } else if c.isContinuation {
              #expect(x > 0 && canvas[x - 1, y].width == 2, "at \(x),\(y) t=\(t)")
            }
          }
        }
      }
    }
    #expect(frames > 7 * 10)
  }
}

/// Whole screens, row for row, at a small size.
@Suite struct AppScreenTests {
  func smallState() -> AppState {
    AppState(
      schedule: testWeek(count: 3), day: .monday, labels: .en,
      size: Size(width: 40, height: 9), wall: testWall, slideDuration: slide)
  }

  @Test func atRest() {
    expectScreen(
      smallState().render(at: .zero),
      [
        "   Mon  Tue  Wed  Thu  Fri  Sat  Sun",
        "  ━━━━━",
        " Monday  3 serials                  1/3",
        " ▸ Mon 01                      Author 1",
        "   Mon 02                      Author 2",
        "   Mon 03                      Author 3",
        "",
        "  ‹ Sun        Test week         Tue ›",
        " ←→ day  ↑↓ move  1-7 jump  ? help",
      ])
  }

  @Test func midSlideShowsBothPagesSideBySide() {
    var state = smallState()
    state.step(.keyPressed(.right), at: .zero, effects: [.wake(at: frame)])
    // Half way: Monday's right half on the left, Tuesday's left half on the right;
    // Tuesday is selected at once, the indicator is half way between.
    expectScreen(
      state.render(at: ms(125)),
      [
        "   Mon  Tue  Wed  Thu  Fri  Sat  Sun",
        "    ━━━━━",
        "                1/3  Tuesday  3 serials",
        "           Author 1  ▸ Tue 01",
        "           Author 2    Tue 02",
        "           Author 3    Tue 03",
        "",
        "  ‹ Mon        Test week         Wed ›",
        " ←→ day  ↑↓ move  1-7 jump  ? help",
      ])
  }
}

/// Screen readers follow the terminal's cursor: every frame says where it rests.
@Suite struct AppReadingPointTests {
  @Test func restsOnTheSelectedTitle() {
    var state = makeState(day: .monday)
    #expect(state.render(at: .zero).cursor == Point(x: 3, y: 3))
    let t = state.press(.char("j"), times: 2, at: .zero)
    #expect(state.render(at: t).cursor == Point(x: 3, y: 5))
  }

  @Test func followsTheArrivingPageMidSlide() {
    var state = makeState(day: .monday)
    state.step(.keyPressed(.right), at: .zero, effects: [.wake(at: frame)])
    // Half way through an 80-column slide, Tuesday's page starts at column 40.
    #expect(state.render(at: ms(125)).cursor == Point(x: 43, y: 3))
  }

  @Test func restsOnTheHeadingOfAnEmptyDay() {
    let state = AppState(
      schedule: Schedule(days: [:]), day: .monday, labels: .en, size: Size(width: 80, height: 24),
      wall: testWall)
    #expect(state.render(at: .zero).cursor == Point(x: 1, y: 2))
  }

  @Test func restsOnTheHelpBox() throws {
    var state = makeState(day: .monday)
    state.step(.keyPressed(.char("?")), at: .zero, effects: [.wake(at: beforeMidnight)])
    let screen = state.render(at: .zero)
    let cursor = try #require(screen.cursor)
    #expect(screen.line(cursor.y).dropFirst(cursor.x).hasPrefix("← h"))
  }
}
