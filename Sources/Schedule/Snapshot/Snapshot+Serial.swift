/// Serials, their origins and the schedules that hold them, in a snapshot.
extension SiteLinks: SnapshotCodable {
  static let snapshotFields = 2
  /// The site table once per snapshot (every item of a file shares it), then the ids.
  func write(to e: inout SnapshotEncoder) {
    let key = ObjectIdentifier(templates)
    if let index = e.templates[key] {
      e.unsigned(UInt64(index) + 1)
    } else {
      e.unsigned(0)
      e.templates[key] = e.templates.count
      e.array(templates.sites) { e, site in
        e.string(site.name)
        e.string(site.before)
        e.string(site.after)
        e.bool(site.isTracker)
      }
    }
    e.array(ids) { e, pair in
      e.int(Int(pair.index))
      e.string(pair.id)
    }
  }

  static func read(from d: inout SnapshotDecoder) throws(SnapshotError) -> SiteLinks {
    let reference = try d.unsigned()
    let templates: Templates
    if reference == 0 {
      templates = Templates(
        try d.array { d throws(SnapshotError) in
          (try d.string(), try d.string(), try d.string(), try d.bool())
        })
      d.templates.append(templates)
    } else {
      guard reference <= UInt64(d.templates.count) else { throw SnapshotError("a site table") }
      templates = d.templates[Int(reference - 1)]
    }
    let ids = try d.array { d throws(SnapshotError) -> (index: Int32, id: String) in
      guard let index = Int32(exactly: try d.int()), index < templates.sites.count else {
        throw SnapshotError("a site")
      }
      return (index, try d.string())
    }
    return SiteLinks(templates: templates, ids: ids)
  }
}

extension Origin: SnapshotCodable {
  public static let snapshotFields = 13
  /// Once per snapshot: the weekly pieces of one airing share one origin, and so do the
  /// pieces read back. The body follows, or goes on the encoder's shelf.
  public func write(to e: inout SnapshotEncoder) {
    let key = ObjectIdentifier(self)
    if let index = e.origins[key] {
      e.unsigned(UInt64(index) + 1)
      return
    }
    e.unsigned(0)
    e.origins[key] = Int32(e.origins.count)
    e.optional(id) { $0.string($1) }
    e.bool(isExpected)
    e.bool(e.shelved != nil)
    guard e.shelved != nil else { return writeBody(to: &e) }
    e.shelved?.append(self)
    e.optional(episode) { $0.value($1) }
    e.optional(platform) { $0.string($1) }
    e.optional(release) { $0.string($1) }
    e.optional(progress) { $0.value($1) }
  }

  /// Every field but `id` and `isExpected`.
  func writeBody(to e: inout SnapshotEncoder) {
    e.array(titles) { $0.value($1) }
    e.optional(airing) { $0.value($1) }
    e.optional(episode) { $0.value($1) }
    e.array(givenLinks) { $0.value($1) }
    e.optional(siteLinks) { $0.value($1) }
    e.optional(progress) { $0.value($1) }
    e.optional(release) { $0.string($1) }
    e.array(otherIDs) { $0.string($1) }
    e.array(slots) { $0.value($1) }
    e.optional(platform) { $0.string($1) }
    e.optional(tvAiring) { $0.value($1) }
  }

  public static func read(from d: inout SnapshotDecoder) throws(SnapshotError) -> Origin {
    let reference = try d.unsigned()
    if reference > 0 {
      guard reference <= UInt64(d.origins.count) else { throw SnapshotError("an origin") }
      return d.origins[Int(reference - 1)]
    }
    let id = try d.optional { d throws(SnapshotError) in try d.string() }
    let isExpected = try d.bool()
    let stored: Stored
    if try d.bool() {
      guard let shelf = d.shelf else { throw SnapshotError("a body shelved without a shelf") }
      let listing = Listing(
        episode: try d.optional { d throws(SnapshotError) in try d.value() },
        platform: try d.optional { d throws(SnapshotError) in try d.string() },
        release: try d.optional { d throws(SnapshotError) in try d.string() },
        progress: try d.optional { d throws(SnapshotError) in try d.value() })
      stored = .shelved(Shelved(shelf, d.shelvedCount, listing))
      d.shelvedCount += 1
    } else {
      stored = .here(try readBody(from: &d))
    }
    let origin = Origin(id: id, isExpected: isExpected, stored: stored)
    d.origins.append(origin)
    return origin
  }

  /// What `writeBody` wrote.
  static func readBody(from d: inout SnapshotDecoder) throws(SnapshotError) -> Body {
    let titles: [Title] = try d.array { d throws(SnapshotError) in try d.value() }
    let airing: Airing? = try d.optional { d throws(SnapshotError) in try d.value() }
    let extras = Extras(
      episode: try d.optional { d throws(SnapshotError) in try d.value() },
      givenLinks: try d.array { d throws(SnapshotError) in try d.value() },
      siteLinks: try d.optional { d throws(SnapshotError) in try d.value() },
      progress: try d.optional { d throws(SnapshotError) in try d.value() },
      release: try d.optional { d throws(SnapshotError) in try d.string() },
      otherIDs: try d.array { d throws(SnapshotError) in try d.string() },
      slots: try d.array { d throws(SnapshotError) in try d.value() },
      platform: try d.optional { d throws(SnapshotError) in try d.string() },
      tvAiring: try d.optional { d throws(SnapshotError) in try d.value() })
    return Body(titles: titles, airing: airing, extras: extras.isEmpty ? nil : extras)
  }
}

