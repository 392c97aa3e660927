import TerminalUI
import Testing

@testable import YoubiCore

/// The references read behind the first frame: every section is read again, and one
/// that could not be read is said in the footer while the rest works.
@Suite struct ReferenceLoadedTests {
  @Test func everySectionIsReadAgainAndAMissingReferenceIsSaid() {
    var state = watchedState()
    _ = state.launch()
    let effects = state.update(
      .referencesLoaded(warnings: [
        "youbi: reference: /home/u/gone.json: cannot open: no such file",
        "youbi: reference: /home/u/week.json: a reference must be bangumi-data",
      ]), at: ms(10))
    #expect(effects.contains(.load(path: watchedPath)), "\(effects)")
    #expect(state.notice?.topic == .reference)
    #expect(state.notice?.text == "reference: gone.json: cannot open: no such file (+1)")
    let footer = state.render(at: ms(10)).lines.last ?? ""
    #expect(footer.contains("reference: gone.json: cannot open"), "\(footer)")
    // The week is still there, and a key clears the word.
    #expect(state.sections[0].schedule != nil)
    _ = state.update(.keyPressed(.down), at: ms(20))
    #expect(state.notice == nil)
  }

  /// `r` reads the references again as it reads the files: one read at a time, and one
  /// asked for while another is under way goes out when that one is back.
  @Test func rReadsTheReferencesAgainOneReadAtATime() {
    var state = watchedState()
    _ = state.launch()
    state.readsReferences()  // the first read went out with the run's first effects
    var effects = state.update(.keyPressed(.char("r")), at: ms(10))
    #expect(!effects.contains(.loadReferences), "a read is under way: \(effects)")
    effects = state.update(.referencesLoaded(warnings: []), at: ms(20))
    #expect(effects.contains(.loadReferences), "the read r asked for: \(effects)")
    effects = state.update(.referencesLoaded(warnings: []), at: ms(30))
    #expect(!effects.contains(.loadReferences), "nothing more asked: \(effects)")
    effects = state.update(.keyPressed(.char("r")), at: ms(40))
    #expect(effects.contains(.loadReferences), "\(effects)")
    #expect(effects.filter { $0 == .loadReferences }.count == 1)
  }

  @Test func withoutReferencesRReadsNone() {
    var state = watchedState()
    _ = state.launch()
    let effects = state.update(.keyPressed(.char("r")), at: ms(10))
    #expect(!effects.contains(.loadReferences), "\(effects)")
  }

  @Test func noWarningsNoWord() {
    var state = watchedState()
    _ = state.launch()
    let effects = state.update(.referencesLoaded(warnings: []), at: ms(10))
    #expect(effects.contains(.load(path: watchedPath)))
    #expect(state.notice == nil)
  }

  /// A reference file is watched with the sections' files: a burst of changes to it
  /// reads the references again once it settles (then every section, enriched).
  @Test func aChangedReferenceFileIsReadAgainOnceTheBurstSettles() {
    var state = watchedState()
    state.readsReferences(watching: ["/home/u/bangumi.json"])
    let start = state.launch()
    #expect(start.contains(.watch(paths: [watchedPath, "/home/u/bangumi.json"])), "\(start)")
    var effects = state.update(.referencesLoaded(warnings: []), at: ms(10))
    #expect(!effects.contains(.loadReferences), "\(effects)")
    effects = state.update(.fileChanged(path: "/home/u/bangumi.json"), at: ms(100))
    #expect(!effects.contains(.loadReferences), "the burst is settling: \(effects)")
    #expect(!effects.contains(.load(path: watchedPath)), "\(effects)")
    _ = state.update(.fileChanged(path: "/home/u/bangumi.json"), at: ms(140))
    #expect(state.nextDeadline(after: ms(140)) == ms(200))
    effects = state.update(.timerFired, at: ms(200))
    #expect(effects.filter { $0 == .loadReferences }.count == 1, "\(effects)")
    // Read again: then the sections are read again, enriched (once the first read of
    // the file, still under way here, is back).
    effects = state.update(.referencesLoaded(warnings: []), at: ms(300))
    #expect(state.sections[0].reload.due == ms(300))
    #expect(!effects.contains(.loadReferences), "\(effects)")
  }

  @Test func aChangeDuringAReadReadsOnceMoreWhenItIsBack() {
    var state = watchedState()
    state.readsReferences(watching: ["/home/u/bangumi.json"])
    _ = state.launch()
    _ = state.update(.fileChanged(path: "/home/u/bangumi.json"), at: ms(10))
    var effects = state.update(.timerFired, at: ms(100))
    #expect(!effects.contains(.loadReferences), "the first read is under way: \(effects)")
    effects = state.update(.referencesLoaded(warnings: []), at: ms(120))
    #expect(effects.contains(.loadReferences), "\(effects)")
  }
}
