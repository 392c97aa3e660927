import TerminalUI
import Testing

@testable import CursesTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// A clock a test moves by hand.
final class ManualClock: @unchecked Sendable {
  private(set) var now: Duration = .seconds(1)
  func advance(_ d: Duration) { now += d }
}

/// A terminal on a pipe (input) and a temporary file (output), no tty needed.
///
/// Its input reader runs on a `ManualClock`, so escape timeouts pass when the
/// test says, and `inputs()` returns what is already there without waiting.
final class PipeHarness {
  let term: CursesTerminal
  let clock = ManualClock()
  let inFile: UnsafeMutablePointer<FILE>
  let outFile: UnsafeMutablePointer<FILE>
  private(set) var writeFD: Int32

  init(size: Size = Size(width: 80, height: 24), mouse: Bool = false, showCursor: Bool = false)
    throws
  {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    inFile = fdopen(fds[0], "r")!
    outFile = tmpfile()!
    writeFD = fds[1]
    let clock = clock
    term = try CursesTerminal(
      output: outFile, input: inFile, size: size, mouse: mouse, showCursor: showCursor,
      now: { clock.now })
  }

  func send(_ text: String) { send(bytes: Array(text.utf8)) }

  func send(bytes: [UInt8]) {
    var b = bytes
    _ = write(writeFD, &b, b.count)
  }

  /// Closes the input's write end: the terminal's input has ended.
  func hangUp() {
    close(writeFD)
    writeFD = -1
  }

  /// Everything the terminal reports from what it has already been sent, without waiting.
  func inputs() -> [TerminalInput] {
    var out: [TerminalInput] = []
    while let e = term.nextInput(timeout: .zero) {
      out.append(e)
      if e == .endOfInput { break }
    }
    return out
  }

  /// Everything the terminal reports up to the end of its input, waiting for
  /// it (10 s at most): a signal from another test can make one read come
  /// back empty, which `inputs()` would take for the end of what was sent.
  func inputsUntilEnd() -> [TerminalInput] {
    var out: [TerminalInput] = []
    let deadline = ContinuousClock.now + .seconds(10)
    while out.last != .endOfInput && ContinuousClock.now < deadline {
      if let e = term.nextInput(timeout: .milliseconds(100)) { out.append(e) }
    }
    return out
  }

  /// The bytes written to the terminal so far.
  func output() -> [UInt8] {
    fflush(outFile)
    let n = ftell(outFile)
    rewind(outFile)
    var b = [UInt8](repeating: 0, count: n)
    _ = fread(&b, 1, n, outFile)
    fseek(outFile, 0, SEEK_END)
    return b
  }

  /// The output written since `mark` (a count from an earlier `output()`), as text.
  func text(since mark: Int = 0) -> String {
    String(decoding: output().dropFirst(mark), as: UTF8.self)
  }

  deinit {
    term.stop()
    if writeFD >= 0 { close(writeFD) }
    fclose(inFile)
    fclose(outFile)
  }
}
