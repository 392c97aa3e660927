import CNcurses
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The ncurses backend of `Terminal`: shows canvases and reads keys, mouse,
/// resizes and signals from the controlling terminal.
///
/// It talks to `/dev/tty`, not stdin/stdout, so `cat file | youbi -` works.
/// Only one may run at a time (ncurses and signal handlers are per process).
/// Call `stop()` before exiting; `deinit` calls it too.
public final class CursesTerminal: Terminal {
  /// How to start the terminal.
  public struct Options: Sendable {
    /// Report mouse presses, releases, drags and the wheel.
    public var mouse: Bool
    /// Use colours (when the terminal has them). Off means attributes only.
    public var color: Bool

    /// The defaults: mouse on, colour unless `NO_COLOR` asks otherwise.
    public init(mouse: Bool = true, color: Bool = CursesTerminal.colorAllowedByEnvironment) {
      self.mouse = mouse
      self.color = color
    }
  }

  /// False when `NO_COLOR` is set to a non-empty value (https://no-color.org).
  public static var colorAllowedByEnvironment: Bool {
    guard let v = getenv("NO_COLOR") else { return true }
    return v.pointee == 0
  }

  private let screen: OpaquePointer
  private let window: UnsafeMutablePointer<WINDOW>
  private let outFile: UnsafeMutablePointer<FILE>
  private let inFile: UnsafeMutablePointer<FILE>
  private let ownsFiles: Bool
  /// The fd ncurses reads from (polled for input).
  private let inputFD: Int32
  private let wakePipe: SelfPipe
  private let signalPipe: SelfPipe?
  private var savedActions: [(Int32, sigaction)] = []
  private var savedTermios: termios?
  private var stopped = false
  private var mouseEnabled: Bool

  /// attr_t and pair for each `CursesMapping.styleIndex`.
  private var styleAttrs: [attr_t] = []
  private var stylePairs: [Int16] = []
  /// A blank `cchar_t` per style, built once with `setcchar`; cells without
  /// combining marks are copies of it with the base scalar set, which is
  /// what `setcchar` would build, without a call per cell.
  private var styleTemplates: [cchar_t] = []
  /// The canvas last copied into ncurses, to copy only rows that changed.
  private var last: Canvas?
  /// Set after a resize or a resume (`fg`): the next draw repaints the whole screen.
  private var needsRepaint = false
  private var queue: [TerminalInput] = []
  private var queueHead = 0
  private var buttonDown = false
  /// Row buffer for `wadd_wchnstr` and the NUL-terminated string for `setcchar`.
  private var rowBuffer: UnsafeMutablePointer<cchar_t>
  private var rowCapacity = 0
  private let wcs = UnsafeMutablePointer<wchar_t>.allocate(capacity: 8)

