import Testing

@testable import Schedule
@testable import Zones

/// The local zone youbi reads once at start agrees with glibc's reading of the same
/// `TZ` (through `date`), in every form tzset(3) takes.
@Suite struct LocalZoneTests {
  static let directory = "/usr/share/zoneinfo"
  /// Both sides of 2026's changes in Berlin and New York, and a summer and a winter.
  static let instants: [Int64] = [
    1_767_225_600, 1_774_746_000, 1_774_749_600, 1_784_000_000, 1_792_886_400,
    1_792_890_000, 1_773_558_000, 1_773_561_600, 1_793_512_800, 1_793_516_400,
  ]

  @Test(arguments: [
    "Asia/Tokyo", ":Europe/Berlin", "/usr/share/zoneinfo/America/New_York", "UTC", "JST-9",
    "EST5EDT,M3.2.0,M11.1.0", "<+0530>-5:30", "Nowhere/Atlantis", "",
  ])
  func readsTZAsLibcDoes(tz: String) {
    let zone = SystemTimeZones.localZone(tz: tz, directory: Self.directory)
    let shell = tz.isEmpty ? "''" : "'\(tz)'"
    #expect(Self.instants.map { zone.offset(at: $0) } == dateOffsets(shell, Self.instants))
  }

  @Test func unsetIsTheSystemsZone() {
    let unset = SystemTimeZones.localZone(tz: nil, directory: Self.directory)
    let system = SystemTimeZones.localZone(tz: "/etc/localtime", directory: Self.directory)
    #expect(unset == system)
  }

  @Test func aNameLeavingTheDirectoryIsNoFile() {
    let zone = SystemTimeZones.localZone(tz: "../zoneinfo/Asia/Tokyo", directory: Self.directory)
    #expect(zone.offset(at: Self.instants[0]) == 0)
  }
}
