import Testing

@testable import Schedule
@testable import Zones

#if canImport(Glibc)
  import Glibc
#endif

/// The offsets `date` (glibc, reading the same zone files) gives for `instants` in
/// `zone` (`+hh:mm:ss`), in seconds east of UTC; one child process, its `TZ` set by its shell.
func dateOffsets(_ zone: String, _ instants: [Int64]) -> [Int] {
  let list = instants.map { "@\($0)" }.joined(separator: " ")
  guard let pipe = popen("printf '%s\\n' \(list) | TZ=\(zone) date -f - +%::z", "r") else {
    return []
  }
  defer { pclose(pipe) }
  var offsets: [Int] = []
  var line = [CChar](repeating: 0, count: 64)
  while fgets(&line, 64, pipe) != nil {
    let bytes = line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    let text = String(decoding: bytes, as: UTF8.self)
    let parts = text.dropFirst().prefix(8).split(separator: ":").compactMap { Int($0) }
    guard parts.count == 3 else { continue }
    let seconds = parts[0] * 3600 + parts[1] * 60 + parts[2]
    offsets.append(text.hasPrefix("-") ? -seconds : seconds)
  }
  return offsets
}

@Suite struct TZifTests {
  static let zones = [
    "Asia/Tokyo", "Europe/Berlin", "America/Los_Angeles", "Australia/Lord_Howe",
    "America/Sao_Paulo", "UTC", "America/New_York", "Asia/Kolkata",
  ]

  /// Every 9 days and 7 hours from 1900 to 2060, and each hour around Berlin's, Los
  /// Angeles's and Lord Howe's changes in 2026 and 2040 (past the listed changes).
  static let instants: [Int64] = {
    var all = Array(stride(from: Int64(-2_208_988_800), to: 2_840_000_000, by: 9 * 86_400 + 25_200))
    for (y, m, d, h) in [
      (2026, 3, 29, 1), (2026, 10, 25, 1), (2040, 3, 25, 1), (2040, 10, 28, 1),
      (2026, 3, 8, 10), (2026, 11, 1, 9), (2040, 3, 11, 10), (2040, 11, 4, 9),
      (2026, 4, 4, 15), (2026, 10, 3, 15), (2040, 4, 7, 15), (2040, 10, 6, 15),
    ] {
      let change = utc(y, m, d, h)
      all += stride(from: change - 7200, through: change + 7200, by: 1800).map { $0 }
      all += [change - 1, change]
    }
    return all
  }()

  @Test(arguments: zones) func offsetsAgreeWithDate(_ id: String) throws {
    let zone = try #require(SystemTimeZones.zone(id))
    let expected = dateOffsets(id, Self.instants)
    try #require(expected.count == Self.instants.count)
    let wrong = zip(Self.instants, expected).filter { zone.offset(at: $0) != $1 }
    #expect(wrong.isEmpty, "\(id): \(wrong.prefix(5))")
  }

