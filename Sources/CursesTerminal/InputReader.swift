import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Waits for the terminal's bytes, signals and wake-ups, and decodes the bytes.
///
/// It polls three descriptors: the terminal (read directly, never through
/// ncurses), the signal pipe the guard's handlers write to, and the waker's
/// pipe. Bytes go through the pure `InputDecoder`, with the time they arrived
/// on the clock the reader was given.
final class InputReader {
  /// What one wait produced, in the order it happened.
  enum Event: Equatable {
    case decoded(DecodedInput)
    case signal(Int32)
    case woken
    /// The terminal went away (a hangup, an error, or the end of its input).
    case hangUp
  }

  /// The reader's clock: a monotonic time, for the decoder's escape timeout.
  let now: () -> Duration
  private let fd: Int32
  private let signalFD: Int32
  private let wakePipe: SelfPipe
  private var decoder = InputDecoder()
  private var buffer = [UInt8](repeating: 0, count: 4096)
  private var decoded: [DecodedInput] = []
  /// The terminal hung up: its descriptor is no longer polled.
  private(set) var hungUp = false

  /// Reads `fd`; `signalFD` is the read end of the signal pipe (-1 when none).
  init(fd: Int32, signalFD: Int32, now: @escaping () -> Duration) throws(CursesTerminalError) {
    guard let pipe = SelfPipe() else { throw .system("pipe", errno) }
    wakePipe = pipe
    self.fd = fd
    self.signalFD = signalFD
    self.now = now
  }

  /// A handle other threads use to interrupt `wait` (each call yields one `.woken`).
  var waker: Waker {
    let pipe = wakePipe
    return Waker { pipe.poke() }
  }

  /// Waits until something happens or `deadline` passes (nil: no limit);
  /// returns nil when the deadline passed with nothing to report.
  ///
  /// Bytes that only start a sequence report nothing yet: the wait goes on,
  /// and if no more bytes come within the decoder's delay, the decoder
  /// resolves them (an ESC alone becomes the Escape key). A hangup, an error
  /// or a zero-byte read ends with `.hangUp`, even when poll also reports
  /// the descriptor readable, as Linux ptys do on hangup.
  func wait(until deadline: Duration?) -> [Event]? {
    while true {
      let current = now()
      let left = deadline.map { max(.zero, $0 - current) }
      let decoderLeft = decoder.deadline.map { max(.zero, $0 - current) }
      let decoderFirst = decoderLeft.map { d in left.map { d <= $0 } ?? true } ?? false
      let wait = decoderFirst ? decoderLeft : left

      var fds = [
        // After a hangup only signals and wakes can come: a hung-up tty would poll ready for ever.
        pollfd(fd: hungUp ? -1 : fd, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakePipe.readFD, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, nfds_t(fds.count), wait.map(Self.milliseconds) ?? -1)
      if ready < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        hungUp = true
        return [.hangUp]
      }
      if ready == 0 {
        guard decoderFirst, let resolveAt = decoder.deadline else { return nil }
        // The poll waited out the decoder's delay with no byte arriving.
        decoder.expire(at: resolveAt, into: &decoded)
        if let events = takeDecoded() { return events }
        continue
      }

      var events: [Event] = []
      if fds[1].revents & Int16(POLLIN) != 0 {
        events += SelfPipe.drain(signalFD).map { .signal(Int32($0)) }
      }
      if fds[2].revents & Int16(POLLIN) != 0 {
        _ = wakePipe.drain()
        events.append(.woken)
      }
      if fds[0].revents != 0 {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n > 0 {
          decoder.feed(buffer[0..<n], at: now(), into: &decoded)
          events += takeDecoded() ?? []
        } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
          hungUp = true
          events.append(.hangUp)
        }
      }
      if !events.isEmpty { return events }
    }
  }

  /// Reads and returns the signal numbers already in the signal pipe.
  func pendingSignals() -> [Int32] {
    signalFD < 0 ? [] : SelfPipe.drain(signalFD).map { Int32($0) }
  }

  private func takeDecoded() -> [Event]? {
    guard !decoded.isEmpty else { return nil }
    defer { decoded.removeAll(keepingCapacity: true) }
    return decoded.map(Event.decoded)
  }

  /// A wait in whole milliseconds for poll, rounded up so it never ends early.
  static func milliseconds(_ d: Duration) -> Int32 {
    let (seconds, attoseconds) = d.components
    let ms = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: ms)
  }
}