extension PlatformSlot: SnapshotCodable {
  public static let snapshotFields = 2
  public func write(to e: inout SnapshotEncoder) {
    e.string(site)
    e.value(airing)
  }

  public static func read(from d: inout SnapshotDecoder) throws(SnapshotError) -> PlatformSlot {
    PlatformSlot(site: try d.string(), airing: try d.value())
  }
}

extension Serial: SnapshotCodable {
  public static let snapshotFields = 11
  public func write(to e: inout SnapshotEncoder) {
    e.string(title)
    e.optional(author) { $0.string($1) }
    e.optional(note) { $0.string($1) }
    e.optional(url) { $0.value($1) }
    e.array(skip) { $0.value($1) }
    e.optional(time) { $0.value($1) }
    e.optional(start) { $0.value($1) }
    e.optional(end) { $0.value($1) }
    e.optional(origin) { $0.value($1) }
    e.optional(id) { $0.string($1) }
    e.int(every)
  }

  public static func read(from d: inout SnapshotDecoder) throws(SnapshotError) -> Serial {
    let title = try d.string()
    let author = try d.optional { d throws(SnapshotError) in try d.string() }
    let note = try d.optional { d throws(SnapshotError) in try d.string() }
    let url: WebURL? = try d.optional { d throws(SnapshotError) in try d.value() }
    let skip: [CivilDate] = try d.array { d throws(SnapshotError) in try d.value() }
    let time: ReleaseTime? = try d.optional { d throws(SnapshotError) in try d.value() }
    let start: CivilDate? = try d.optional { d throws(SnapshotError) in try d.value() }
    let end: CivilDate? = try d.optional { d throws(SnapshotError) in try d.value() }
    let origin: Origin? = try d.optional { d throws(SnapshotError) in try d.value() }
    return Serial(
      title: title, author: author, note: note, time: time, start: start, end: end, skip: skip,
      url: url, origin: origin, id: try d.optional { d throws(SnapshotError) in try d.string() },
      every: try d.int())
  }
}

extension Diagnostic: SnapshotCodable {
  public static let snapshotFields = 5
  public func write(to e: inout SnapshotEncoder) {
    e.bool(severity == .error)
    e.optional(line) { $0.int($1) }
    e.optional(column) { $0.int($1) }
    e.optional(path) { $0.string($1) }
    e.string(message)
  }
  public static func read(from d: inout SnapshotDecoder) throws(SnapshotError) -> Diagnostic {
    Diagnostic(
      try d.bool() ? .error : .warning,
      line: try d.optional { d throws(SnapshotError) in try d.int() },
      column: try d.optional { d throws(SnapshotError) in try d.int() },
      path: try d.optional { d throws(SnapshotError) in try d.string() }, try d.string())
  }
}

extension Schedule.Section: SnapshotCodable {
  public static let snapshotFields = 5
  public func write(to e: inout SnapshotEncoder) { write(to: &e) { _, _ in true } }

  /// Writes the section with only the serials `keep` accepts (by weekday and position).
  func write(to e: inout SnapshotEncoder, keeping keep: (Weekday, Int) -> Bool) {
    e.optional(title) { $0.string($1) }
    e.optional(kind) { $0.string($1.rawValue) }
    for day in Weekday.allCases {
      let list = self[day]
      e.array(list.indices.filter { keep(day, $0) }) { $0.value(list[$1]) }
    }
    e.optional(timezone) { $0.string($1) }
    e.optional(timezoneLine) { $0.int($1) }
  }
  public static func read(from d: inout SnapshotDecoder) throws(SnapshotError) -> Self {
    let title = try d.optional { d throws(SnapshotError) in try d.string() }
    let kind = try d.optional { d throws(SnapshotError) -> SectionKind in
      guard let kind = SectionKind(rawValue: try d.string()) else { throw SnapshotError("kind") }
      return kind
    }
    var days: [Weekday: [Serial]] = [:]
    for day in Weekday.allCases {
      days[day] = try d.array { d throws(SnapshotError) in try d.value() }
    }
    var section = Self(title: title, kind: kind, days: days)
    section.timezone = try d.optional { d throws(SnapshotError) in try d.string() }
    section.timezoneLine = try d.optional { d throws(SnapshotError) in try d.int() }
    return section
  }
}

extension Schedule: SnapshotCodable {
  public static let snapshotFields = 5
  public func write(to e: inout SnapshotEncoder) { write(to: &e) { _, _, _ in true } }

  /// Writes the schedule with only the serials `keep` accepts (by section, weekday and
  /// position): what `keeping(_:)` would make, without making it.
  func write(to e: inout SnapshotEncoder, keeping keep: (Int, Weekday, Int) -> Bool) {
    e.optional(title) { $0.string($1) }
    e.array(Array(sections.indices)) { e, k in
      sections[k].write(to: &e) { keep(k, $0, $1) }
    }
    e.array(warnings) { $0.value($1) }
    e.int(warningCount)
    e.string(format.rawValue)
  }
  public static func read(from d: inout SnapshotDecoder) throws(SnapshotError) -> Schedule {
    let title = try d.optional { d throws(SnapshotError) in try d.string() }
    let sections: [Section] = try d.array { d throws(SnapshotError) in try d.value() }
    guard !sections.isEmpty else { throw SnapshotError("a schedule of no section") }
    var schedule = Schedule(
      title: title, sections: sections,
      warnings: try d.array { d throws(SnapshotError) in try d.value() },
      warningCount: try d.int())
    guard let format = ScheduleFormat(rawValue: try d.string()) else {
      throw SnapshotError("a format")
    }
    schedule.format = format
    return schedule
  }
}
