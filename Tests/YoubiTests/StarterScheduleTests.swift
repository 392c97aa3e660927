import Schedule
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct StarterScheduleTests {
  @Test func itIsAScheduleThatShowsEveryField() throws {
    let week = try ScheduleLoader.parse(Array(StarterSchedule.text.utf8), source: "schedule.json")
    let serials = Weekday.allCases.flatMap { week[$0] }
    #expect(week.title != nil)
    #expect(serials.contains { $0.author != nil && $0.note != nil })
    #expect(serials.contains { $0.author == nil && $0.note == nil })
    // What a weekly anime needs most is in use: a time, a start, a skip date, a link.
    #expect(serials.contains { $0.time != nil })
    #expect(serials.contains { $0.start != nil })
    #expect(serials.contains { $0.end != nil })
    #expect(serials.contains { !$0.skip.isEmpty })
    #expect(serials.contains { $0.url != nil })
    #expect(week.warnings.isEmpty)
    // Every day is there to be filled in, one entry per line.
    for day in Weekday.allCases { #expect(StarterSchedule.text.contains("\"\(day.name)\": [")) }
  }

  @Test func itIsWrittenWithItsDirectories() throws {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    let path = dir("config/youbi/schedule.json")
    try StarterSchedule.create(at: path)
    #expect(dir.text("config/youbi/schedule.json") == StarterSchedule.text)
    var info = stat()
    #expect(stat(dir("config/youbi"), &info) == 0 && info.st_mode & 0o777 == 0o700)
  }

  @Test func anExistingFileIsNeverReplaced() throws {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    let path = dir.write("{\"days\": {}}", to: "schedule.json")
    #expect(
      throws: StarterSchedule.Failure(
        exitCode: 73, message: "youbi: \(path) already exists; not overwriting it")
    ) { try StarterSchedule.create(at: path) }
    #expect(dir.text("schedule.json") == "{\"days\": {}}")
  }

  @Test func aPathThroughAFileIsRefused() throws {
    let dir = TemporaryDirectory()
    defer { dir.remove() }
    dir.write("", to: "youbi")
    #expect(
      throws: StarterSchedule.Failure(
        exitCode: 73,
        message:
          "youbi: cannot create the directory \(dir.path)/youbi: a part of the path is not a directory"
      )
    ) { try StarterSchedule.create(at: dir("youbi/schedule.json")) }
  }
}