  /// Starts ncurses on the controlling terminal.
  ///
  /// Sets a UTF-8 locale, opens `/dev/tty`, installs the signal handlers and
  /// switches to the alternate screen. A missing or unusable `TERM` or no
  /// terminal at all is an error value with a one-line `message`.
  public init(options: Options = Options()) throws(CursesTerminalError) {
    _ = TextWidth.localeIsReady
    guard let termEnv = getenv("TERM"), termEnv.pointee != 0 else { throw .termNotSet }
    let term = String(cString: termEnv)
    let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { throw .noTerminal }
    var t = termios()
    guard tcgetattr(fd, &t) == 0 else {
      close(fd)
      throw .noTerminal
    }
    let inFD = fcntl(fd, F_DUPFD_CLOEXEC, 0)
    guard inFD >= 0, let out = fdopen(fd, "w"), let inp = fdopen(inFD, "r") else {
      close(fd)
      if inFD >= 0 { close(inFD) }
      throw .system("fdopen", errno)
    }
    guard let wake = SelfPipe(), let sigPipe = SelfPipe() else {
      fclose(out)
      fclose(inp)
      throw .system("pipe", errno)
    }
    // Our handlers go in before newterm, so ncurses leaves SIGINT/SIGTERM to
    // us; SIGTSTP and SIGWINCH stay default so ncurses installs its own.
    // Those two are saved to be put back at stop().
    signalPipeWriteFD = sigPipe.writeFD
    var saved = SignalHandlers.save([SIGTSTP, SIGWINCH])
    saved += SignalHandlers.installStopHandlers()
    saved += SignalHandlers.installContinueHandler()
    let giveUp = {
      SignalHandlers.restore(saved)
      signalPipeWriteFD = -1
      fclose(out)
      fclose(inp)
    }
    guard let scr = newterm(term, out, inp) else {
      giveUp()
      throw .unknownTerminal(term)
    }
    // newterm accepts types that cannot address the cursor (`dumb`, hard
    // copy); a full-screen pager cannot work there.
    guard let cup = tigetstr("cup"), Int(bitPattern: cup) != -1 else {
      _ = endwin()
      delscreen(scr)
      _ = tcsetattr(fd, TCSADRAIN, &t)
      giveUp()
      throw .unknownTerminal(term)
    }
    screen = scr
    window = youbi_stdscr()
    outFile = out
    inFile = inp
    ownsFiles = true
    inputFD = inFD
    wakePipe = wake
    signalPipe = sigPipe
    savedActions = saved
    savedTermios = t
    mouseEnabled = options.mouse
    rowBuffer = .allocate(capacity: 1)
    configure(color: options.color)
    SignalHandlers.wrapResizeHandler()
    installCrashRestore(ttyFD: fd, termios: t)
  }

  /// Starts ncurses on explicit streams, with no tty and no signal handlers.
  ///
  /// For benchmarks and tests: `output` can be a file or pipe so the bytes a
  /// frame costs can be counted, and `input` a pipe fed with key and mouse
  /// sequences. The screen is `size`, whatever the streams are. The caller
  /// keeps ownership of both streams.
  public init(
    output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>,
    termName: String = "xterm-256color", size: Size, color: Bool = true, mouse: Bool = false
  ) throws(CursesTerminalError) {
    _ = TextWidth.localeIsReady
    guard let wake = SelfPipe() else { throw .system("pipe", errno) }
    // newterm installs ncurses' handlers for the signals still at their
    // default; put them all back at stop().
    let saved = SignalHandlers.save([SIGINT, SIGTERM, SIGTSTP, SIGWINCH])
    guard let scr = newterm(termName, output, input) else { throw .unknownTerminal(termName) }
    screen = scr
    window = youbi_stdscr()
    outFile = output
    inFile = input
    ownsFiles = false
    inputFD = fileno(input)
    wakePipe = wake
    signalPipe = nil
    savedActions = saved
    mouseEnabled = mouse
    rowBuffer = .allocate(capacity: 1)
    configure(color: color)
    if size != self.size {
      // resizeterm queues a KEY_RESIZE the caller did not cause: drop it.
      _ = resizeterm(Int32(size.height), Int32(size.width))
      drainCurses()
      queue.removeAll { if case .resized = $0 { true } else { false } }
      needsRepaint = false
    }
  }

  deinit {
    stop()
    rowBuffer.deallocate()
    wcs.deallocate()
  }

