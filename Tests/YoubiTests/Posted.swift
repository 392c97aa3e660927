import Foundation
import Synchronization

@testable import YoubiCore

/// Events an opener or watcher posted from its thread.
final class Posted: Sendable {
  private let events = Mutex<[AppEvent]>([])
  func post(_ event: AppEvent) { events.withLock { $0.append(event) } }
  var all: [AppEvent] { events.withLock { $0 } }

  /// Waits (at most `limit`) until `count` events have arrived; they are I/O on another thread.
  func wait(for count: Int, limit: Duration = .seconds(10)) -> [AppEvent] {
    wait(limit: limit) { $0.count >= count }
  }

  /// Waits (at most `limit`) until the events so far satisfy `done`.
  func wait(limit: Duration = .seconds(10), until done: ([AppEvent]) -> Bool) -> [AppEvent] {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while !done(all) && clock.now < deadline { usleep(1_000) }
    return all
  }
}
