import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// The section bar names each section once: the strip of tabs shows the selected one,
/// the buttons its neighbours.
@Suite struct AppSectionBarTests {
  static let names = ["Anime", "Manga", "Web manga", "Novels"]

  func sections(width: Int) -> AppState {
    AppState(
      sections: Self.names.map { name in
        SectionState(
          name: name,
          schedule: SafeSchedule(
            Schedule(title: name, days: [.monday: [Serial(title: "X " + name)]])),
          day: .monday, slideDuration: slide)
      }, labels: .en, size: Size(width: width, height: 10), wall: testWall,
      slideDuration: slide)
  }

  /// How often `name` is on `row` as a word of its own (a cut name ends in "…").
  func count(_ name: String, in row: String) -> Int {
    var count = 0
    var rest = Substring(row)
    while let range = rest.range(of: name) {
      let after = rest[range.upperBound...].first
      if after == nil || after == " " { count += 1 }
      rest = rest[range.upperBound...]
    }
    return count
  }

  /// At 40 columns and more the strip showed the neighbours too, and each of
  /// them again in its button: `‹ Anime  Anime  Manga  Web manga  Web manga ›`.
  @Test(arguments: [24, 30, 36, 40, 50, 60, 80, 120])
  func noNameShowsTwiceAtRest(width: Int) {
    var state = sections(width: width)
    var t = Duration.zero
    for selected in Self.names.indices {
      let bar = state.render(at: t).lines[0]
      for name in Self.names {
        #expect(count(name, in: bar) <= 1, "\(width) columns, on \(selected): \(bar)")
      }
      #expect(bar.contains(Self.names[selected]) || width < 30, "\(bar)")
      t = state.press(.tab, at: t + .milliseconds(1))
    }
  }

  /// Where every title fits, the strip holds them all and the buttons are bare arrows;
  /// where they do not, the strip holds the selected one and the buttons name the others.
  @Test func theStripOrTheButtonsNameTheNeighboursNeverBoth() {
    var wide = sections(width: 80)
    let t = wide.press(.tab, at: .zero)
    #expect(
      wide.render(at: t).lines[0]
        == " ‹        Anime             Manga           Web manga           Novels        ›")
    var narrow = sections(width: 44)
    let u = narrow.press(.tab, at: .zero)
    #expect(narrow.render(at: u).lines[0] == " ‹ Anime            Manga       Web manga ›")
  }
}
