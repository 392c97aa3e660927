import TerminalUI
import Testing

@testable @_spi(Benchmark) import CursesTerminal

#if canImport(Glibc)
  import Glibc
#endif

private let esc = "\u{1B}"

/// Where the terminal's cursor is after `text`, starting at `from`: a small
/// interpreter of the moves ncurses makes with xterm-256color (text, CR, LF,
/// BS, CUP, VPA, HPA, CUU/CUD/CUF/CUB, REP). Other sequences do not move it.
private func cursor(after text: String, from: Point = Point(x: 0, y: 0)) -> Point {
  var p = from
  var scalars = text.unicodeScalars.makeIterator()
  var last = 0  // width of the last glyph, for REP
  while let s = scalars.next() {
    switch s {
    case "\r": p.x = 0
    case "\n": p.y += 1
    case "\u{08}": p.x = max(0, p.x - 1)
    case "\u{1B}":
      guard let kind = scalars.next() else { break }
      if kind == "]" {  // OSC: skip to BEL
        while let c = scalars.next(), c != "\u{07}" {}
        break
      }
      if kind == "(" || kind == ")" {
        _ = scalars.next()
        break
      }
      guard kind == "[" else { break }
      var parameters = ""
      var final: Unicode.Scalar = "@"
      while let c = scalars.next() {
        if (0x40...0x7E).contains(c.value) {
          final = c
          break
        }
        parameters.unicodeScalars.append(c)
      }
      guard !parameters.hasPrefix("?") else { break }
      let n = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
        Int($0) ?? 0
      }
      let first = max(1, n.first ?? 1)
      switch final {
      case "H": p = Point(x: max(1, n.count > 1 ? n[1] : 1) - 1, y: first - 1)
      case "d": p.y = first - 1
      case "G", "`": p.x = first - 1
      case "A": p.y -= first
      case "B": p.y += first
      case "C": p.x += first
      case "D": p.x -= first
      case "b": p.x += last * first
      default: break
      }
    default:
      guard s.value >= 0x20 else { break }
      last = max(0, TextWidth.of(s))
      p.x += last
    }
  }
  return p
}

extension ProcessWideTests {
  @Suite struct Screen {
    @Test func drawsWideTextAndSendsOnlyChangedRows() throws {
      let h = try PipeHarness(size: Size(width: 20, height: 4))
      var c = Canvas(size: Size(width: 20, height: 4))
      c.draw("月曜日 Mon", x: 0, y: 0)
      c.draw("END", x: 17, y: 3)
      h.term.draw(c)
      let first = h.output().count
      #expect(h.text().contains("月曜日 Mon") && h.text().contains("EN"))
      h.term.draw(c)
      #expect(h.output().count == first)  // nothing changed, nothing sent
      c.draw("火曜日 Tue", x: 0, y: 0)
      h.term.draw(c)
      #expect(h.text(since: first).contains("火"))
      #expect(!h.text(since: first).contains("END"))
    }

    /// Rows are compared field by field (never padding): a change in any one
    /// field alone is seen and sent.
    @Test(arguments: ["style", "mark", "width", "scalar"])
    func aChangeInOneFieldOfOneCellIsSent(field: String) throws {
      let h = try PipeHarness(size: Size(width: 20, height: 3))
      var c = Canvas(size: Size(width: 20, height: 3))
      c.draw("abc e\u{301}f 月", x: 0, y: 1)
      h.term.draw(c)
      let mark = h.output().count
      switch field {
      case "style": c.draw("b", x: 1, y: 1, style: .bold)
      case "mark": c.draw("e\u{300}", x: 4, y: 1)
      case "width": c.draw("xy", x: 8, y: 1)  // the wide glyph and its continuation
      default: c.draw("Z", x: 19, y: 2)
      }
      h.term.draw(c)
      #expect(h.output().count > mark, "a change in \(field) was not sent")
    }

    @Test func canvasLargerOrSmallerThanScreen() throws {
      let h = try PipeHarness(size: Size(width: 10, height: 3))
      var big = Canvas(size: Size(width: 15, height: 5))
      big.draw("0123456789月ABCD", x: 0, y: 0)
      big.draw("12345678月", x: 0, y: 1)  // the wide glyph straddles the right edge
      h.term.draw(big)
      var small = Canvas(size: Size(width: 4, height: 2))
      small.draw("ab", x: 0, y: 0)
      h.term.draw(small)
      #expect(h.text().contains("12345678"))
    }

