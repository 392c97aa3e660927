import CNcurses
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The ncurses screen, from `newterm` to `delscreen`: canvases copied into
/// ncurses' window, frames sent whole, and the cursor left where the canvas says.
///
/// It never reads input: the input reader reads the terminal itself.
final class CursesScreen {
  private let screen: OpaquePointer
  let window: UnsafeMutablePointer<WINDOW>
  private let output: UnsafeMutablePointer<FILE>
  let palette: CursesPalette
  /// The canvas last copied into ncurses, to copy only the rows that changed.
  private var last: Canvas?
  /// Set by `stage`: something changed that the next `flush` sends.
  private var staged = false
  /// The next draw repaints the whole screen (after a resize, a resume or a hand-over).
  var needsRepaint = false
  /// Whether frames are wrapped in synchronized output (DEC mode 2026); set
  /// once the terminal has answered that it has the mode, never assumed.
  var synchronizedOutput = false
  /// Row buffer for `wadd_wchnstr`.
  var row: UnsafeMutablePointer<cchar_t>
  private var rowCapacity = 1
  /// The rows `flush` shifts sideways before ncurses sends the rest (`CursesScreen+Shift`).
  private var shifts: [Shift] = []
  /// The rows of the frame being staged that changed, and how each one moved.
  private var changedRows: [(y: Int, move: Move?)] = []
  /// The rows whose shift went out already (`draw`), for `flush` to have ncurses compare
  /// every cell of them again.
  private var shiftedRows: [Int32] = []
  /// The frame's start (synchronized output) went out with its shifts.
  private var frameBegun = false
  /// The terminal's `dch` and `ich`, nil when it lacks either (no rows are shifted).
  private lazy var shiftCapabilities = ShiftCapabilities.load()
  private var closed = false

  /// Starts ncurses for terminal type `term` on the two streams (which the caller
  /// keeps), and sends `greeting` on the alternate screen, before the first frame.
  ///
  /// A type terminfo does not know, or one that cannot address the cursor
  /// (`dumb`, hard copy), is an error: a full-screen pager cannot work there.
  init(
    term: String, output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>,
    theme: Theme, showCursor: Bool, greeting: String
  ) throws(CursesTerminalError) {
    guard let scr = newterm(term, output, input) else { throw .unknownTerminal(term) }
    guard let cup = tigetstr("cup"), Int(bitPattern: cup) != -1 else {
      _ = endwin()
      delscreen(scr)
      throw .unknownTerminal(term)
    }
    screen = scr
    window = youbi_stdscr()
    self.output = output
    row = .allocate(capacity: 1)
    _ = cbreak()
    _ = noecho()
    _ = nonl()
    // Input is read from the terminal directly, so ncurses must not look at
    // it: typeahead checks would cut frames short when keys are waiting.
    _ = typeahead(-1)
    // ncurses' own insert and delete character stay off: the rows a slide moves
    // sideways are shifted by `CursesScreen+Shift`, which never cuts a wide glyph.
    // With them on, `doupdate` shifted the other rows itself (a row whose few
    // changed cells the shift leaves to it), through its own wide-glyph handling.
    idcok(window, false)
    // Hidden or not, the cursor is placed after every frame (screen readers
    // follow it). Setting it sends ncurses' buffer, newterm's switch to the
    // alternate screen included, so the greeting is said there, and the first
    // frame clears whatever a terminal that does not parse it prints.
    _ = curs_set(showCursor ? 1 : 0)
    Self.send(greeting, to: output)
    // ncurses 6.4 sends its buffer after every cursor move until `endwin` has
    // been called once (a state meant for low-level terminfo programs), so each
    // frame went out in dozens of writes, one or two a row. Leaving before
    // anything is drawn puts it in its running state from the first frame on,
    // which comes back (alternate screen, cursor, modes) and clears: a frame
    // is one write, and no blank screen is worked out and sent before it.
    // Coming back would reset the terminal's palette, which a user's theme
    // may have set: `youbi_keep_palette` stops that, now and after every Ctrl-Z.
    youbi_keep_palette()
    _ = endwin()
    // What the terminal shows is unknown until that first frame clears it: said
    // so, `init_pair` does not look through the whole screen for cells of the
    // pair it changes (every cell, for pair 0, which `use_default_colors` sets).
    _ = clearok(youbi_curscr(), true)
    palette = CursesPalette(theme: theme)
  }

