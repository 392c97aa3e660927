import Foundation
import TestSupport
import Testing

/// The pager in a zone with offset changes costs about what it costs in one without
/// (issue 32, item 15): it places its schedules within a short horizon, so a daily show
/// since 1970 is cut at the one change or so near today, not at the eight of two years
/// each way. At the start of the tenth session it took 3.6 times as much in Berlin as in
/// Tokyo (55 MiB against 15 for 10,000 such items).
extension MemoryShapeTests {
  /// 30,000 bangumi-data items broadcast daily since 1970 (2.7 MB).
  static let dailyCatalogue =
    #"{"siteMeta":{},"items":["#
    + (0..<30_000).map {
      #"{"title":"d\#($0)","begin":"1970-01-01T00:00:00Z","broadcast":"R/1970-01-01T00:00:00Z/P1D"}"#
    }.joined(separator: ",") + "]}"

  /// The pager's peak resident size in bytes in `zone`, once the week is on screen and
  /// stays the same for a moment.
  func pagerPeak(zone: String) async throws -> Int {
    let s = try TerminalSession(
      youbi: ["--no-config", "daily.json"], environment: ["TZ": zone],
      files: ["daily.json": Self.dailyCatalogue])
    defer { s.close() }
    try await s.settle("the week over the catalogue", quiet: 0.5, timeout: 60) {
      $0.contains("d29999") || $0.contains("30000 serials")
    }
    let pid = try #require(s.programPID)
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
    let kib = try #require(Int(line.split(separator: " ").dropFirst().first ?? ""))
    return kib * 1024
  }

  @Test("the pager over 30,000 daily items since 1970 costs in Berlin about what it does in Tokyo")
  func pagerAcrossOffsetChanges() async throws {
    let tokyo = try await pagerPeak(zone: "Asia/Tokyo")
    let berlin = try await pagerPeak(zone: "Europe/Berlin")
    #expect(
      berlin < tokyo + tokyo / 2,
      "Berlin \(berlin >> 20) MiB, Tokyo \(tokyo >> 20) MiB")
  }
}
