@_spi(Benchmark) import CursesTerminal
import PagerCore
import Schedule
import TerminalUI
import YoubiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The wide view in process: day switches at 200x60 with one column and with five, each
/// frame rendered and sent through the ncurses backend (to a temporary file), beside one
/// full-screen ncurses update (every cell changed, one `doupdate`).
///
/// The run loop's part is played here: a key, then a frame at each deadline the state
/// asks for, until it asks for none. Bytes are exact (the same frames every run); times
/// are medians over the frames, of the thread's CPU (`CLOCK_THREAD_CPUTIME_ID`).
enum WideBench {
  static let size = Size(width: 200, height: 60)
  static let switches = 40

  static func run() {
    print(
      "== wide view at \(size.width)x\(size.height), in process (\(switches) switches of the demo week)"
    )
    for columns in [1, 5] { measure(columns: columns) }
    let full = fullScreenUpdate()
    print("  one full-screen ncurses update (every cell changed): \(ms(full)) CPU")
  }

  /// A terminal writing to an unlinked temporary file, and that file.
  static func terminal() -> (CursesTerminal, UnsafeMutablePointer<FILE>)? {
    guard let out = tmpfile(), let inp = fopen("/dev/null", "r") else { return nil }
    let origin = ContinuousClock.now
    guard
      let term = try? CursesTerminal(
        output: out, input: inp, termName: "xterm-256color", size: size,
        now: { origin.duration(to: .now) })
    else { return nil }
    return (term, out)
  }

  static func measure(columns: Int) {
    guard let (term, out) = terminal() else { return print("  cannot open a terminal") }
    defer { term.stop() }
    let wall = WallTime(seconds: 0)
    var state = shown(columns: columns, on: term, wall: wall)
    var now = Duration.seconds(1)
    var render: [Duration] = []
    var draw: [Duration] = []
    var frames = 0
    let before = CursesBench.fileSize(out)
    var first: [Duration] = []  // from the key to the first frame sent
    for _ in 0..<switches {
      let key = cpu()
      var next = wake(state.update(.keyPressed(.right), at: Moment(uptime: now, wall: wall)))
      var isFirst = true
      while true {
        let t0 = cpu()
        let canvas = state.render(at: now)
        let t1 = cpu()
        term.draw(canvas)
        let t2 = cpu()
        render.append(t1 - t0)
        draw.append(t2 - t1)
        if isFirst { first.append(t2 - key) }
        isFirst = false
        frames += 1
        guard let due = next, due < now + .milliseconds(500) else { break }
        now = max(now, due)
        next = wake(state.update(.timerFired, at: Moment(uptime: now, wall: wall)))
      }
      now += .seconds(1)
    }
    let bytes = (CursesBench.fileSize(out) - before) / switches
    let total = zip(render, draw).map { $0 + $1 }
    print(
      "  \(columns) column\(columns == 1 ? " " : "s"): \(bytes) bytes and "
        + "\(frames / switches) frames per switch; per frame: render \(ms(median(render))), "
        + "into ncurses and out \(ms(median(draw))), both \(ms(median(total))); "
        + "key to its frame made and sent \(ms(median(first))) (not prepared)")
  }

  /// `youbi-bench cold [COLUMNS [SWITCHES]]`: the first frame of a switch after an idle
  /// wait, as between two keys on a terminal: before each key 64 MiB are written (more
  /// than this machine's caches hold) and the thread sleeps 350 ms, then the key's
  /// `update`, the frame's `render` and its `draw` are timed apart (thread CPU, medians
  /// over the switches). Then the slide's last frame, unmeasured. Everything runs 2–4×
  /// slower than warm (the sleep does most of it, the eviction little): what counts
  /// there is how much memory and code the first frame touches.
  ///
  /// Twice: made after the key, and as the run loop does it, the key's frame prepared
  /// before the wait (`PreparedFrames`, its CPU printed) and sent when the key comes.
  static func measureCold(columns: Int, switches: Int = switches) {
    for preparing in [false, true] {
      measureCold(columns: columns, switches: switches, preparing: preparing)
    }
  }

