import CNcurses
import TerminalUI
import Testing

@testable @_spi(Benchmark) import CursesTerminal

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct CursesMappingTests {
  @Test func attributes() {
    #expect(CursesMapping.attributes([]) == youbi_A_NORMAL())
    #expect(
      CursesMapping.attributes([.bold, .underline]) == youbi_A_BOLD() | youbi_A_UNDERLINE())
    #expect(CursesMapping.attributes([.reverse, .dim]) == youbi_A_REVERSE() | youbi_A_DIM())
    var seen = Set<Int>()
    for c in Color.allCases {
      for a in 0..<16 {
        seen.insert(CursesMapping.styleIndex(Style(.init(rawValue: UInt8(a)), color: c)))
      }
    }
    #expect(seen.count == 16 * Color.allCases.count)
    #expect(seen.max()! < 16 * Color.allCases.count)
  }

  @Test(arguments: Color.allCases)
  func everyColorKeepsItsDistinctionWithoutColor(color: Color) {
    let withColor = CursesMapping.foreground(color, theme: .dark, many: true) != nil
    let without = CursesMapping.fallback(color, colorsAvailable: false, many: false)
    #expect(withColor == (color != .default))
    #expect((without != 0) == (color != .default))
  }

  /// Each theme's foregrounds, on 8 and on 256 colours (nil: the terminal's own,
  /// with the fallback attribute keeping the distinction).
  @Test func themesPickTheirColours() {
    func colours(_ theme: Theme, many: Bool) -> [Int16?] {
      Color.allCases.map { CursesMapping.foreground($0, theme: theme, many: many) }
    }
    let (cyan, blue, white) = (Int16(COLOR_CYAN), Int16(COLOR_BLUE), Int16(COLOR_WHITE))
    #expect(colours(.dark, many: true) == [nil, cyan, 8])
    #expect(colours(.dark, many: false) == [nil, cyan, white])
    // On white: no cyan, no white; muted is grey or the default colour dimmed.
    #expect(colours(.light, many: true) == [nil, blue, 8])
    #expect(colours(.light, many: false) == [nil, blue, nil])
    #expect(colours(.mono, many: true) == [nil, nil, nil])
  }
}

@Suite struct CursesTerminalErrorTests {
  @Test func hostileTermIsShownSanitized() {
    let m = CursesTerminalError.unknownTerminal("x\u{1B}]0;pwned\u{7}\u{9B}2J").message
    #expect(!m.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    #expect(m == "youbi: cannot use terminal type 'x␛]0;pwned␇␦2J' (check TERM)")
  }
}

private let esc = "\u{1B}"

/// ncurses and signal actions are process-wide: every test that starts a
/// terminal or a guard runs in this one serialized suite.
@Suite(.serialized) struct ProcessWideTests {}

extension ProcessWideTests {
  @Suite struct Input {
    @Test func keysInTheirCommonEncodings() throws {
      let h = try PipeHarness()
      h.send("a月\(esc)OA\(esc)[B\(esc)[1~\(esc)[4~\(esc)[5~\(esc)[6~\r\t\(esc)[Z\u{7F}\(esc)OP")
      #expect(
        h.inputs() == [
          .key(.char("a")), .key(.char("月")), .key(.up), .key(.down), .key(.home), .key(.end),
          .key(.pageUp), .key(.pageDown), .key(.enter), .key(.tab), .key(.backTab),
          .key(.backspace), .key(.function(1)),
        ])
    }

    @Test func loneEscapeOnceTheDelayHasPassed() throws {
      let h = try PipeHarness()
      h.send(esc)
      #expect(h.inputs() == [])
      h.clock.advance(InputDecoder.escapeDelay)
      #expect(h.inputs() == [.key(.escape)])
    }

    @Test func invalidByteCostsOnlyItself() throws {
      let h = try PipeHarness()
      h.send(bytes: [0xFF, 0x71])
      #expect(h.inputs() == [.key(.char("q"))])
    }

    @Test func mouseReportsInEveryEncodingArriveWholeAndInOrder() throws {
      let h = try PipeHarness(mouse: true)
      h.send(
        "\(esc)[<0;5;3M\(esc)[<32;6;3M\(esc)[<32;7;4M\(esc)[<0;7;4m\(esc)[<64;2;2M\(esc)[Mq+%"
          + "\(esc)[32;300;3M\(esc)[35;300;3Mx")
      #expect(
        h.inputs() == [
          .mouse(.init(.press, x: 4, y: 2)), .mouse(.init(.drag, x: 5, y: 2)),
          .mouse(.init(.drag, x: 6, y: 3)), .mouse(.init(.release, x: 6, y: 3)),
          .mouse(.init(.wheelUp, x: 1, y: 1)), .mouse(.init(.wheelDown, x: 10, y: 4)),
          .mouse(.init(.press, x: 299, y: 2)), .mouse(.init(.release, x: 299, y: 2)),
          .key(.char("x")),
        ])
    }

    @Test func mouseReportsAreDroppedWhenTheMouseIsOff() throws {
      let h = try PipeHarness(mouse: false)
      h.send("\(esc)[<0;5;3M\(esc)[Mq+%x")
      #expect(h.inputs() == [.key(.char("x"))])
    }

    @Test func pastedTextIsAPasteNotKeys() throws {
      let h = try PipeHarness()
      h.send("\(esc)[200~q\(esc)[201~j")
      #expect(h.inputs() == [.paste("q"), .key(.char("j"))])
    }

    @Test func timeoutAndWaker() async throws {
      let h = try PipeHarness()
      #expect(h.term.nextInput(timeout: .zero) == nil)
      #expect(h.term.nextInput(timeout: .milliseconds(1)) == nil)
      let waker = h.term.waker
      let task = Task.detached { waker.wake() }
      #expect(h.term.nextInput(timeout: .seconds(30)) == .woken)
      await task.value
    }

    @Test func endOfInputEndsTheRunAsAHangup() throws {
      let h = try PipeHarness()
      h.send("j")
      h.hangUp()
      #expect(
        h.inputsUntilEnd() == [.key(.char("j")), .terminated(signal: SIGHUP), .endOfInput])
    }

    /// A Linux pty that hangs up is readable (POLLIN with POLLHUP) and reads 0
    /// bytes or EIO: that must end the input, not spin.
    @Test(.timeLimit(.minutes(1))) func hungUpPtyEndsTheRun() throws {
      // posix_openpt and friends are not in Swift's Glibc module: their Linux
      // ioctls, TIOCSPTLCK (unlock) and TIOCGPTN (number), are function-like macros.
      let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
      var unlock: Int32 = 0
      var number: Int32 = 0
      try #require(master >= 0)
      try #require(
        ioctl(master, 0x4004_5431, &unlock) == 0 && ioctl(master, 0x8004_5430, &number) == 0)
      let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
      try #require(slave >= 0)
      let input = fdopen(slave, "r")!
      let output = tmpfile()!
      defer {
        fclose(input)
        fclose(output)
      }
      let term = try CursesTerminal(
        output: output, input: input, size: Size(width: 20, height: 5), now: { .zero })
      defer { term.stop() }
      close(master)
      #expect(term.nextInput(timeout: Duration.seconds(30)) == .terminated(signal: SIGHUP))
      #expect(term.nextInput(timeout: Duration.seconds(30)) == .endOfInput)
    }

    @Test func stopIsIdempotentAndEndsInput() throws {
      let h = try PipeHarness()
      h.term.stop()
      h.term.stop()
      #expect(h.term.nextInput(timeout: nil) == .endOfInput)
    }
  }
}