  deinit {
    close()
    row.deallocate()
  }

  /// The screen's size in cells, as ncurses has it.
  var size: Size { Size(width: Int(getmaxx(window)), height: Int(getmaxy(window))) }

  /// What leaves curses' modes from a signal handler: attributes off, cursor
  /// shown, keypad off, main screen (terminfo's strings for this terminal).
  var restoreBytes: [UInt8] {
    ["sgr0", "cnorm", "rmkx", "rmcup"].flatMap { name -> [UInt8] in
      guard let s = tigetstr(name), Int(bitPattern: s) != -1 else { return [] }
      return Array(String(cString: s).utf8)
    }
  }

  /// Shows `canvas`: copies what changed, sends it, and leaves the cursor at `canvas.cursor`.
  ///
  /// The rows that only moved are shifted as soon as they are found, before the cells
  /// coming in are copied into ncurses: the terminal starts on the frame while the rest
  /// of it is worked out. The bytes and their order are the ones `stage` and `flush`
  /// send apart (the shifts were always written before `doupdate`'s output).
  func draw(_ canvas: Canvas) {
    stage(canvas, sendingShifts: true)
    flush()
  }

  /// Copies the rows of `canvas` that changed into ncurses' window and places
  /// the cursor, sending nothing.
  ///
  /// Wide glyphs are passed once (their continuation cell is skipped) so
  /// ncurses lays them out with its own width table, the same `wcwidth` the
  /// canvas used. `wadd_wchnstr` never moves the cursor, so writing the
  /// bottom-right cell cannot scroll. With `sendingShifts`, the shifts are sent once
  /// found, before any cell is copied (`draw`).
  func stage(_ canvas: Canvas, sendingShifts: Bool = false) {
    guard !closed else { return }
    let screenSize = size
    let cw = canvas.size.width
    let h = min(screenSize.height, canvas.size.height)
    let w = min(screenSize.width, cw)
    // A canvas that does not match the screen is drawn on a blank one.
    let repaint = needsRepaint || last?.size != canvas.size || canvas.size != screenSize
    if repaint { _ = werase(window) }
    if needsRepaint {
      _ = clearok(window, true)
      needsRepaint = false
    }
    if w > rowCapacity {
      row.deallocate()
      row = .allocate(capacity: w)
      rowCapacity = w
    }
    let unchanged = repaint ? nil : last
    // On a window just erased, the plain blanks are there already: only the
    // runs of other cells are copied (most of a row between a title and its
    // right-aligned author).
    let skipBlanks = repaint && plainBlankIsErased
    let blank = BlankTest()
    let shifting = unchanged != nil && shiftCapabilities != nil && w == cw
    var hint: Move? = nil
    let canErase = shiftCapabilities?.erase != nil
    changedRows.removeAll(keepingCapacity: true)
    canvas.cells.withUnsafeBufferPointer { cells in
      // First which rows changed, and which of them only moved.
      for y in 0..<h {
        let start = cells.baseAddress! + y * cw
        guard let unchanged else {
          staged = true
          copyRow(start, y: y, width: w, skipBlanks: skipBlanks, blank: blank)
          continue
        }
        if Self.rowsEqual(start, unchanged, row: y) { continue }
        staged = true
        var move: Move? = nil
        unchanged.cells.withUnsafeBufferPointer {
          let old = $0.baseAddress! + y * cw
          if shifting, let found = Self.shift(of: start, from: old, width: w, hint: hint),
            found.clear == nil || canErase  // a move that erases first needs `el`
          {
            shifts.append(Shift(row: Int32(y), move: found))
            (move, hint) = (found, found)
          }
        }
        changedRows.append((y, move))
      }
      if sendingShifts { sendShifts() }
      // Then the cells that differ from the rows as moved.
      guard let unchanged else { return }
      unchanged.cells.withUnsafeBufferPointer { old in
        for (y, move) in changedRows {
          copyChanges(
            cells.baseAddress! + y * cw, from: old.baseAddress! + y * cw, y: y, width: w,
            move: move)
        }
      }
    }
    staged = staged || repaint
    if let p = canvas.cursor, p.x >= 0, p.y >= 0, p.x < w, p.y < h {
      if getcury(window) != p.y || getcurx(window) != p.x {
        _ = wmove(window, Int32(p.y), Int32(p.x))
        staged = true
      }
    }
    last = canvas
  }

