import Posix
import TestSupport
import Testing

@testable import Schedule

#if canImport(Glibc)
  import Glibc
#endif

/// A large file is read into pages of its own, and bangumi-data hands them back as it
/// reads: the same schedule and the same warnings, on the same lines, as from an array.
@Suite struct PageBufferTests {
  /// A bangumi-data file of `count` weekly items, one line each, with a wrong value on
  /// the line of item `bad` (so its warning names a line far into the file).
  static func data(count: Int, bad: Int) -> String {
    var text =
      #"{"siteMeta": {"cr": {"title": "CR", "urlTemplate": "https://cr.example/{{id}}", "type": "onair"}},"#
    text += "\n\"items\": [\n"
    for i in 0..<count {
      let language = i == bad ? "5" : #""ja""#
      text +=
        #"{"title": "Show \#(i)", "lang": \#(language), "begin": "2024-10-07T03:00:00.000Z", "broadcast": "R/2024-10-07T03:00:00.000Z/P7D", "end": "", "sites": [{"site": "cr", "id": "\#(i)"}], "comment": "\#(String(repeating: "x", count: 100))"}"#
      text += i == count - 1 ? "\n" : ",\n"
    }
    return text + "]}\n"
  }

  @Test func pagesReadAreHandedBackAndTheRestReadsAsFromAnArray() throws {
    let dir = TemporaryDirectory()
    let text = Self.data(count: 8_000, bad: 7_000)
    let path = dir.write(text, to: "data.json")
    #expect(text.utf8.count > ScheduleLoader.pagesFrom)
    let fd = open(path, O_RDONLY)
    defer { close(fd) }
    let pages = try #require(try PageBuffer.reading(fd, size: text.utf8.count))
    #expect(pages.bytes.elementsEqual(text.utf8))
    let calendar = LocalCalendar(zones: SystemTimeZones(), today: date(2024, 12, 1))
    let fromPages = try ScheduleLoader.parse(pages, source: "d.json", calendar: calendar)
    // All but the last 256 KiB or so are handed back, and read as zeros now.
    #expect(pages.released > text.utf8.count - (1 << 19), "\(pages.released)")
    #expect(pages.bytes[0] == 0 && pages.bytes[pages.released - 1] == 0)
    let fromArray = try ScheduleLoader.parse(Array(text.utf8), source: "d.json", calendar: calendar)
    #expect(fromPages.warnings == fromArray.warnings)
    #expect(
      fromPages.warnings.map { $0.line(file: "d.json") } == [
        "d.json:7003:32: warning: items[7000].lang: expected a string, found number"
      ])
    let monday = date(2024, 12, 2)
    #expect(week(fromPages, monday) == week(fromArray, monday), "the same week")
    #expect(week(fromPages, monday).count == 8_000)
    func links(_ schedule: Schedule) -> [String] {
      schedule.sections[0][.monday].flatMap { $0.origin?.links.map(\.url.text) ?? [] }
    }
    #expect(links(fromPages) == links(fromArray), "the same links")
    #expect(links(fromPages).last == "https://cr.example/7999")
  }

  @Test func theLoaderReadsALargeFileThroughPages() throws {
    let dir = TemporaryDirectory()
    let text = Self.data(count: 8_000, bad: 7_000)
    let calendar = LocalCalendar(zones: SystemTimeZones(), today: date(2024, 12, 1))
    let loaded = try ScheduleLoader.load(
      path: dir.write(text, to: "data.json"), calendar: calendar)
    #expect(loaded.sections[0][.monday].count == 8_000)
    #expect(loaded.warnings.first?.line == 7_003)
  }

  @Test func aFileThatGrowsWhileItIsReadIsNotCutShort() throws {
    let dir = TemporaryDirectory()
    let path = dir.write(String(repeating: "x", count: 5000), to: "grows")
    let fd = open(path, O_RDONLY)
    defer { close(fd) }
    #expect(try PageBuffer.reading(fd, size: 4000) == nil)
  }
}