    @Test func colorsAndNoColorFallbacks() throws {
      for color in [true, false] {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let inFile = fdopen(fds[0], "r")!
        let outFile = tmpfile()!
        defer {
          close(fds[1])
          fclose(inFile)
          fclose(outFile)
        }
        let term = try CursesTerminal(
          output: outFile, input: inFile, size: Size(width: 10, height: 1), color: color,
          now: { .zero })
        var c = Canvas(size: Size(width: 10, height: 1))
        c.draw("A", x: 0, y: 0, style: Style(color: .accent))
        term.draw(c)
        term.stop()
        fflush(outFile)
        let n = ftell(outFile)
        rewind(outFile)
        var b = [UInt8](repeating: 0, count: n)
        _ = fread(&b, 1, n, outFile)
        let text = String(decoding: b, as: UTF8.self)
        // xterm-256color: cyan foreground is SGR 36; without colour, accent is bold (SGR 1).
        #expect(text.contains(color ? "36m" : "1mA"), "color: \(color)")
      }
    }

    @Test func cursorRestsWhereTheCanvasSaysAfterEveryFrame() throws {
      let h = try PipeHarness(size: Size(width: 20, height: 6))
      var c = Canvas(size: Size(width: 20, height: 6))
      c.draw("Mon", x: 0, y: 0)
      c.cursor = Point(x: 3, y: 4)
      h.term.draw(c)
      #expect(cursor(after: h.text()) == Point(x: 3, y: 4))
      // Text drawn elsewhere leaves the cursor where the canvas asks it to rest.
      var mark = h.output().count
      c.draw("Tue", x: 10, y: 1)
      c.draw("月曜日", x: 2, y: 5)
      c.cursor = Point(x: 1, y: 2)
      h.term.draw(c)
      #expect(cursor(after: h.text(since: mark), from: Point(x: 3, y: 4)) == Point(x: 1, y: 2))
      mark = h.output().count
      c.draw("Wed", x: 10, y: 1)
      h.term.draw(c)  // the same cursor, other text
      #expect(cursor(after: h.text(since: mark), from: Point(x: 1, y: 2)) == Point(x: 1, y: 2))
      // Outside the screen, or nil: ignored, the cursor stays.
      mark = h.output().count
      c.cursor = Point(x: 25, y: 2)
      h.term.draw(c)
      c.cursor = nil
      h.term.draw(c)
      #expect(h.output().count == mark)
    }

    @Test(arguments: [false, true])
    func cursorIsHiddenUnlessAskedFor(showCursor: Bool) throws {
      let h = try PipeHarness(size: Size(width: 20, height: 6), showCursor: showCursor)
      var c = Canvas(size: Size(width: 20, height: 6))
      c.draw("one", x: 0, y: 0)
      h.term.draw(c)
      // The last word on the cursor (ncurses shows it while it steps aside at start).
      let bytes = Array(h.output())
      let hide = Array("\(esc)[?25l".utf8)
      let show = Array("\(esc)[?25h".utf8)
      var shownLast: Bool? = nil
      for i in bytes.indices {
        if bytes[i...].starts(with: hide) { shownLast = false }
        if bytes[i...].starts(with: show) { shownLast = true }
      }
      #expect(shownLast == showCursor)
    }

    @Test func synchronizedOutputOnlyOnceTheTerminalSaysItHasIt() throws {
      let h = try PipeHarness(size: Size(width: 20, height: 4))
      // Asked at start, before any frame, without waiting for the answer.
      #expect(h.text().contains(TerminalModes.askSynchronizedOutput))
      var c = Canvas(size: Size(width: 20, height: 4))
      c.draw("one", x: 0, y: 0)
      h.term.draw(c)
      #expect(!h.text().contains(TerminalModes.beginFrame))
      h.send("\(esc)[?2026;2$y")
      #expect(h.inputs() == [])
      var mark = h.output().count
      c.draw("two", x: 0, y: 1)
      h.term.draw(c)
      let frame = h.text(since: mark)
      #expect(frame.hasPrefix(TerminalModes.beginFrame) && frame.hasSuffix(TerminalModes.endFrame))
      #expect(frame.contains("two"))
      // Nothing changed: no empty frame is sent.
      mark = h.output().count
      h.term.draw(c)
      #expect(h.output().count == mark)
    }

