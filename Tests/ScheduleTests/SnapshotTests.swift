import Testing

@testable import Schedule

/// The snapshot format: every field of the model round-trips, and bytes that are not a
/// whole snapshot of this key are refused, never read as one.
@Suite struct SnapshotTests {
  static let url = try! WebURL(checking: "https://example.org/a")

  /// An origin with every field set, a site table shared.
  static func origin(_ templates: SiteLinks.Templates) -> Origin {
    Origin(
      id: "bangumi:1", titles: [Title("original", "アニメ"), Title("en", "Anime")],
      airing: .weekly(
        ZonedSlot(
          weekday: .friday, minutes: 1_530, zone: "Asia/Tokyo", first: date(2024, 10, 4),
          last: date(2024, 12, 20), skip: [date(2024, 11, 1)])),
      episode: EpisodeAnchor(date: date(2024, 10, 4), number: 3),
      links: [Link(name: "Site", url: url)],
      sites: SiteLinks(templates: templates, ids: [(0, "42"), (-1, "https://x.example/1")]),
      progress: TrackerProgress(watched: 4, updatedAt: 1_700_000_000, otherIDs: ["mal:5"]),
      isExpected: true, release: "chapter-12", otherIDs: ["anilist:21", "mal:21"],
      slots: [
        PlatformSlot(
          site: "crunchyroll", airing: .repeating(first: 1_728_050_400, everyDays: 7, last: nil)),
        PlatformSlot(site: "netflix", airing: .once(1_728_136_800)),
      ],
      platform: "crunchyroll", tvAiring: .once(1_728_000_000))
  }

  /// A serial with every field set.
  static func serial(_ origin: Origin?) -> Serial {
    Serial(
      title: "Title", author: "Author", note: "Note", time: ReleaseTime(hour: 25, minute: 30),
      start: date(2024, 10, 4), end: date(2024, 12, 27), skip: [date(2024, 11, 1)], url: url,
      origin: origin, id: "own-id", every: 2)
  }

  static func schedule() -> Schedule {
    let templates = SiteLinks.Templates([("Crunchyroll", "https://c.example/", "/x", false)])
    let shared = origin(templates)
    var section = Schedule.Section(
      title: "Anime", kind: .anime,
      days: [.friday: [serial(shared), serial(shared)], .monday: [Serial(title: "Plain")]])
    section.timezone = "Asia/Tokyo"
    section.timezoneLine = 3
    var schedule = Schedule(
      title: "bangumi-data", sections: [section, Schedule.Section(title: "Empty")],
      warnings: [Diagnostic(.warning, line: 2, column: 5, path: "items[0]", "a warning")],
      warningCount: 7)
    schedule.format = .bangumiData
    return schedule
  }

  /// The bytes `encode` writes, its header put in place, and the pieces it handed over.
  static func written(
    _ encode: (@escaping ([UInt8]) -> Void) -> (bytes: [UInt8], at: Int)
  ) -> (bytes: [UInt8], pieces: [Int]) {
    final class Pieces { var all: [[UInt8]] = [] }
    let pieces = Pieces()
    let header = encode { pieces.all.append($0) }
    var bytes = pieces.all.flatMap { $0 }
    bytes.replaceSubrange(header.at..<(header.at + header.bytes.count), with: header.bytes)
    return (bytes, pieces.all.map(\.count))
  }

