import Schedule

#if canImport(Glibc)
  import Glibc
#endif

/// Times `ScheduleLoader.parse` on generated schedules of 1,000, 100,000 and
/// 1,000,000 entries, built in memory (no disk in the measurement), and
/// `ScheduleLoader.check` on the 100,000.
///
/// Entries alternate between the plain-string and the object form, cycle
/// through all seven day keys, and mix ASCII, Japanese and an escape, as a
/// real schedule would. The "dated" row gives every object entry a time, a
/// start, a skip date and a URL. Each size is parsed a few times and the
/// best run is printed, with the input size and throughput.
enum ScheduleBench {
  static func run() {
    print("schedule parse (best of runs, release build expected)")
    let sizes = [
      (1_000, 20, false), (100_000, 5, false), (100_000, 5, true), (1_000_000, 3, false),
    ]
    for (count, runs, dated) in sizes {
      let bytes = makeJSON(entries: count, dated: dated)
      var best = Double.infinity
      var total = 0
      for _ in 0..<runs {
        let start = now()
        let schedule: Schedule
        do {
          schedule = try ScheduleLoader.parse(bytes, source: "bench.json")
        } catch {
          print(error.message)
          return
        }
        best = min(best, now() - start)
        total = Weekday.allCases.reduce(0) { $0 + schedule[$1].count }
      }
      precondition(total == count, "parsed \(total) of \(count) entries")
      let mib = Double(bytes.count) / 1_048_576
      print(
        "  \(pad(count, 9)) entries  \(pad(bytes.count / 1024, 7)) KiB  "
          + "\(format(best * 1000)) ms  \(format(mib / best)) MiB/s" + (dated ? "  (dated)" : ""))
    }
    let bytes = makeJSON(entries: 100_000)
    var best = Double.infinity
    for _ in 0..<5 {
      let start = now()
      let found = ScheduleLoader.check(bytes)
      best = min(best, now() - start)
      precondition(found.isEmpty, "check found \(found.count) problems")
    }
    print("  \(pad(100_000, 9)) entries  check       \(format(best * 1000)) ms")
  }

  /// Schedule JSON with `entries` entries spread over the seven days;
  /// `dated` adds a time, dates and a URL to every object entry.
  static func makeJSON(entries: Int, dated: Bool = false) -> [UInt8] {
    let keys = ["monday", "Tue", "水", "THURSDAY", "fri", "土曜日", "sun"]
    var perDay = [[String]](repeating: [], count: 7)
    for n in 0..<entries {
      let entry =
        switch n % 4 {
        case 0: "\"Serial \(n)\""
        case 1: "{\"title\": \"星屑の郵便配達 \(n)\", \"author\": \"青井ソラ\"}"
        case 2:
          "{\"title\": \"Long title number \(n) \\u2014 part two\", \"note\": \"new\", \"id\": \(n)}"
        default: "{\"title\": \"Night Train \(n) 🚂\", \"author\": \"M. Okada\", \"note\": null}"
        }
      let fields =
        #", "time": "25:30", "start": "2026-01-05", "skip": ["2026-05-04"], "url": "https://example.com/s/\#(n)"}"#
      perDay[n % 7].append(dated && entry.hasSuffix("}") ? entry.dropLast() + fields : entry)
    }
    var out = "{\"title\": \"Bench week\", \"days\": {\n"
    for (d, key) in keys.enumerated() {
      out += "  \"\(key)\": [\n    " + perDay[d].joined(separator: ",\n    ") + "\n  ]"
      out += d == 6 ? "\n" : ",\n"
    }
    out += "}}\n"
    return Array(out.utf8)
  }

  static func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  static func pad(_ n: Int, _ width: Int) -> String {
    let s = String(n)
    return String(repeating: " ", count: max(0, width - s.count)) + s
  }

  static func format(_ x: Double) -> String {
    let rounded = (x * 10).rounded() / 10
    return pad(Int(rounded), 6) + "."
      + String(Int((rounded * 10).truncatingRemainder(dividingBy: 10)))
  }
}
