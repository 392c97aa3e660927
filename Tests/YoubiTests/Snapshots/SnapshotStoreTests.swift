import Foundation
import Schedule
import TestSupport
import Testing

@testable import YoubiRuntime

/// The cache's snapshots of big sources: one of another key is refused from its first
/// bytes, not read whole beside the parse that follows (a stale snapshot of a 9 MB source
/// once cost 8 MB more than no snapshot at all).
@Suite struct SnapshotStoreTests {
  /// The bytes this thread has read so far (`rchar` of `/proc/thread-self/io`).
  static func bytesRead() throws -> Int {
    let io = try String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8)
    let line = try #require(io.split(separator: "\n").first { $0.hasPrefix("rchar:") })
    return try #require(Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)))
  }

  @Test func aSnapshotOfAnotherKeyIsRefusedFromItsHead() throws {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    let store = SnapshotStore(directory: dir.path + "/snapshots")
    let serials = (0..<40_000).map { i in
      Serial(title: "Show number \(i) of a long list", time: ReleaseTime(minutes: i % 1440))
    }
    let window =
      CivilDate(year: 2026, month: 11, day: 23)!..<CivilDate(year: 2026, month: 12, day: 21)!
    let snapshot = ScheduleSnapshot(
      window: window,
      schedule: Schedule(
        title: "big", sections: [Schedule.Section(days: [Weekday.monday: serials])]))
    store.write(snapshot, for: "/big.json", kind: "week", key: "one")
    let size = try #require(
      try FileManager.default.attributesOfItem(
        atPath: store.file(for: "/big.json", kind: "week"))[.size] as? Int)
    #expect(size > 1 << 20)
    let before = try Self.bytesRead()
    #expect(store.read(for: "/big.json", kind: "week", key: "two") == nil)
    let read = try Self.bytesRead() - before
    #expect(read <= 1 << 17, "\(read) bytes read of a \(size)-byte snapshot of another key")
    let found = store.read(for: "/big.json", kind: "week", key: "one")
    #expect(found?.schedule.sections.first?[Weekday.monday] == serials)
  }
}
