import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A snapshot is placed with the zone files its source's times needed (a week in
/// `Asia/Tokyo` shown in Berlin): an update of one of them, not the local zone, is a
/// snapshot stale.
@Suite("End to end: snapshots and the zone files they were placed with", .serialized, youbiRequired)
struct SnapshotZoneEndToEndTests {
  @Test("a zone database update of a source's own zone is never read past")
  func sourceZoneUpdated() throws {
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    var environment = try isolatedProcessEnvironment(dir)
    environment["TZ"] = "Europe/Berlin"
    environment["TZDIR"] = dir("zoneinfo")
    for zone in ["Europe/Berlin", "Asia/Tokyo", "UTC"] {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/" + zone))
      _ = dir.write("", to: "zoneinfo/" + zone)
      try bytes.write(to: URL(fileURLWithPath: dir("zoneinfo/" + zone)))
    }
    // Past the 64 KiB a source alone is snapshotted at: 7 × 200 entries at 21:30 in Tokyo.
    let day = (0..<200).map {
      "{\"title\": \"Tokyo serial number \($0) of the day\", \"time\": \"21:30\"}"
    }
    let days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
      .map { "\"\($0)\": [\(day.joined(separator: ", "))]" }
    let week = dir.write(
      "{\"title\": \"Tokyo\", \"timezone\": \"Asia/Tokyo\", \"days\": {\(days.joined(separator: ", "))}}",
      to: "tokyo.json")
    func youbi(off: Bool = false) throws -> String {
      var environment = environment
      if off { environment["YOUBI_SNAPSHOTS"] = "0" }
      let r = try runProcess(
        try YoubiBinary.path(), ["--no-config", "--print", "--day", "monday", week],
        environment: environment, timeout: 30)
      #expect(r.status == 0, "\(r.err)")
      return r.out
    }
    let before = try youbi()
    #expect(before.contains("13:30 Tokyo serial number 0"), "\(before)")  // 21:30 JST in CET
    #expect(try youbi() == before)
    // Tokyo's file replaced by Kolkata's (UTC+5:30): 21:30 there is 17:00 in Berlin.
    let kolkata = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Asia/Kolkata"))
    try kolkata.write(to: URL(fileURLWithPath: dir("zoneinfo/Asia/Tokyo.new")))
    #expect(rename(dir("zoneinfo/Asia/Tokyo.new"), dir("zoneinfo/Asia/Tokyo")) == 0)
    let after = try youbi()
    #expect(after == (try youbi(off: true)))
    #expect(after.contains("17:00 Tokyo serial number 0"), "a snapshot read past the update")
    #expect(try youbi() == after)
  }
}
