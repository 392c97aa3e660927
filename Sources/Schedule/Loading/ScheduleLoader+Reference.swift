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
    return ReferenceCatalogue(entries: reader.catalogue ?? [:], warnings: schedule.warnings)
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