    @Test(arguments: [0, 4])
    func noSynchronizedOutputWhenTheTerminalHasNot(setting: Int) throws {
      let h = try PipeHarness(size: Size(width: 20, height: 4))
      h.send("\(esc)[?2026;\(setting)$y")
      #expect(h.inputs() == [])
      var c = Canvas(size: Size(width: 20, height: 4))
      c.draw("one", x: 0, y: 0)
      h.term.draw(c)
      #expect(!h.text().contains(TerminalModes.beginFrame))
    }

    @Test func clipboardIsOneOSC52() throws {
      let h = try PipeHarness()
      let mark = h.output().count
      h.term.copyToClipboard("héllo 月")
      #expect(h.text(since: mark) == "\(esc)]52;c;aMOpbGxvIOaciA==\u{07}")
    }

    @Test func modesOnAtStartAndOffAtStop() throws {
      let h = try PipeHarness(mouse: true)
      #expect(h.text().contains("\(esc)[?1000h\(esc)[?1002h\(esc)[?1006h\(esc)[?2004h"))
      let mark = h.output().count
      h.term.stop()
      #expect(h.text(since: mark).hasPrefix("\(esc)[?1006l\(esc)[?1002l\(esc)[?1000l\(esc)[?2004l"))
    }

    @Test func handOverLeavesCursesAndComesBackInFull() throws {
      let h = try PipeHarness(size: Size(width: 20, height: 4), mouse: true)
      var c = Canvas(size: Size(width: 20, height: 4))
      c.draw("Mon", x: 0, y: 0)
      h.term.draw(c)
      let before = h.output().count
      var during = ""
      h.term.handOver { during = h.text(since: before) }
      // Modes off and the main screen back before the body runs.
      #expect(during.hasPrefix(TerminalModes.off(mouse: true)))
      #expect(during.contains("\(esc)[?1049l"))
      let after = h.output().count
      #expect(h.text(since: before + during.utf8.count).hasPrefix(TerminalModes.on(mouse: true)))
      #expect(h.inputs() == [.resized(Size(width: 20, height: 4))])
      h.term.draw(c)
      let repaint = h.text(since: after)
      #expect(repaint.contains("\(esc)[?1049h"))  // the alternate screen again
      #expect(repaint.contains("\(esc)[?25l"))  // the cursor hidden again
      #expect(repaint.contains("\(esc)[H\(esc)[2J") && repaint.contains("Mon"))
      // Coming back never resets the palette the user's theme set (xterm's `oc`).
      #expect(!h.text().contains("\(esc)]104"))
    }

    @Test func resumeTurnsModesOnAndRepaints() throws {
      let h = try PipeHarness(size: Size(width: 20, height: 4), mouse: true)
      var c = Canvas(size: Size(width: 20, height: 4))
      c.draw("Mon", x: 0, y: 0)
      h.term.draw(c)
      let before = h.output().count
      h.term.resumed()
      #expect(h.text(since: before) == TerminalModes.on(mouse: true))
      #expect(h.inputs() == [.resized(Size(width: 20, height: 4))])
      let afterResume = h.output().count
      h.term.draw(c)
      // The same canvas again, but drawn in full: the shell may have drawn over it.
      let repaint = h.text(since: afterResume)
      #expect(repaint.contains("\(esc)[H\(esc)[2J") && repaint.contains("Mon"))
      // Coming back never resets the palette the user's theme set (xterm's `oc`).
      #expect(!h.text().contains("\(esc)]104"))
    }

    @Test func aStreamTerminalLeavesSignalActionsAsItFoundThem() throws {
      let signals = [SIGINT, SIGTERM, SIGTSTP, SIGWINCH]
      func actions() -> [Int] {
        signals.map { sig in
          var a = sigaction()
          sigaction(sig, nil, &a)
          return unsafeBitCast(a.__sigaction_handler.sa_handler, to: Int.self)
        }
      }
      let before = actions()
      do {
        let h = try PipeHarness()
        #expect(actions() == before)
        h.term.stop()
      }
      #expect(actions() == before)
    }
  }
}
