import Schedule
import YoubiCore
import YoubiRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// Times saving marks the way youbi does, on the real disk under `$TMPDIR`:
/// a full save (lock, read, merge, write, fsync, rename, fsync the
/// directory) of a year of marks for 3 schedules of 30 serials. The run loop
/// performs a `.save` at once on a thread of its own, so a mark is on disk
/// this long after `update`'s 200 ms debounce.
enum StateBench {
  static func run() {
    print("state save (median of runs, release build expected)")
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array((base + "/youbi-bench-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      return print("  cannot make a temporary directory")
    }
    let dir = String(cString: made)
    defer {
      for name in ["state.json", "state.json.lock", "state.json.tmp"] { unlink(dir + "/" + name) }
      rmdir(dir)
    }
    let store = StateStore(path: dir + "/state.json", clock: SystemClock())
    let week = ISOWeek(WallTime(seconds: 1_795_996_800))
    var marks = Marks()
    for s in 0..<3 {
      for i in 0..<30 {
        for w in 0..<53 where (i + w) % 3 != 0 {
          marks.setRead(
            true, SerialID(title: "Serial \(i)"),
            in: .path("/home/me/schedule-\(s).json"), week: week.advanced(by: -w),
            at: WallTime(seconds: 1_795_996_800 + Int64(w)))
        }
      }
    }
    var full: [Double] = []
    for n in 0..<21 {
      marks.setStarred(
        n % 2 == 0, SerialID(title: "Serial 0"), in: .path("/home/me/schedule-0.json"),
        at: WallTime(seconds: 1_795_996_800 + Int64(n)))
      let start = ScheduleBench.now()
      do {
        _ = try store.save(marks)
      } catch {
        return print("  \(error.message)")
      }
      full.append(ScheduleBench.now() - start)
    }
    var size = stat()
    stat(dir + "/state.json", &size)
    let saveTime = ScheduleBench.format(median(full) * 1000)
    print("  save (merge + atomic write)  \(saveTime) ms  \(size.st_size / 1024) KiB")

    print("  a mark reaches the disk      \(saveTime) ms after the 200 ms debounce")
  }

  static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}
