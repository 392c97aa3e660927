/// Reading a `reference`: a bangumi-data file as a catalogue by id, not as a week.
extension ScheduleLoader {
  /// Reads the bangumi-data file at `path` as a catalogue; `calendar` checks nothing
  /// and places nothing (the slots are kept as the source gives them).
  ///
  /// Throws when the file cannot be read, or is not bangumi-data: a reference of another
  /// format (a Youbi week, an AniList response) is refused, never read as a week.
  public static func loadReference(path: String, calendar: LocalCalendar = LocalCalendar())
    throws(ScheduleError) -> ReferenceCatalogue
  {
    let source = sourceName(path: path)
    let read = try read(path: path, source: source, pages: true)
    do throws(Diagnostic) {
      switch read {
      case .bytes(let bytes):
        if let problem = unreadable(bytes) { throw problem }
        return try bytes.withUnsafeBufferPointer { (buf) throws(Diagnostic) in
          try catalogue(of: buf, calendar: calendar, handBack: nil)
        }
      case .pages(let pages):
        return try catalogue(of: pages.bytes, calendar: calendar) { pages.release(below: $0) }
      }
    } catch {
      throw ScheduleError(error, source: source)
    }
  }

  private static func catalogue(
    of bytes: UnsafeBufferPointer<UInt8>, calendar: LocalCalendar,
    handBack: ((Int) -> Void)?
  ) throws(Diagnostic) -> ReferenceCatalogue {
    guard let format = format(of: bytes), format == .bangumiData else {
      let found =
        format(of: bytes).map { format in
          switch format {
          case .jikan, .myAnimeList, .aniList: " (it reads as an API response)"
          case .youbi, .iCalendar, .bangumiData, .rss, .atom, .jsonFeed, .mangaDex:
            " (it reads as \(format.name))"
          }
        } ?? ""
      throw Diagnostic(.error, line: nil, column: nil, "a reference must be bangumi-data" + found)
    }
    var reader = BangumiDataReader(bytes, calendar: calendar)
    reader.handBack = handBack
    reader.catalogue = [:]
    let schedule = try reader.schedule()
    return ReferenceCatalogue(
      entries: reader.catalogue ?? [:], warnings: schedule.warnings,
      shows: reader.catalogueCounts.shows, platformSlots: reader.catalogueCounts.slots)
  }

  /// What `--check` says of a reference: its problems (the one that stops it, or the
  /// warnings it was read with), and, when it is read, its counts.
  public struct ReferenceReport: Equatable, Sendable {
    public var problems: [Diagnostic]
    /// The shows it knows by an id and their platforms' slots; nil when it is not read.
    public var counts: (shows: Int, slots: Int)?

    public static func == (a: Self, b: Self) -> Bool {
      a.problems == b.problems && a.counts?.shows == b.counts?.shows
        && a.counts?.slots == b.counts?.slots
    }
  }

  /// Checks the file at `path` as a `reference` (`referenceReport(_:source:)`); throws
  /// when it cannot be read.
  public static func referenceReport(path: String) throws(ScheduleError) -> ReferenceReport {
    let source = sourceName(path: path)
    return referenceReport(try readAll(path: path, source: source), source: source)
  }

  /// Checks `bytes` (named `source` in messages) as a `reference`: bangumi-data, read as
  /// a catalogue.
  public static func referenceReport(_ bytes: [UInt8], source: String) -> ReferenceReport {
    do throws(Diagnostic) {
      if let problem = unreadable(bytes) { throw problem }
      // A file that is not even well-formed says where first, as a schedule's check does.
      if bytes.withUnsafeBufferPointer({ format(of: $0) }) != .bangumiData {
        let errors = check(bytes).filter(\.isError)
        if !errors.isEmpty { return ReferenceReport(problems: errors, counts: nil) }
      }
      let read = try bytes.withUnsafeBufferPointer { (buf) throws(Diagnostic) in
        try catalogue(of: buf, calendar: LocalCalendar(), handBack: nil)
      }
      return ReferenceReport(
        problems: read.warnings, counts: (read.shows, read.platformSlots))
    } catch {
      return ReferenceReport(problems: [error], counts: nil)
    }
  }
}

extension ReferenceCatalogue {
  /// Reads every reference at `paths` into one catalogue; one that cannot be read (it
  /// is missing, or not bangumi-data) is a warning line, `youbi: reference: …`, and the
  /// others are read all the same.
  public static func load(paths: [String], calendar: LocalCalendar = LocalCalendar())
    -> (catalogue: ReferenceCatalogue, warnings: [String])
  {
    var read: [ReferenceCatalogue] = []
    var warnings: [String] = []
    for path in paths {
      do {
        read.append(try ScheduleLoader.loadReference(path: path, calendar: calendar))
      } catch {
        let message =
          error.message.hasPrefix("youbi: ") ? error.message.dropFirst(7) : error.message[...]
        warnings.append("youbi: reference: " + message)
      }
    }
    return (read.isEmpty ? .empty : merged(read), warnings)
  }
}
