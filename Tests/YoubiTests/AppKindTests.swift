import PagerCore
import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// The words of a section's marks follow its kind: the config's `kind=…`, over the
/// file's own `"kind"`.
@Suite struct AppKindTests {
  @Test(arguments: [
    (SectionKind?.none, Labels.en, "3 marked watched"), (.manga, .en, "3 marked read"),
    (.other, .en, "3 marked done"), (.manga, .ja, "3件を既読にしました"),
    (.other, .ja, "3件を済にしました"), (.anime, .ja, "3件を視聴済みにしました"),
  ])
  func theWordsFollowTheConfigOverTheFile(kind: SectionKind?, labels: Labels, footer: String) {
    // The file says anime; the config's kind, when given, wins. `M` on Monday's release
    // marks it and the two before it.
    var state = followedState(wall: nextMonday(hour: 22))
    state.labels = labels
    if let kind { state.kinds[.file("/home/me/week.json")] = kind }
    state.update(.keyPressed(.char("M")), at: Moment(uptime: .zero, wall: state.wall))
    #expect(state.render(at: .zero).lines[23].contains(footer), "\(state.render(at: .zero))")
    // The details of the release just marked say the same word.
    state.update(.keyPressed(.enter), at: Moment(uptime: .zero, wall: state.wall))
    let word = Labels.en == labels ? ["watched", "read", "done"] : ["視聴済み", "既読", "済"]
    let expected = word[[SectionKind.anime, .manga, .other].firstIndex(of: kind ?? .anime)!]
    #expect(
      state.render(at: .zero).description.contains("✓ " + expected),
      "\(state.render(at: .zero))")
  }
}