  static func measureCold(columns: Int, switches: Int, preparing: Bool) {
    guard let (term, _) = terminal() else { return print("  cannot open a terminal") }
    defer { term.stop() }
    let wall = WallTime(seconds: 0)
    var state = shown(columns: columns, on: term, wall: wall)
    let evict = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 20, alignment: 64)
    defer { evict.deallocate() }
    var now = Duration.seconds(1)
    var (update, render, draw, first) = ([Duration](), [Duration](), [Duration](), [Duration]())
    var (making, sending) = ([Duration](), [Duration]())
    var frames = PreparedFrames()
    for i in 0..<switches {
      let key: Key = i % 2 == 0 ? .right : .left
      if preparing {
        let t = cpu()
        frames.prepare(from: state, at: Moment(uptime: now, wall: wall), wake: nil)
        making.append(cpu() - t)
      }
      evict.initializeMemory(as: UInt8.self, repeating: UInt8(truncatingIfNeeded: i))
      usleep(350_000)
      let t0 = cpu()
      if let frame = frames.frame(for: key, at: now) {
        term.draw(frame)
        sending.append(cpu() - t0)
      }
      frames.discard()
      let u0 = cpu()
      _ = state.update(.keyPressed(key), at: Moment(uptime: now, wall: wall))
      let t1 = cpu()
      let canvas = state.render(at: now)
      let t2 = cpu()
      term.draw(canvas)
      let t3 = cpu()
      update.append(t1 - u0)
      render.append(t2 - t1)
      draw.append(t3 - t2)
      first.append(t3 - u0)
      now += .seconds(1)
      settle(&state, on: term, at: Moment(uptime: now, wall: wall))
      now += .seconds(1)
    }
    let name = "  cold, \(columns) column\(columns == 1 ? " " : "s")"
    func range(_ d: [Duration]) -> String {
      "\(ms(median(d))) (\(ms(d.min()!))–\(ms(d.max()!)))"
    }
    let parts =
      "update \(ms(median(update))), render \(ms(median(render))), "
      + "into ncurses and out \(ms(median(draw)))"
    guard preparing, !sending.isEmpty else {
      return print("\(name): key to the first frame sent \(range(first)): \(parts)")
    }
    print(
      "\(name), prepared: key to the first frame sent \(range(sending)); made before "
        + "the wait in \(ms(median(making))) (both keys); then the key handled: \(parts)")
  }

  /// The slide's end, its last frame drawn (the frames between change nothing the next
  /// key finds); a function of its own, so a profile tells it from the frame measured.
  @inline(never)
  static func settle(_ state: inout AppState, on term: CursesTerminal, at now: Moment) {
    _ = state.update(.timerFired, at: now)
    term.draw(state.render(at: now.uptime))
  }

  /// The demo week at `columns` columns from Monday, its first frame drawn on `term`.
  static func shown(columns: Int, on term: CursesTerminal, wall: WallTime) -> AppState {
    var state = AppState(
      schedule: DefaultSchedule.schedule, day: .monday, labels: .en, size: size, wall: wall)
    state.choose(columns: .fixed(columns))
    term.draw(state.render(at: .zero))
    return state
  }

  /// The deadline among `effects`, if any.
  static func wake(_ effects: [Effect]) -> Duration? {
    effects.compactMap { if case .wake(let at) = $0 { at } else { nil } }.min()
  }

  /// The median CPU of one full-screen update: two screens of mixed text that differ in
  /// every cell, drawn in turn.
  static func fullScreenUpdate() -> Duration {
    guard let (term, _) = terminal() else { return .zero }
    defer { term.stop() }
    let a = CursesBench.page(size, day: 0, dense: true)
    let b = everyCellChanged(a, CursesBench.page(size, day: 1, dense: true))
    term.draw(a)
    var times: [Duration] = []
    for i in 0..<200 {
      let t0 = cpu()
      term.draw(i % 2 == 0 ? b : a)
      times.append(cpu() - t0)
    }
    return median(times)
  }

  static func median(_ d: [Duration]) -> Duration { d.sorted()[d.count / 2] }

  /// This thread's CPU time.
  static func cpu() -> Duration {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return .seconds(Int64(ts.tv_sec)) + .nanoseconds(Int64(ts.tv_nsec))
  }

  static func ms(_ d: Duration) -> String { CursesBench.ms(d) }

  /// `youbi-bench fullscreen PATH [N]`: N full-screen updates on the terminal on stdout
  /// (the wide bench runs it on a pty of 200x60), and the process's CPU over them, all
  /// threads, user and system (what the wide bench reads of youbi's frames from
  /// schedstat), written to PATH in milliseconds per update.
  static func fullScreenOnTerminal(path: String, count: Int) {
    let origin = ContinuousClock.now
    guard let output = fdopen(1, "w"), let input = fdopen(0, "r"),
      let term = try? CursesTerminal(
        output: output, input: input, termName: "xterm-256color", size: size,
        now: { origin.duration(to: .now) })
    else { return }
    let a = CursesBench.page(size, day: 0, dense: true)
    let b = everyCellChanged(a, CursesBench.page(size, day: 1, dense: true))
    term.draw(a)
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    let start = Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
    for i in 0..<count { term.draw(i % 2 == 0 ? b : a) }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    let end = Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
    term.stop()
    if let f = fopen(path, "w") {
      fputs("\((end - start) / Double(max(count, 1)))\n", f)
      fclose(f)
    }
  }

  /// `b` with every cell that equals `a`'s made bold (or not): no cell is the same.
  static func everyCellChanged(_ a: Canvas, _ b: Canvas) -> Canvas {
    var b = b
    for y in 0..<a.size.height {
      for x in 0..<a.size.width where b[x, y] == a[x, y] {
        b.restyle(Rect(x: x, y: y, width: 1, height: 1)) {
          $0.attributes.formSymmetricDifference(.bold)
        }
      }
    }
    return b
  }
}
