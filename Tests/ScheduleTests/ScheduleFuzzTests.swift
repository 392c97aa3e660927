import TerminalUI
import TestSupport
import Testing

@testable import Schedule

@Suite struct ScheduleFuzzTests {
  static let seeds: [UInt64] = [1, 2, 3, 0xC0FFEE, 0x5EED_1234]

  /// Mutated copies of the example file either load or fail with exit 65 and
  /// one line that names the input and a line:column inside the input.
  @Test(arguments: seeds)
  func mutatedInputNeverCrashes(seed: UInt64) throws {
    let original = Array(
      #"""
      {"title": "週 \u00e9 \ud83d\ude00", "x": [1, -2.5e+3, true, false, null, {"a": {}}],
       "days": {"monday": ["a", {"title": "b", "author": "c", "note": "d\n"}],
                "火": [], "WED": [{"title": "e", "tags": ["f"]}]}}
      """#.utf8)
    let pieces: [[UInt8]] = [
      [0x22], [0x5C], [0x7B], [0x7D], [0x5B], [0x5D], [0x2C], [0x3A], [0x20], [0x0A],
      Array("\\u".utf8), Array("\\ud800".utf8), Array("null".utf8), Array("-0.1e".utf8),
      [0xFF], [0xC0, 0xAF], [0xE3, 0x81], [0xED, 0xA0, 0x80], [0x00], [0x1B],
      Array("\"title\"".utf8), Array("\"mon\"".utf8),
    ]
    var rng = SplitMix64(seed: seed)
    for iteration in 0..<400 {
      var bytes = original
      for _ in 0..<(1 + Int(rng.next() % 4)) {
        let at = Int(rng.next() % UInt64(bytes.count + 1))
        switch rng.next() % 3 {
        case 0:
          bytes.insert(contentsOf: pieces[Int(rng.next() % UInt64(pieces.count))], at: at)
        case 1 where at < bytes.count:
          bytes.remove(at: at)
        default:
          if at < bytes.count { bytes[at] = UInt8(truncatingIfNeeded: rng.next()) }
        }
      }
      do {
        _ = try ScheduleLoader.parse(bytes, source: "s.json")
      } catch {
        #expect(error.exitCode == 65, "seed \(seed) iteration \(iteration)")
        #expect(error.message.hasPrefix("youbi: s.json:"), "seed \(seed) iteration \(iteration)")
        #expect(
          !SafeText.sanitize(error.message).unicodeScalars.contains {
            $0.value < 0x20 || (0x7F..<0xA0).contains($0.value)
          },
          "seed \(seed) iteration \(iteration)")
        let place = error.message.split(separator: ":").dropFirst(2).prefix(2).compactMap {
          Int($0)
        }
        if place.count == 2 {
          let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
          #expect(place[0] >= 1 && place[0] <= lines.count, "seed \(seed) iteration \(iteration)")
          #expect(place[1] >= 1, "seed \(seed) iteration \(iteration)")
        }
      }
    }
  }

  /// Truncating a valid file at every byte never parses and never crashes.
  @Test func everyPrefixIsAnError() {
    let full = Array(#"{"days": {"mon": ["a", {"title": "b\u00e9"}]}, "n": -1.5e2}"#.utf8)
    for end in 1..<full.count {
      #expect(throws: ScheduleError.self) {
        try ScheduleLoader.parse(Array(full[0..<end]), source: "s.json")
      }
    }
    #expect(throws: Never.self) { try ScheduleLoader.parse(full, source: "s.json") }
  }
}
