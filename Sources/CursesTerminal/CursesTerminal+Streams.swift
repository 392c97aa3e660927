import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Terminals on plain streams, and `draw` in halves: for benchmarks and tests.
extension CursesTerminal {
  /// Starts ncurses on explicit streams, with no tty and no signal handlers.
  ///
  /// For benchmarks and tests: `output` can be a file or pipe so the bytes a
  /// frame costs can be counted, and `input` a pipe fed with key and mouse
  /// sequences. The screen is `size`, whatever the streams are. The caller
  /// keeps ownership of both streams; `now` is the clock the input reader
  /// times escape sequences by.
  public convenience init(
    output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>,
    termName: String = "xterm-256color", size: Size, color: Bool = true, mouse: Bool = false,
    showCursor: Bool = false, now: @escaping () -> Duration
  ) throws(CursesTerminalError) {
    TextWidth.prepareLocale()
    let made = TerminalGuard.withoutCursesHandlers {
      Result { () throws(CursesTerminalError) in
        try CursesScreen(
          term: termName, output: output, input: input, theme: color ? .dark : .mono,
          showCursor: showCursor, greeting: TerminalModes.greeting(mouse: mouse))
      }
    }
    let screen = try made.get()
    screen.resize(to: size)
    let reader = try InputReader(fd: fileno(input), signalFD: -1, now: now)
    self.init(screen: screen, reader: reader, guard: nil, tty: -1, ownedStreams: nil, mouse: mouse)
  }

  /// The first half of `draw`: copies what changed into ncurses, sending nothing.
  ///
  /// Public only to the benchmark, which times the two halves apart.
  @_spi(Benchmark) public func stage(_ canvas: Canvas) {
    guard !stopped else { return }
    screen.stage(canvas)
  }

  /// The second half of `draw`: sends what `stage` copied.
  @_spi(Benchmark) public func flush() {
    guard !stopped else { return }
    screen.flush()
  }
}
