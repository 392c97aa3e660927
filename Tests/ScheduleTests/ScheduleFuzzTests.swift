import Foundation
import Schedule
import TestSupport
import Testing

/// Mutated schedules, checked against `ScheduleOracle` after each mutation.
///
/// Each run picks a seed (printed with any failure); replay one with
/// `SCHEDULE_SEED=<seed> swift test --filter ScheduleFuzzTests`. The same
/// oracle runs for longer under libFuzzer with `make fuzz`.
@Suite struct ScheduleFuzzTests {
  /// Mutated inputs per run: a few seconds in a debug build.
  static let iterations = 5_000

  /// The inputs mutations start from: the example files, the fuzz corpus
  /// and a few written here.
  static let seeds: [[UInt8]] = {
    var inputs: [[UInt8]] = [
      Array(
        #"""
        {"title": "週 \u00e9 \ud83d\ude00", "x": [1, -2.5e+3, true, false, null, {"a": {}}],
         "days": {"monday": ["a", {"title": "b", "author": "c", "note": "d\n"}],
                  "火": [], "WED": [{"title": "e", "tags": ["f"], "time": "25:30"}]}}
        """#.utf8),
      Array(
        #"{"sections": [{"title": "s", "days": {"sun": [{"title": "t", "start": "2026-01-01", "skip": ["2026-02-01"], "url": "https://a.example/"}]}}]}"#
          .utf8),
    ]
    let files = FileManager.default
    for dir in [packagePath("examples"), packagePath("fuzz/corpus")] {
      for name in ((try? files.contentsOfDirectory(atPath: dir)) ?? []).sorted() {
        if let data = files.contents(atPath: dir + "/" + name) { inputs.append(Array(data)) }
      }
    }
    return inputs
  }()

  /// Pieces that make interesting inputs when spliced in: structure, keys
  /// the format knows (and near misses), values for each field, bad UTF-8.
  static let pieces: [[UInt8]] =
    [
      "\"", "\\", "{", "}", "[", "]", ",", ":", " ", "\n", "\\u", "\\ud800", "\\u0000", "null",
      "true", "-0.1e", "1e999", "\"title\"", "\"titel\"", "\"days\"", "\"sections\"", "\"mon\"",
      "\"月曜日\"", "\"time\"", "\"25:30\"", "\"30:00\"", "\"start\"", "\"end\"", "\"2026-02-29\"",
      "\"2024-02-29\"", "\"skip\"", "[\"2026-01-01\"]", "\"url\"", "\"https://a.example/\"",
      "\"ftp://x\"", "\"autor\"", "{\"title\": \"t\"}", "[]", "{}",
    ].map { Array($0.utf8) } + [
      [0xFF], [0xC0, 0xAF], [0xE3, 0x81], [0xED, 0xA0, 0x80], [0x00], [0x1B], [0xEF, 0xBB, 0xBF],
    ]

  /// One to four random edits of `input`.
  static func mutate(_ input: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
    var bytes = input
    for _ in 0..<Int.random(in: 1...4, using: &rng) {
      let at = Int.random(in: 0...bytes.count, using: &rng)
      switch Int.random(in: 0..<7, using: &rng) {
      case 0, 1: bytes.insert(contentsOf: pieces.randomElement(using: &rng)!, at: at)
      case 2 where at < bytes.count: bytes.remove(at: at)
      case 3 where at < bytes.count:
        bytes[at] = UInt8.random(in: 0...255, using: &rng)
      case 4 where at < bytes.count:
        // Delete a run of bytes.
        bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...16, using: &rng)))
      case 5 where at < bytes.count:
        // Repeat a run of bytes.
        let run = Array(bytes[at..<min(bytes.count, at + Int.random(in: 1...32, using: &rng))])
        bytes.insert(contentsOf: run, at: at)
      default:
        // Splice in part of another input.
        let other = seeds.randomElement(using: &rng)!
        let from = Int.random(in: 0...other.count, using: &rng)
        let to = min(other.count, from + Int.random(in: 0...64, using: &rng))
        bytes.insert(contentsOf: other[from..<to], at: at)
      }
    }
    return bytes
  }

  @Test func mutatedSchedulesKeepEveryPromise() {
    let seed =
      ProcessInfo.processInfo.environment["SCHEDULE_SEED"].flatMap { UInt64($0) }
      ?? UInt64.random(in: 0...UInt64.max)
    var rng = SplitMix64(seed: seed)
    for input in Self.seeds {
      if let failure = ScheduleOracle.failure(for: input) {
        Issue.record("unmutated input: \(failure)")
      }
    }
    for iteration in 0..<Self.iterations {
      let input = Self.mutate(Self.seeds.randomElement(using: &rng)!, &rng)
      if let failure = ScheduleOracle.failure(for: input) {
        Issue.record("SCHEDULE_SEED=\(seed) iteration \(iteration): \(failure)")
        return
      }
    }
  }

  /// Truncating a valid file at every byte never parses and never crashes.
  @Test func everyPrefixIsAnError() {
    let full = Array(
      #"{"days": {"mon": ["a", {"title": "b\u00e9", "time": "01:00", "skip": ["2026-01-05"]}]}, "n": -1.5e2}"#
        .utf8)
    for end in 1..<full.count {
      let prefix = Array(full[0..<end])
      #expect(throws: ScheduleError.self) { try ScheduleLoader.parse(prefix, source: "s.json") }
      #expect(ScheduleOracle.failure(for: prefix) == nil)
    }
    #expect(throws: Never.self) { try ScheduleLoader.parse(full, source: "s.json") }
  }

  /// The oracle itself notices a broken promise.
  @Test func theOracleCatchesLongAndMultilineMessages() {
    #expect(ScheduleOracle.badLine("s.json:1:1: fine", prefix: "s.json") == nil)
    #expect(ScheduleOracle.badLine("other: x", prefix: "s.json") != nil)
    #expect(
      ScheduleOracle.badLine("s.json: " + String(repeating: "x", count: 300), prefix: "s.json")
        != nil)
    // Raw line breaks in quoted input print as placeholders: still one line.
    #expect(ScheduleOracle.badLine("s.json: a\n\u{2028}b", prefix: "s.json") == nil)
  }
}