  private func configure(color: Bool) {
    _ = cbreak()
    _ = noecho()
    _ = nonl()
    _ = keypad(window, true)
    _ = intrflush(window, false)
    _ = curs_set(0)
    _ = set_escdelay(25)
    _ = nodelay(window, true)
    // Colours are looked up by case name, so this compiles whichever cases
    // TerminalUI's `Color` has (a case it drops is simply not here).
    var pairs: [Color: Int16] = [:]
    var fallback: [Color: attr_t] = [:]
    if color && has_colors() {
      _ = start_color()
      let background: Int16 = use_default_colors() == OK ? -1 : Int16(COLOR_BLACK)
      let many = youbi_COLORS() >= 16
      for c in Color.allCases {
        let foreground: Int16
        switch c {
        case .default: continue
        case .accent: foreground = Int16(COLOR_CYAN)
        case .muted: foreground = many ? 8 : Int16(COLOR_WHITE)
        }
        let p = CursesMapping.pair(c)
        if init_pair(p, foreground, background) == OK { pairs[c] = p }
        if !many && c == .muted { fallback[c] = youbi_A_DIM() }
      }
    } else {
      // No colour: keep the distinctions with attributes.
      for c in Color.allCases {
        switch c {
        case .default: break
        case .accent: fallback[c] = youbi_A_BOLD()
        case .muted: fallback[c] = youbi_A_DIM()
        }
      }
    }
    styleAttrs = []
    stylePairs = []
    for c in Color.allCases {
      for a in 0..<16 {
        styleAttrs.append(
          CursesMapping.attributes(Style.Attributes(rawValue: UInt8(a))) | (fallback[c] ?? 0))
        stylePairs.append(pairs[c] ?? 0)
      }
    }
    styleTemplates = zip(styleAttrs, stylePairs).map { attr, pair in
      var t = cchar_t()
      wcs[0] = 0x20
      wcs[1] = 0
      _ = setcchar(&t, wcs, attr, pair, nil)
      return t
    }
    if mouseEnabled {
      let mask =
        youbi_BUTTON1_PRESSED() | youbi_BUTTON1_RELEASED() | youbi_BUTTON4_PRESSED()
        | youbi_BUTTON5_PRESSED() | youbi_REPORT_MOUSE_POSITION()
      // has_mouse() is false until mousemask() has set the mouse driver up.
      mouseEnabled = mousemask(mask, nil) != 0 && has_mouse()
    }
    if mouseEnabled {
      _ = mouseinterval(0)
      // ncurses only sends the terminfo XM string (mode 1000: presses and
      // releases). Drags need button-event tracking (mode 1002), which
      // ncurses decodes as REPORT_MOUSE_POSITION once it is in the mask.
      // mousemask() has flushed ncurses' output; putp() would go to stdout.
      writeOutput(Self.dragTrackingOn)
    }
    _ = wnoutrefresh(window)
    _ = doupdate()
  }

  /// Button-event mouse tracking (mode 1002): drags as well as presses and releases.
  static let dragTrackingOn = "\u{1B}[?1002h"
  /// Turns off every mouse mode we or ncurses turned on: drags (1002), SGR
  /// reports (1006) and presses (1000).
  static let mouseOff = "\u{1B}[?1002l\u{1B}[?1006l\u{1B}[?1000l"

  /// Writes bytes straight to the terminal, after whatever ncurses has flushed.
  private func writeOutput(_ text: String) {
    _ = fflush(outFile)
    let fd = fileno(outFile)
    var bytes = Array(text.utf8)
    _ = write(fd, &bytes, bytes.count)
  }

  /// Saves what a crash handler needs to give the shell its terminal back.
  private func installCrashRestore(ttyFD: Int32, termios t: termios) {
    var bytes: [UInt8] = []
    if mouseEnabled { bytes += Array(Self.mouseOff.utf8) }
    for cap in ["sgr0", "cnorm", "rmkx", "rmcup"] {
      guard let s = tigetstr(cap), Int(bitPattern: s) != -1 else { continue }
      bytes += Array(String(cString: s).utf8)
    }
    let buf = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
    buf.initialize(from: bytes, count: bytes.count)
    let tp = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    tp.initialize(to: t)
    crashBytes = buf
    crashByteCount = bytes.count
    crashTermios = tp
    crashTTYFD = ttyFD
    SignalHandlers.installCrashHandlers()
  }

