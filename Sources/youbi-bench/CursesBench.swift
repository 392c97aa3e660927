@_spi(Benchmark) import CursesTerminal
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Measures the ncurses backend: copying a canvas into ncurses plus `doupdate`.
///
/// A slide is 15 frames in which two pages of mixed ASCII and CJK text shift
/// left by width/15 columns per frame, the shape of a day switch. Output goes
/// to an unlinked temporary file so the bytes a slide costs can be counted;
/// the canvases are built before timing so only the backend is measured.
enum CursesBench {
  static let framesPerSlide = 15
  static let slides = 40

  static func run() {
    for size in [Size(width: 80, height: 24), Size(width: 200, height: 60)] {
      for dense in [false, true] { measure(size, dense: dense) }
    }
  }

  /// A day's page: list-like rows (titles of about 50 columns), or rows
  /// filled across the width when `dense` (the worst case for a shift).
  static func page(_ size: Size, day: Int, dense: Bool) -> Canvas {
    var c = Canvas(size: size)
    let days = ["月曜日 Monday", "火曜日 Tuesday", "水曜日 Wednesday"]
    c.draw(days[day % days.count], x: 1, y: 0, style: Style(.bold, color: .accent))
    for y in 1..<size.height {
      let n = (y * 7 + day * 13) % 50
      var text = ""
      repeat {
        text +=
          (y + TextWidth.of(text)) % 3 == 0
          ? "第\(n)話 ある日の連載タイトル — 作者名 \(n)  "
          : "Chapter \(n): a serial for day \(day), by Author \(y)  "
      } while dense && TextWidth.of(text) < size.width
      c.draw(
        text, x: 2, y: y, style: y == 3 ? .reverse : Style(color: y % 4 == 0 ? .muted : .default))
    }
    return c
  }

  /// The frames of one slide from `a` to `b` (b enters from the right).
  static func slideFrames(_ a: Canvas, _ b: Canvas) -> [Canvas] {
    let w = a.size.width
    return (1...framesPerSlide).map { k in
      let off = w * k / framesPerSlide
      var f = Canvas(size: a.size)
      f.blit(a, x: -off, y: 0)
      f.blit(b, x: w - off, y: 0)
      return f
    }
  }

  static func measure(_ size: Size, dense: Bool) {
    guard let out = tmpfile(), let inp = fopen("/dev/null", "r") else {
      print("curses \(size): cannot open a temporary file")
      return
    }
    defer {
      fclose(out)
      fclose(inp)
    }
    let term: CursesTerminal
    let origin = ContinuousClock.now
    do {
      term = try CursesTerminal(
        output: out, input: inp, termName: "xterm-256color", size: size,
        now: { origin.duration(to: .now) })
    } catch {
      print("curses \(size): \(error.message)")
      return
    }
    defer { term.stop() }
    let pages = (0..<3).map { page(size, day: $0, dense: dense) }
    let slidesFrames = (0..<3).map { slideFrames(pages[$0], pages[($0 + 1) % 3]) }
    term.draw(pages[0])
    var copyTimes: [Duration] = []
    var updateTimes: [Duration] = []
    var bytes: [Int] = []
    let clock = ContinuousClock()
    for s in 0..<slides {
      let frames = slidesFrames[s % 3]
      let before = fileSize(out)
      for f in frames {
        let t0 = clock.now
        term.stage(f)
        let t1 = clock.now
        term.flush()
        copyTimes.append(t1 - t0)
        updateTimes.append(clock.now - t1)
      }
      bytes.append(fileSize(out) - before)
    }
    // A frame identical to the last: only the row comparison runs.
    let t0 = clock.now
    for _ in 0..<100 { term.draw(slidesFrames[(slides - 1) % 3].last!) }
    let same = (clock.now - t0) / 100

    let kind = dense ? "dense rows" : "list rows"
    let total = zip(copyTimes, updateTimes).map { $0 + $1 }
    let slideBytes = bytes.reduce(0, +) / bytes.count
    print("curses \(size), \(kind), per slide frame (\(slides) slides of \(framesPerSlide)):")
    print("  copy into ncurses  \(summary(copyTimes))")
    print("  doupdate           \(summary(updateTimes))")
    print("  draw (both)        \(summary(total))")
    print("  unchanged frame    \(ms(same))")
    print("  bytes per slide    \(slideBytes) (\(slideBytes / framesPerSlide) per frame)")
  }

  static func summary(_ times: [Duration]) -> String {
    let t = times.sorted()
    let mean = t.reduce(Duration.zero, +) / t.count
    return
      "median \(ms(t[t.count / 2]))  mean \(ms(mean))  p95 \(ms(t[t.count * 95 / 100]))  max \(ms(t.last!))"
  }

  static func fileSize(_ f: UnsafeMutablePointer<FILE>) -> Int {
    fflush(f)
    var st = stat()
    return fstat(fileno(f), &st) == 0 ? Int(st.st_size) : 0
  }

  static func ms(_ d: Duration) -> String {
    let (s, a) = d.components
    let micros = s * 1_000_000 + a / 1_000_000_000_000
    let frac = String(micros % 1000)
    return "\(micros / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac) ms"
  }
}
