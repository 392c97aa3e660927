import Foundation
import Testing

/// The details box in a real terminal, on a faked wall clock in Berlin: a bangumi-data
/// show lists its Berlin slot with the Japanese one beside it, and its links numbered.
@Suite("End to end: the details box", .serialized, youbiRequired)
struct DetailsEndToEndTests {
  let sources = SourcesEndToEndTests()

  @Test("a Tokyo Sunday 23:45 show seen from Berlin is Sunday 16:45, JST beside it")
  func bangumiDataShowInBerlin() async throws {
    // Wednesday 9 October 2024, 10:00 in Berlin (CEST, UTC+2).
    let s = try sources.start(
      "2024-10-09 10:00:00", zone: "Europe/Berlin", path: "bangumi-data/data.json")
    defer { s.close() }
    _ = try await s.settle("Wednesday") { $0.currentDay == "Wednesday" }
    try s.send("7")
    let sunday = try await s.settle("Sunday") { $0.currentDay == "Sunday" && $0.contains("ぷにる") }
    let rows = sources.rows(sunday)
    let at = try #require(rows.firstIndex { $0.contains("16:45 ぷにる") }, "\(sunday)")
    try s.send(Array(repeating: "Down", count: at) + ["Enter"])
    let box = try await s.settle("the details") { $0.contains("JST") }
    #expect(box.contains("Time Sun 16:45 (Sun 23:45 JST)"), "\(box)")
    #expect(box.contains("1 Crunchyroll https://www.crunchyroll.com/series/GNVHKN9G2"), "\(box)")
    #expect(box.contains("Trackers"), "\(box)")
    #expect(box.contains("https://bangumi.tv/subject/470045"), "\(box)")
  }
}
