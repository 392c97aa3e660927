/// A dated week of a section: what the week view and `--print` list.
extension Schedule.Section {
  /// The entries `date` lists: those of its weekday that appear on it (not before
  /// `start`, not after `end`, not on a `skip` date), in time order.
  ///
  /// - Complexity: O(entries of that weekday), and a sort when they are out of order.
  public func listed(on date: CivilDate) -> [Serial] {
    let all = self[date.weekday]
    guard all.contains(where: \.isDated) else { return all.orderedByTime() }
    return listedIndices(on: date).map { all[$0] }
  }

  /// `listed(on:)` as positions in the weekday's entries: a long day listed without a
  /// copy of each of its entries.
  public func listedIndices(on date: CivilDate) -> [Int] {
    let all = self[date.weekday]
    let shown = all.indices.filter { all[$0].appears(on: date) }
    guard let order = [Serial].order(times: shown.map { all[$0].time }) else { return shown }
    return order.map { shown[$0] }
  }
}

extension Schedule {
  /// One schedule of the pages of one source given together (several Jikan or
  /// MyAnimeList pages, AniList pages): their sections' entries in one section, a show
  /// with the same source id listed once (the first page's), their warnings together.
  ///
  /// Pages of Youbi's own format are not merged: each stays a schedule of its own.
  public static func merging(pages: [Schedule]) -> Schedule {
    guard var merged = pages.first, pages.count > 1 else { return pages[0] }
    var seen = Set<String>()
    var days: [Weekday: [Serial]] = [:]
    for page in pages {
      // Within a page every piece of a show is kept; across pages, a show already seen
      // is left out whole.
      var ids = Set<String>()
      for section in page.sections {
        for day in Weekday.allCases {
          for serial in section[day] {
            if let id = serial.origin?.id {
              if seen.contains(id) { continue }
              ids.insert(id)
            }
            days[day, default: []].append(serial)
          }
        }
      }
      seen.formUnion(ids)
    }
    merged.sections = [Section(title: nil, days: days)]
    merged.warnings = pages.flatMap(\.warnings)
    merged.warningCount = pages.reduce(0) { $0 + $1.warningCount }
    return merged
  }
}