  @Test func knownOffsetsIncludingFarBeyondTheTable() throws {
    let berlin = try #require(SystemTimeZones.zone("Europe/Berlin"))
    #expect(berlin.offset(at: utc(2040, 3, 25, 0, 59)) == 3600)
    #expect(berlin.offset(at: utc(2040, 3, 25, 1)) == 7200)
    #expect(berlin.offset(at: utc(2040, 10, 28, 0, 59)) == 7200)
    #expect(berlin.offset(at: utc(2040, 10, 28, 1)) == 3600)
    let lordHowe = try #require(SystemTimeZones.zone("Australia/Lord_Howe"))
    #expect(lordHowe.offset(at: utc(2026, 7, 1, 0)) == 37_800)
    #expect(lordHowe.offset(at: utc(2041, 1, 1, 0)) == 39_600)
    #expect(
      try #require(SystemTimeZones.zone("America/Sao_Paulo")).offset(at: utc(2041, 1, 1, 0))
        == -10_800)
    #expect(try #require(SystemTimeZones.zone("UTC")).offset(at: utc(2041, 1, 1, 0)) == 0)
  }

  /// Wall times in the gap move forward by it; in the repeated hour, the first.
  @Test func wallTimesInTheGapAndTheOverlap() throws {
    let berlin = try #require(SystemTimeZones.zone("Europe/Berlin"))
    #expect(berlin.instant(ofLocal: utc(2026, 3, 29, 2, 30)) == utc(2026, 3, 29, 1, 30))
    #expect(berlin.instant(ofLocal: utc(2026, 10, 25, 2, 30)) == utc(2026, 10, 25, 0, 30))
    #expect(berlin.instant(ofLocal: utc(2040, 3, 25, 2, 30)) == utc(2040, 3, 25, 1, 30))
    #expect(berlin.instant(ofLocal: utc(2040, 10, 28, 3, 30)) == utc(2040, 10, 28, 2, 30))
    let la = try #require(SystemTimeZones.zone("America/Los_Angeles"))
    #expect(la.instant(ofLocal: utc(2026, 11, 1, 1, 30)) == utc(2026, 11, 1, 8, 30))
    #expect(la.instant(ofLocal: utc(2026, 3, 8, 2, 30)) == utc(2026, 3, 8, 10, 30))
  }

  @Test func malformedAndTruncatedFilesAreRejected() throws {
    let good = try #require(SystemTimeZones.readFile("/usr/share/zoneinfo/Europe/Berlin"))
    #expect(TZif(bytes: good) != nil)
    for length in [0, 4, 43, 44, 100, good.count / 2, good.count - 2] {
      #expect(TZif(bytes: Array(good.prefix(length))) == nil, "\(length) bytes")
    }
    var magic = good
    magic[0] = UInt8(ascii: "X")
    #expect(TZif(bytes: magic) == nil)
    var version = good
    version[4] = UInt8(ascii: "A")
    #expect(TZif(bytes: version) == nil)
    var footer = good
    footer[footer.count - 3] = UInt8(ascii: "!")
    #expect(TZif(bytes: footer) == nil)
    #expect(TZif(bytes: Array(repeating: 0, count: 200)) == nil)
    #expect(SystemTimeZones.zone("Nowhere/Atlantis") == nil)
  }

  @Test func footerRules() throws {
    let tokyo = try #require(TZRule("<+09>-9"))
    #expect(tokyo.standard == 9 * 3600 && tokyo.daylight == nil)
    let berlin = try #require(TZRule("CET-1CEST,M3.5.0,M10.5.0/3"))
    #expect(berlin.daylight?.offset == 7200)
    #expect(berlin.daylight?.end == .init(day: .month(10, week: 5, weekday: 0), time: 3 * 3600))
    let newYork = try #require(TZRule("EST5EDT,M3.2.0,M11.1.0"))
    #expect(newYork.offset(at: utc(2030, 3, 10, 6, 59)) == -5 * 3600)
    #expect(newYork.offset(at: utc(2030, 3, 10, 7)) == -4 * 3600)
    let lordHowe = try #require(TZRule("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"))
    #expect(lordHowe.offset(at: utc(2030, 1, 1, 0)) == 39_600)
    #expect(lordHowe.offset(at: utc(2030, 6, 1, 0)) == 37_800)
    let godthab = try #require(TZRule("<-02>2<-01>,M3.5.0/-1,M10.5.0/0"))
    #expect(godthab.offset(at: utc(2030, 7, 1, 0)) == -3600)
    let allYear = try #require(TZRule("EST5EDT,0/0,J365/25"))
    #expect(allYear.offset(at: utc(2030, 1, 1, 12)) == -4 * 3600)
    #expect(allYear.offset(at: utc(2030, 12, 31, 12)) == -4 * 3600)
    let julian = try #require(TZRule("XXX-1YYY,J60/0,300"))
    #expect(julian.offset(at: utc(2032, 2, 29, 12)) == 3600)
    #expect(julian.offset(at: utc(2032, 3, 1, 12)) == 7200)
    for bad in [
      "", "CE-1", "CET", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "<+09-9",
      "CET-25", "CET-1CEST,M3.5.0,M10.5.0/168", "CET-1 ", "CET-1CEST,J0,J365",
    ] {
      #expect(TZRule(bad) == nil, "\(bad)")
    }
  }
}
