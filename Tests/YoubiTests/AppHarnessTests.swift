import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// The harness itself: a test that leaves an effect unasserted, or expects
/// the wrong screen, fails.
@Suite struct AppHarnessTests {
  @Test func anUnassertedEffectFailsExpect() {
    var state = makeState()
    withKnownIssue("q quits, and the test does not say so") {
      state.expect(.keyPressed(.char("q")), at: .zero)
    }
  }

  @Test func anUnassertedWakeFailsExpect() {
    var state = makeState()
    withKnownIssue("the slide's first frame is not listed") {
      state.expect(.keyPressed(.right), at: .zero, effects: []) {
        $0.pager.step(.forward, at: .zero)
      }
    }
  }

  @Test func anEffectThatNeverCameFailsStep() {
    var state = makeState()
    withKnownIssue("j copies nothing") {
      state.step(.keyPressed(.char("j")), at: .zero, effects: [.copy("Mon 01")])
    }
  }

  @Test func anUnassertedActionFailsPress() {
    var state = makeState()
    withKnownIssue("y copies the title, and the test does not say so") {
      _ = state.press(.char("y"), at: .zero)
    }
  }

  @Test func aScreenThatDiffersFails() {
    let state = makeState(size: Size(width: 30, height: 8))
    withKnownIssue("the heading says Monday") {
      expectScreen(state.render(at: .zero), ["Tuesday"])
    }
  }

  @Test func durationsPrintAsSwift() {
    #expect(swiftLiteral(.zero) == ".zero")
    #expect(swiftLiteral(.seconds(39_600) + .milliseconds(7)) == "beforeMidnight + ms(7)")
    #expect(swiftLiteral(.seconds(90)) == ".seconds(90)")
    #expect(swiftLiteral(AppState.frameInterval) == "frame")
    #expect(swiftLiteral(.nanoseconds(33_333_334)) == ".nanoseconds(33333334)")
    #expect(swiftLiteral(Effect.quit(status: 130)) == ".quit(status: 130)")
  }
}