  /// Sends what `stage` changed (`wnoutrefresh` + `doupdate`), as one
  /// synchronized frame when the terminal has synchronized output.
  func flush() {
    guard !closed else { return }
    let wrap = synchronizedOutput && staged
    if wrap && !frameBegun { send(TerminalModes.beginFrame) }
    _ = wnoutrefresh(window)
    sendShifts()
    // Every cell of a shifted row is compared again: one the frame left as it was
    // may have moved under it.
    for row in shiftedRows { _ = wtouchln(youbi_newscr(), row, 1, 1) }
    shiftedRows.removeAll(keepingCapacity: true)
    _ = doupdate()
    if wrap { send(TerminalModes.endFrame) }
    (staged, frameBegun) = (false, false)
  }

  /// Sends the shifts found, as the frame's first bytes (after its start, with
  /// synchronized output), and moves `curscr` as they move the terminal.
  private func sendShifts() {
    guard let caps = shiftCapabilities, !shifts.isEmpty else { return }
    var bytes = Self.shifted(shifts, with: caps)
    if synchronizedOutput && !frameBegun {
      bytes = TerminalModes.beginFrame + bytes
      frameBegun = true
    }
    send(bytes)
    shiftedRows.append(contentsOf: shifts.map(\.row))
    shifts.removeAll(keepingCapacity: true)
  }

  /// Whether a plain blank is drawn as exactly what `werase` leaves (the
  /// window's background: a space, no attributes, no colour pair).
  lazy var plainBlankIsErased: Bool = {
    var background = cchar_t()
    guard wgetbkgrnd(window, &background) == OK else { return false }
    var plain = cchar_t()
    palette.fill(&plain, Cell())
    return background.attr == plain.attr && background.chars.0 == plain.chars.0
      && background.chars.1 == plain.chars.1 && background.ext_color == plain.ext_color
  }()

  /// Writes `text` to the terminal as it is, after whatever ncurses has sent.
  func send(_ text: String) {
    guard !closed else { return }
    Self.send(text, to: output)
  }

  /// Writes `text` to the terminal `output` goes to, after what the stream holds.
  private static func send(_ text: String, to output: UnsafeMutablePointer<FILE>) {
    _ = fflush(output)
    var bytes = Array(text.utf8)
    let fd = fileno(output)
    var sent = 0
    while sent < bytes.count {
      let n = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + sent, $0.count - sent) }
      if n > 0 {
        sent += n
      } else if n < 0 && errno == EINTR {
        continue
      } else {
        return  // the terminal is gone or broken: nothing more to say to it
      }
    }
  }

  /// Takes ncurses' idea of the size to `size` (after SIGWINCH, from TIOCGWINSZ)
  /// and repaints in full.
  func resize(to size: Size) {
    guard !closed, size != self.size, size.width > 0, size.height > 0 else { return }
    _ = resizeterm(Int32(size.height), Int32(size.width))
    needsRepaint = true
  }

  /// Gives the terminal back to the shell for a while: main screen, cursor
  /// shown, the modes from before start. The program's modes are kept for `enter()`.
  func leave() {
    guard !closed else { return }
    _ = def_prog_mode()
    _ = endwin()
  }

  /// Comes back from `leave()` (or from a stop by someone else): the program's
  /// modes now; the alternate screen and a full repaint with the next frame.
  func enter() {
    guard !closed else { return }
    _ = reset_prog_mode()
    needsRepaint = true
  }

  /// Ends curses for good: cursor shown, `endwin`, `delscreen`. Idempotent.
  func close() {
    guard !closed else { return }
    _ = curs_set(1)
    _ = endwin()
    delscreen(screen)
    closed = true
  }
}
