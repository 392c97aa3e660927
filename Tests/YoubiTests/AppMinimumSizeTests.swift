import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// Whole screens at the edges of the sizes Youbi draws: the smallest it fits,
/// and the notice when it does not.
@Suite struct AppMinimumSizeTests {
  /// At 24x8 every day keeps its tab centred and its heading whole.
  @Test(arguments: [
    (
      Weekday.monday,
      [
        " Sat  Sun  Mon  Tue  Wed",
        "          ━━━━━",
        " Monday            1/40",
        " ▸ Mon 01      Author 1",
        "   Mon 02      Author 2",
        "   Mon 03      Author 3",
        "  ‹ Sun  Test …  Tue ›",
        " ←→ day  ↑↓ move  ? help",
      ]
    ),
    (
      Weekday.tuesday,
      [
        " Sun  Mon  Tue  Wed  Thu",
        "          ━━━━━",
        " Tuesday           1/40",
        " ▸ Tue 01      Author 1",
        "   Tue 02      Author 2",
        "   Tue 03      Author 3",
        "  ‹ Mon  Test …  Wed ›",
        " ←→ day  ↑↓ move  ? help",
      ]
    ),
    (
      Weekday.wednesday,
      [
        " Mon  Tue  Wed  Thu  Fri",
        "          ━━━━━",
        " Wednesday         1/40",
        " ▸ Wed 01      Author 1",
        "   Wed 02      Author 2",
        "   Wed 03      Author 3",
        "  ‹ Tue  Test …  Thu ›",
        " ←→ day  ↑↓ move  ? help",
      ]
    ),
    (
      Weekday.thursday,
      [
        " Tue  Wed  Thu  Fri  Sat",
        "          ━━━━━",
        " Thursday          1/40",
        " ▸ Thu 01      Author 1",
        "   Thu 02      Author 2",
        "   Thu 03      Author 3",
        "  ‹ Wed  Test …  Fri ›",
        " ←→ day  ↑↓ move  ? help",
      ]
    ),
    (
      Weekday.friday,
      [
        " Wed  Thu  Fri  Sat  Sun",
        "          ━━━━━",
        " Friday            1/40",
        " ▸ Fri 01      Author 1",
        "   Fri 02      Author 2",
        "   Fri 03      Author 3",
        "  ‹ Thu  Test …  Sat ›",
        " ←→ day  ↑↓ move  ? help",
      ]
    ),
    (
      Weekday.saturday,
      [
        " Thu  Fri  Sat  Sun  Mon",
        "          ━━━━━",
        " Saturday          1/40",
        " ▸ Sat 01      Author 1",
        "   Sat 02      Author 2",
        "   Sat 03      Author 3",
        "  ‹ Fri  Test …  Sun ›",
        " ←→ day  ↑↓ move  ? help",
      ]
    ),
    (
      Weekday.sunday,
      [
        " Fri  Sat  Sun  Mon  Tue",
        "          ━━━━━",
        " Sunday            1/40",
        " ▸ Sun 01      Author 1",
        "   Sun 02      Author 2",
        "   Sun 03      Author 3",
        "  ‹ Sat  Test …  Mon ›",
        " ←→ day  ↑↓ move  ? help",
      ]
    ),
  ])
  func everyDayAtTheMinimumSize(day: Weekday, screen: [String]) {
    expectScreen(makeState(day: day, size: Layout.minimum).render(at: .zero), screen)
  }

  /// Narrower or lower than 24x8: a notice says so, centred, with the size.
  @Test(arguments: [
    (
      Size(width: 20, height: 5),
      [
        "",
        " terminal too small",
        "  20x5, need 24x8",
        "",
        "",
      ]
    ),
    (
      Size(width: 12, height: 3),
      [
        " too small",
        " need 24x8",
        "",
      ]
    ),
    (
      Size(width: 9, height: 1),
      [
        "too small"
      ]
    ),
    (
      Size(width: 23, height: 9),
      [
        "",
        "",
        "",
        "  terminal too small",
        "    23x9, need 24x8",
        "",
        "",
        "",
        "",
      ]
    ),
    (
      Size(width: 80, height: 7),
      [
        "",
        "",
        "                               terminal too small",
        "                                80x7, need 24x8",
        "",
        "",
        "",
      ]
    ),
  ])
  func tooSmallShowsANotice(size: Size, screen: [String]) {
    expectScreen(makeState(size: size).render(at: .zero), screen)
  }
}