  /// Gives the terminal back: mouse off, `endwin`, modes as before start.
  ///
  /// Idempotent. Afterwards `stty -g` reads what it read before `init`, and
  /// the signal handlers are the ones that were there before.
  public func stop() {
    guard !stopped else { return }
    stopped = true
    if mouseEnabled {
      _ = mousemask(0, nil)
      writeOutput(Self.mouseOff)
    }
    _ = curs_set(1)
    _ = endwin()
    if let t = savedTermios {
      var t = t
      _ = tcsetattr(fileno(outFile), TCSADRAIN, &t)
    }
    if signalPipe != nil {
      SignalHandlers.unwrapResizeHandler()
      SignalHandlers.removeCrashHandlers()
      crashTTYFD = -1
      crashByteCount = 0
      crashBytes?.deallocate()
      crashBytes = nil
      crashTermios?.deallocate()
      crashTermios = nil
    }
    delscreen(screen)
    SignalHandlers.restore(savedActions)
    if signalPipe != nil { signalPipeWriteFD = -1 }
    if ownsFiles {
      fclose(outFile)
      fclose(inFile)
    }
  }

  // MARK: Terminal

  public var size: Size {
    Size(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
  }

  public var waker: Waker {
    let pipe = wakePipe
    return Waker { pipe.poke() }
  }

  /// Sends OSC 52, which asks the terminal (and tmux with `set-clipboard`) to
  /// put `text` on the clipboard; works over SSH, where no local tool can.
  public func copyToClipboard(_ text: String) {
    guard !stopped else { return }
    writeOutput("\u{1B}]52;c;" + Base64.encode(Array(text.utf8)) + "\u{07}")
  }

  /// Leaves curses for the time `body` runs, as an editor launched from git
  /// does: the shell's modes and the main screen come back, then the
  /// program's modes, mouse reporting and a full repaint.
  public func handOver(_ body: () -> Void) {
    guard !stopped else { return body() }
    if mouseEnabled { writeOutput(Self.mouseOff) }
    _ = def_prog_mode()
    _ = endwin()
    body()
    _ = reset_prog_mode()
    if mouseEnabled { writeOutput(Self.dragTrackingOn) }
    needsRepaint = true
    enqueueResize()
  }

  /// Copies the rows of `canvas` that differ from the last one into ncurses
  /// and calls `doupdate`, which sends what changed on screen.
  ///
  /// Wide glyphs are passed once (their continuation cell is skipped) so
  /// ncurses lays them out with its own width table, the same `wcwidth` the
  /// canvas used. `wadd_wchnstr` never moves the cursor, so writing the
  /// bottom-right cell cannot scroll.
  public func draw(_ canvas: Canvas) {
    guard !stopped else { return }
    stage(canvas)
    update()
  }

  /// Sends what `stage` changed to the terminal (`wnoutrefresh` + `doupdate`).
  ///
  /// Public only to the benchmark, which times the two halves of `draw` apart.
  @_spi(Benchmark) public func update() {
    guard !stopped else { return }
    _ = wnoutrefresh(window)
    _ = doupdate()
  }

  /// Copies the rows of `canvas` that changed into ncurses' window, sending nothing.
  ///
  /// Public only to the benchmark; the app calls `draw`.
  @_spi(Benchmark) public func stage(_ canvas: Canvas) {
    guard !stopped else { return }
    let rows = Int(getmaxy(window))
    let cols = Int(getmaxx(window))
    let cw = canvas.size.width
    let h = min(rows, canvas.size.height)
    let w = min(cols, cw)
    var full = needsRepaint || last?.size != canvas.size
    if canvas.size != Size(width: cols, height: rows) || full {
      _ = werase(window)
      full = true
    }
    if needsRepaint {
      _ = clearok(window, true)
      needsRepaint = false
    }
    if w > rowCapacity {
      rowBuffer.deallocate()
      rowBuffer = .allocate(capacity: w)
      rowCapacity = w
    }
    let previous = full ? nil : last
    canvas.cells.withUnsafeBufferPointer { cells in
      for y in 0..<h {
        let base = y * cw
        if let previous, rowEqual(cells, previous, base: base, count: cw) { continue }
        var n = 0
        var x = 0
        while x < w {
          let c = cells[base + x]
          if c.width == 2 && x + 1 < w {
            fill(rowBuffer + n, c)
            n += 1
            x += 2  // ncurses marks the next cell as the glyph's continuation
            continue
          }
          if c.width == 1 {
            fill(rowBuffer + n, c)
          } else {
            // A stray continuation, or a wide glyph cut by the right edge.
            fill(rowBuffer + n, Cell(" ", style: c.style))
          }
          n += 1
          x += 1
        }
        _ = mvwadd_wchnstr(window, Int32(y), 0, rowBuffer, Int32(n))
      }
    }
    last = canvas
  }

  /// Whether a row is unchanged: a byte comparison first (the common case,
  /// cheap), then cell by cell, since equal cells need not be equal bytes
  /// (`Cell` is plain data, but its struct padding is not compared by `==`).
  @inline(__always)
  private func rowEqual(
    _ cells: UnsafeBufferPointer<Cell>, _ previous: Canvas, base: Int, count: Int
  ) -> Bool {
    previous.cells.withUnsafeBufferPointer { old in
      let a = UnsafeRawPointer(cells.baseAddress! + base)
      let b = UnsafeRawPointer(old.baseAddress! + base)
      if memcmp(a, b, count * MemoryLayout<Cell>.stride) == 0 { return true }
      for i in base..<(base + count) where cells[i] != old[i] { return false }
      return true
    }
  }

  @inline(__always)
  private func fill(_ target: UnsafeMutablePointer<cchar_t>, _ cell: Cell) {
    let i = CursesMapping.styleIndex(cell.style)
    guard let extra = cell.combining, !extra.isEmpty else {
      // The common case: a copy of the style's template with the base scalar.
      var c = styleTemplates[i]
      c.chars.0 = wchar_t(bitPattern: cell.scalar.value)
      target.pointee = c
      return
    }
    wcs[0] = wchar_t(bitPattern: cell.scalar.value)
    var k = 1
    for s in extra.prefix(Int(CCHARW_MAX) - 1) {
      wcs[k] = wchar_t(bitPattern: s.value)
      k += 1
    }
    wcs[k] = 0
    _ = setcchar(target, wcs, styleAttrs[i], stylePairs[i], nil)
  }

  /// Returns the next input, waiting in `poll` until `deadline` (forever when nil).
  ///
  /// Everything ncurses has already buffered is decoded before polling again,
  /// since it may hold the rest of an escape sequence. SIGWINCH interrupts
  /// `poll` (and writes to the signal pipe, in case it came just before
  /// `poll` or to another thread); ncurses then reports KEY_RESIZE.
  public func nextInput(timeout: Duration?) -> TerminalInput? {
    let deadline = timeout.map { ContinuousClock.now + $0 }
    while true {
      if let e = dequeue() { return e }
      if stopped { return .endOfInput }
      drainCurses()
      if let e = dequeue() { return e }

      var timeout: Int32 = -1
      if let deadline {
        let left = deadline - ContinuousClock.now
        if left <= .zero { return nil }
        let (s, atto) = left.components
        let ms = s * 1000 + (atto + 999_999_999_999_999) / 1_000_000_000_000_000
        timeout = Int32(clamping: ms)
      }
      var fds = [
        pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakePipe.readFD, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signalPipe?.readFD ?? -1, events: Int16(POLLIN), revents: 0),
      ]
      let r = poll(&fds, nfds_t(fds.count), timeout)
      if r < 0 {
        if errno == EINTR { continue }  // SIGWINCH (ncurses queues KEY_RESIZE), SIGCONT, …
        return .terminated(signal: SIGHUP)
      }
      if fds[2].revents & Int16(POLLIN) != 0, let bytes = signalPipe?.drain() {
        // SIGWINCH bytes only wake us: the loop drains ncurses' KEY_RESIZE.
        if let sig = bytes.first(where: { Int32($0) != SIGWINCH && Int32($0) != SIGCONT }) {
          return .terminated(signal: Int32(sig))
        }
        if bytes.contains(UInt8(SIGCONT)) { resumed() }
      }
      if fds[1].revents & Int16(POLLIN) != 0 {
        _ = wakePipe.drain()
        enqueue(.woken)
      }
      if fds[0].revents & Int16(POLLIN) == 0
        && fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
      {
        return .terminated(signal: SIGHUP)  // the terminal went away
      }
    }
  }

