import Testing

@testable import Schedule

/// A `Serial` is 40 bytes: a catalogue of a million entries is a million of them, and a
/// daily show seven. What few entries have lives in a box of its own, which shares one
/// reference with the origin.
@Suite struct SerialLayoutTests {
  @Test func aSerialIsFortyBytes() {
    #expect(MemoryLayout<Serial>.stride == 40)
  }

  @Test func anOriginAndExtrasShareOneReferenceAndEachReadsBack() {
    let origin = Origin(id: "mal:1", titles: [Title("original", "One")])
    var serial = Serial(title: "One", note: "N", origin: origin)
    #expect(serial.origin === origin && serial.note == "N")
    serial.note = nil
    #expect(serial.origin === origin && serial.extras == nil)
    serial.author = "A"
    serial.origin = nil
    #expect(serial.origin == nil && serial.author == "A")
    serial.origin = origin
    #expect(serial.origin === origin && serial.author == "A")
    #expect(serial == Serial(title: "One", author: "A", origin: origin))
    #expect(serial != Serial(title: "One", author: "A"))
    #expect(serial != Serial(title: "One", origin: origin))
    serial.author = nil
    #expect(serial == Serial(title: "One", origin: origin))
  }

  @Test func aPlainSerialHasNoBoxAndEveryFieldReadsBack() throws {
    var serial = Serial(title: "Plain", time: ReleaseTime(hour: 25, minute: 30))
    #expect(serial.extras == nil && serial.time == ReleaseTime(hour: 25, minute: 30))
    #expect(serial.start == nil && serial.end == nil && serial.skip.isEmpty && serial.every == 1)
    let url = try WebURL(checking: "https://example.org/plain")
    let day = CivilDate(year: 2026, month: 12, day: 7)!
    serial.author = "A"
    serial.note = "N"
    serial.url = url
    serial.id = "id"
    serial.skip.append(day)
    serial.start = day
    serial.end = day.adding(days: 70)
    serial.every = 2
    serial.time = nil
    #expect(serial.author == "A" && serial.note == "N" && serial.url == url && serial.id == "id")
    #expect(serial.skip == [day] && serial.start == day && serial.end == day.adding(days: 70))
    #expect(serial.every == 2 && serial.time == nil)
    // A copy keeps its box when the original's changes.
    let copy = serial
    serial.note = nil
    #expect(copy.note == "N" && serial.note == nil && serial != copy)
    // With every rare field gone again, no box is left, and it equals a plain one.
    serial.author = nil
    serial.url = nil
    serial.id = nil
    serial.skip = []
    #expect(serial.extras == nil)
    var plain = Serial(title: "Plain", start: day, end: day.adding(days: 70), every: 2)
    #expect(serial == plain)
    plain.time = ReleaseTime(minutes: 0)
    #expect(plain.time == ReleaseTime(minutes: 0) && serial != plain)
  }

  @Test func theFirstDayThereIsStaysADate() {
    let first = CivilDate(daysSince1970: Int(Int32.min))
    let serial = Serial(title: "Old", start: first)
    #expect(serial.start != nil)
  }
}
