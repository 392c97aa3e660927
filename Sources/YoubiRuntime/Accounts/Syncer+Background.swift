import Schedule
import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Syncer {
  /// The longest wait between two tries of a queue that could not be sent.
  static let longestWait: Int64 = 3600

  /// Queues `request` (when given) and sends the queue, on a background thread: one at a
  /// time, so a write asked for while a send runs is sent right after it. A queue the
  /// tracker would not take now is tried again after the wait it asked for. Each send's
  /// outcomes go to `report`. The thread is `background`'s, counted as the run loop's
  /// other work is (a test waits for it); it stops waiting for a retry when youbi quits,
  /// the queue kept on disk for the next run.
  public func queueAndSend(
    _ request: SyncRequest?, on background: Background,
    report: @escaping @Sendable ([(WebURL, SyncOutcome)]) -> Void
  ) {
    background.start {
      if let request { try? self.queue.add(request, clock: self.clock) }
      guard self.claimSender() else { return }
      var wait: Int64 = 0
      while true {
        let (outcomes, retry) = self.send()
        if !outcomes.isEmpty { report(outcomes) }
        if self.releaseSender(retrying: retry != nil) {
          wait = 0
          continue
        }
        guard let retry, !background.isStopping else { return }
        wait = min(Self.longestWait, max(retry, wait * 2, 1))
        self.sleep(seconds: wait)
      }
    }
  }

  /// Becomes the sender, or asks the one running to go again; whether this thread sends.
  private func claimSender() -> Bool {
    senderState.withLock { state in
      if state.running {
        state.again = true
        return false
      }
      state.running = true
      return true
    }
  }

  /// After a send: whether to go again at once (more was queued meanwhile). Stops being
  /// the sender unless a retry is due.
  private func releaseSender(retrying: Bool) -> Bool {
    senderState.withLock { state in
      if state.again {
        state.again = false
        return true
      }
      if !retrying { state.running = false }
      return false
    }
  }

  /// Waits `seconds`, cut short when a new write is queued.
  private func sleep(seconds: Int64) {
    let end = clock.now().uptime + .seconds(seconds)
    while clock.now().uptime < end {
      if senderState.withLock({ $0.again }) { return }
      usleep(200_000)
    }
  }
}