  /// A snapshot of 20,000 serials goes out in pieces of about 64 KiB, never whole; their
  /// titles, each met once, are more than the encoder remembers, and those it met twice in
  /// a row are written once; read back, the same schedule.
  @Test func aBigSnapshotIsWrittenInPiecesAndReadBack() throws {
    let origin = Origin(id: "bangumi:Shared", titles: [Title("original", "Shared")])
    let serials = (0..<20_000).map { i in
      Serial(
        title: "Show \(i)", time: ReleaseTime(minutes: i % 1440), origin: i % 2 == 0 ? origin : nil)
    }
    let schedule = Schedule(
      title: "big", sections: [Schedule.Section(title: "Anime", days: [.monday: serials])])
    let window = date(2024, 9, 30)..<date(2024, 10, 28)
    let (bytes, pieces) = Self.written { sink in
      ScheduleSnapshot.encode(
        schedule, keeping: { _, _, _ in true }, window: window, key: "k", to: sink)
    }
    #expect(pieces.count > 3, "\(pieces)")
    #expect(pieces.allSatisfy { $0 <= SnapshotEncoder.pieceSize + 256 }, "\(pieces)")
    let back = try ScheduleSnapshot.decode(bytes, key: "k")
    #expect(back.schedule.sections[0][.monday] == serials)
    // A string met again at once is a reference: "Twice" costs its bytes once.
    var e = SnapshotEncoder()
    for i in 0..<(SnapshotEncoder.recentStrings + 10) { e.string("s\(i)") }
    let before = e.count
    e.string("Twice")
    e.string("Twice")
    #expect(e.count - before == 1 + 5 + 2)
    e.string("s0")  // forgotten since: written again
    var d = SnapshotDecoder(e.bytes)
    for i in 0..<(SnapshotEncoder.recentStrings + 10) { #expect(try d.string() == "s\(i)") }
    #expect(try d.string() == "Twice" && d.string() == "Twice" && d.string() == "s0")
    #expect(d.isAtEnd)
  }

  static func roundTrip<T: SnapshotCodable>(_ value: T) throws -> T {
    var e = SnapshotEncoder()
    e.value(value)
    var d = SnapshotDecoder(e.bytes)
    let back: T = try d.value()
    #expect(d.isAtEnd)
    return back
  }

  /// A model type gains a stored property: its encoding must gain it too.
  @Test func everyStoredPropertyIsEncoded() throws {
    let schedule = Self.schedule()
    let section = schedule.sections[0]
    let serial = section[.friday][0]
    let origin = serial.origin!
    let slot: ZonedSlot
    guard case .weekly(let s)? = origin.airing else { throw SnapshotError("no slot") }
    slot = s
    let counts: [(String, Any, Int)] = [
      ("Schedule", schedule, Schedule.snapshotFields),
      ("Section", section, Schedule.Section.snapshotFields),
      ("Serial", serial, Serial.snapshotFields), ("Origin", origin, Origin.snapshotFields),
      ("ZonedSlot", slot, ZonedSlot.snapshotFields),
      ("Title", origin.titles[0], Title.snapshotFields),
      ("Link", origin.givenLinks[0], Link.snapshotFields),
      ("EpisodeAnchor", origin.episode!, EpisodeAnchor.snapshotFields),
      ("TrackerProgress", origin.progress!, TrackerProgress.snapshotFields),
      ("SiteLinks", origin.siteLinks!, SiteLinks.snapshotFields),
      ("Diagnostic", schedule.warnings[0], Diagnostic.snapshotFields),
      ("WebURL", Self.url, WebURL.snapshotFields),
      ("CivilDate", date(2024, 1, 1), CivilDate.snapshotFields),
      ("ReleaseTime", ReleaseTime.midnight, ReleaseTime.snapshotFields),
      ("PlatformSlot", origin.slots[0], PlatformSlot.snapshotFields),
    ]
    for (name, value, encoded) in counts {
      // An origin's body and its rarer fields are stored apart (`Origin.Body`, `Extras`),
      // and so are a serial's (`Serial.Extras`): counted with it, less the fields that
      // hold them (a serial's one field holds its origin and its extras).
      let apart =
        (value as? Origin).map { origin in
          Mirror(reflecting: origin.body).children.count
            + (origin.extras.map { Mirror(reflecting: $0).children.count } ?? 0) - 2
        }
        ?? (value as? Serial).map { serial in
          // Its extras' fields, and the origin: both held in its one field `attached`.
          Mirror(reflecting: Serial.Extras.Fields()).children.count
        }
      #expect(
        Mirror(reflecting: value).children.count + (apart ?? 0) == encoded,
        "\(name) has stored properties its snapshot encoding does not write")
    }
    // Airing's cases, counted the same way.
    let cases: [Airing] = [
      .repeating(first: 1, everyDays: 7, last: 99), .weekly(slot), .once(1_700_000_000),
    ]
    #expect(cases.count == Airing.snapshotFields)
    for airing in cases { #expect(try Self.roundTrip(airing) == airing) }
  }

  @Test func everyFieldRoundTrips() throws {
    let schedule = Self.schedule()
    let back = try Self.roundTrip(schedule)
    #expect(back == schedule)
    #expect(back.format == .bangumiData)
    #expect(back.sections[0].timezone == "Asia/Tokyo")
    #expect(back.sections[0].timezoneLine == 3)
    let friday = back.sections[0][.friday]
    // The pieces of one airing share their origin, and the site table, read back too.
    #expect(friday[0].origin === friday[1].origin)
    #expect(friday[0].origin?.links == schedule.sections[0][.friday][0].origin?.links)
    #expect(friday[0].origin?.trackerLinks == schedule.sections[0][.friday][0].origin?.trackerLinks)
    #expect(try Self.roundTrip(Self.serial(nil)) == Self.serial(nil))
  }

  @Test func aWholeSnapshotReadsBackUnderItsKey() throws {
    let snapshot = ScheduleSnapshot(
      window: date(2024, 9, 30)..<date(2024, 10, 28), schedule: Self.schedule())
    let bytes = snapshot.encoded(key: "key")
    #expect(try ScheduleSnapshot.decode(bytes, key: "key") == snapshot)
    #expect(throws: SnapshotError.self) { try ScheduleSnapshot.decode(bytes, key: "other key") }
    #expect(throws: SnapshotError.self) { try ScheduleSnapshot.decode(bytes, key: "ke") }
  }

  /// An origin's body stays in the snapshot's bytes until asked for (`OriginShelf`); its
  /// episode numbers, platform, release and progress are there at once, and the body, once read, is the one written.
  @Test func originBodiesAreReadOnFirstUse() throws {
    let schedule = Self.schedule()
    let snapshot = ScheduleSnapshot(
      window: date(2024, 9, 30)..<date(2024, 10, 28), schedule: schedule)
    let back = try ScheduleSnapshot.decode(snapshot.encoded(key: "key"), key: "key")
    let written = try #require(schedule.sections[0][.friday][0].origin)
    let read = try #require(back.schedule.sections[0][.friday][0].origin)
    guard case .shelved(let shelved) = read.stored else {
      Issue.record("the body was read with the schedule")
      return
    }
    let listing = shelved.listing
    #expect(listing.episode == written.episode && listing.progress == written.progress)
    #expect(listing.release == written.release && listing.platform == written.platform)
    #expect(read.titles == written.titles && read.slots == written.slots)
    #expect(read == written)
  }

  /// A snapshot read and dropped, its shelf never read, leaves nothing behind (the
  /// origins refer to their shelf; the shelf must not refer back).
  @Test func anUnreadShelfIsFreedWithItsSchedule() throws {
    let bytes = ScheduleSnapshot(
      window: date(2024, 9, 30)..<date(2024, 10, 28), schedule: Self.schedule()
    ).encoded(key: "key")
    weak var origin: Origin?
    do {
      let back = try ScheduleSnapshot.decode(bytes, key: "key")
      origin = back.schedule.sections[0][.friday][0].origin
      #expect(origin != nil)
    }
    #expect(origin == nil)
  }

  /// Cut anywhere (a torn write), or any byte changed (a bad disk, a hand edit): refused.
  @Test func aTornOrCorruptedSnapshotIsRefused() {
    let bytes = ScheduleSnapshot(
      window: date(2024, 9, 30)..<date(2024, 10, 28), schedule: Self.schedule()
    )
    .encoded(key: "key")
    for length in 0..<bytes.count {
      #expect(throws: SnapshotError.self) {
        try ScheduleSnapshot.decode(Array(bytes[..<length]), key: "key")
      }
    }
    for index in bytes.indices {
      var changed = bytes
      changed[index] ^= 0x20
      #expect(throws: SnapshotError.self, "byte \(index) changed") {
        try ScheduleSnapshot.decode(changed, key: "key")
      }
    }
    #expect(throws: SnapshotError.self) { try ScheduleSnapshot.decode(bytes + [0], key: "key") }
    #expect(throws: SnapshotError.self) {
      try ScheduleSnapshot.decode(Array("{\"days\": {}}".utf8), key: "key")
    }
  }

  /// Whatever the window's dates list, the snapshot lists the same, in the same order;
  /// and it holds fewer serials than the whole.
  @Test(arguments: ["Asia/Tokyo", "Europe/Berlin", "America/Los_Angeles"])
  func theWindowListsWhatTheWholeLists(zone: String) throws {
    let full = try source(
      "bangumi-data/data.json", in: zone, dayStarts: 5, today: date(2024, 12, 11))
    let window = date(2024, 12, 2)..<date(2024, 12, 30)
    let snapshot = try ScheduleSnapshot.decode(
      ScheduleSnapshot(of: full, window: window).encoded(key: "k"), key: "k")
    for offset in 0..<28 {
      let day = window.lowerBound.adding(days: offset)
      #expect(snapshot.schedule.sections[0].listed(on: day) == full.sections[0].listed(on: day))
    }
    // Written straight from the whole, the same bytes as from the part made first.
    let straight = Self.written { sink in
      ScheduleSnapshot.encode(
        full, keeping: full.listed(in: window), window: window, key: "k", to: sink)
    }
    #expect(straight.bytes == ScheduleSnapshot(of: full, window: window).encoded(key: "k"))
    let count = { (s: Schedule) in Weekday.allCases.reduce(0) { $0 + s.sections[0][$1].count } }
    #expect(count(snapshot.schedule) < count(full))
    #expect(snapshot.schedule.warnings == full.warnings)
    #expect(snapshot.schedule.title == full.title)
  }
}