  /// After `fg` (SIGCONT): puts back what the suspend took and asks for a full repaint.
  ///
  /// ncurses' SIGTSTP handler runs `endwin`, which turns every mouse mode off,
  /// and on resume its `doupdate` turns on only the terminfo mode (1000,
  /// presses and releases), so drags are enabled again here. The shell may
  /// also have drawn on the screen meanwhile: the next draw repaints it all,
  /// and a `.resized` input makes the app draw.
  func resumed() {
    if mouseEnabled { writeOutput(Self.dragTrackingOn) }
    needsRepaint = true
    enqueueResize()
  }

  /// Queues `.resized` with the current size, replacing one still queued last.
  private func enqueueResize() {
    let s = size
    if let lastIndex = queue.indices.last, lastIndex >= queueHead, case .resized = queue[lastIndex]
    {
      queue[lastIndex] = .resized(s)
    } else {
      enqueue(.resized(s))
    }
  }

  /// Decodes everything ncurses can give without blocking into the queue.
  private func drainCurses() {
    var ch: wint_t = 0
    while true {
      let r = wget_wch(window, &ch)
      if r == ERR { return }
      switch CursesMapping.decode(UInt32(ch), isKeyCode: r == KEY_CODE_YES) {
      case .key(.escape):
        // ncurses hands back ESC with the rest of the bytes still queued when a
        // sequence matches no key it knows (a mouse report in another encoding,
        // focus events, Alt+key). Those are not an Escape press: skip them.
        if !skipUnknownSequence() { enqueue(.key(.escape)) }
      case .key(let k): enqueue(.key(k))
      case .resize:
        needsRepaint = true
        enqueueResize()
      case .mouse:
        // getmouse returns the newest queued event first and leaves older
        // ones queued (several reports read in one go become one KEY_MOUSE),
        // so take them all and deliver them oldest first.
        var events: [MEVENT] = []
        var ev = MEVENT()
        while getmouse(&ev) == OK { events.append(ev) }
        for ev in events.reversed() {
          if let kind = CursesMapping.mouseKind(ev.bstate, buttonDown: &buttonDown) {
            enqueue(.mouse(MouseEvent(kind, x: Int(ev.x), y: Int(ev.y))))
          }
        }
      case .ignored: continue
      }
    }
  }

