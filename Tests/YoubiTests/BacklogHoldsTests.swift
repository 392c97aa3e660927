import Schedule
import TerminalUI
import Testing

@testable import YoubiCore

/// The backlog kept between updates is worked out again exactly when one of its inputs
/// changes (`backlogHolds`): a mark, the schedule, a release coming out, the look-back,
/// the day-start hour, what is followed; and held when nothing it reads changed.
@Suite struct BacklogHoldsTests {
  @Test func theKeptBacklogHoldsUntilWhatItIsWorkedOutFromChanges() {
    let state = followedState(wall: nextMonday(hour: 10))
    #expect(state.backlogHolds)
    func expectWorkedOutAgain(
      sourceLocation: SourceLocation = #_sourceLocation, _ change: (inout AppState) -> Void
    ) {
      var changed = state
      change(&changed)
      #expect(!changed.backlogHolds, sourceLocation: sourceLocation)
      changed.refreshBacklog()
      #expect(changed.backlogHolds, sourceLocation: sourceLocation)
    }
    expectWorkedOutAgain {
      $0.marks.setSeen(
        true, SerialID(title: "Wed"), in: marksKey, on: date(2026, 12, 2), at: nextMonday(hour: 9))
    }
    expectWorkedOutAgain { $0.sections[0].schedule = $0.sections[0].schedule }
    expectWorkedOutAgain { $0.wall = nextMonday(hour: 21) }  // Monday's release is out
    // Another day, with no release out between (Bi is off on 8 December).
    var late = followedState(wall: nextMonday(hour: 22))
    #expect(late.backlogHolds)
    late.wall = WallTime(seconds: late.wall.seconds + 3 * 3600)
    #expect(!late.backlogHolds)
    expectWorkedOutAgain { $0.backlogWeeks = 2 }
    expectWorkedOutAgain { $0.dayStartHour = 11 }
    // A catalogue follows only what is marked, unless the config says all.
    var raw = followedWeek()
    raw.format = .bangumiData
    var catalogue = state
    catalogue.sections[0].schedule = SafeSchedule(raw)
    catalogue.refreshBacklog()
    #expect(catalogue.backlogHolds)
    catalogue.followedSources = [.file("/home/me/week.json")]
    #expect(!catalogue.backlogHolds)
    // Nothing it reads: held.
    var other = state
    other.size = Size(width: 120, height: 40)
    other.starredOnly = true
    other.wall = nextMonday(hour: 11)
    #expect(other.backlogHolds)
  }
}
