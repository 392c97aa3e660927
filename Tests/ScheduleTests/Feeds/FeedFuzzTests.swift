import TestSupport
import Testing

@testable import Schedule

/// Every feed fixture, mutated: bytes changed, inserted, removed, cut short, and numbers
/// swapped for ones at the edges. Whatever comes out, the reader returns a schedule or
/// one error, and never traps.
@Suite struct FeedFuzzTests {
  static let fixtures = [
    "webtoon-weekly.xml", "royalroad-fortnightly.atom", "irregular.json",
    "mangadex-weekly.json", "mangaupdates-releases.xml", "subscriptions.opml",
  ]

  static let edges = [
    "9223372036854775807", "-9223372036854775808", "1e308", "-1", "0", "99999999999999999999",
  ]

  /// `bytes` changed once at random.
  static func mutate(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
    var out = bytes
    guard !out.isEmpty else { return out }
    let at = Int(random.next() % UInt64(out.count))
    switch random.next() % 5 {
    case 0: out[at] = UInt8(truncatingIfNeeded: random.next())
    case 1: out.insert(Array("<>&\"{}[],:0".utf8)[Int(random.next() % 11)], at: at)
    case 2: out.remove(at: at)
    case 3: out.removeSubrange(at...)
    default:
      let digits = out.indices.filter { out[$0] >= 0x30 && out[$0] <= 0x39 }
      guard let d = digits.randomElement(using: &random) else { return out }
      out.replaceSubrange(d...d, with: Array(edges.randomElement(using: &random)!.utf8))
    }
    return out
  }

  @Test(arguments: fixtures)
  func mutatedFeedsNeverTrap(_ name: String) throws {
    let original = try ScheduleLoader.readAll(
      path: packagePath("Tests/Fixtures/feeds/" + name), source: name)
    var random = SplitMix64(seed: 0xFEED)
    var loaded = 0
    for _ in 0..<300 {
      var bytes = original
      for _ in 0..<(1 + Int(random.next() % 3)) { bytes = Self.mutate(bytes, &random) }
      let calendar = LocalCalendar(today: CivilDate(year: 2024, month: 12, day: 4))
      if (try? ScheduleLoader.parse(bytes, source: name, calendar: calendar)) != nil {
        loaded += 1
      }
      if (try? OPML.subscriptions(bytes)) != nil { loaded += 1 }
    }
    // Most single changes still read: the fuzz reaches the readers, not only the parser.
    #expect(loaded > 0)
  }
}