  /// After an ESC, consumes the rest of an escape sequence that is already
  /// queued; returns false (consuming nothing) when nothing follows, i.e. a
  /// real Escape press.
  ///
  /// CSI runs to a final byte in 0x40–0x7E, SS3 takes one more byte, OSC runs
  /// to BEL or ST, and anything else is ESC plus one character (Alt+key).
  private func skipUnknownSequence() -> Bool {
    var ch: wint_t = 0
    func next() -> UInt32? {
      let r = wget_wch(window, &ch)
      return r == OK ? UInt32(ch) : nil  // keys and errors end the sequence
    }
    guard let intro = next() else { return false }
    switch intro {
    case 0x5B:  // CSI
      for _ in 0..<64 {
        guard let c = next(), !(0x40...0x7E).contains(c) else { break }
      }
    case 0x4F:  // SS3
      _ = next()
    case 0x5D:  // OSC
      var previous: UInt32 = 0
      for _ in 0..<4096 {
        guard let c = next(), c != 0x07, !(previous == 0x1B && c == 0x5C) else { break }
        previous = c
      }
    default:
      break
    }
    return true
  }

  private func enqueue(_ e: TerminalInput) { queue.append(e) }

  private func dequeue() -> TerminalInput? {
    guard queueHead < queue.count else {
      if queueHead > 0 {
        queue.removeAll(keepingCapacity: true)
        queueHead = 0
      }
      return nil
    }
    defer { queueHead += 1 }
    return queue[queueHead]
  }
}
