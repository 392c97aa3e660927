import Schedule
import Synchronization
import TerminalUI

/// A schedule whose every string has been through `SafeText`: the only kind the UI draws.
///
/// Schedule text is untrusted (an escape sequence in a title could rewrite the
/// screen or set the window title). Making it safe once, when it arrives — on
/// the loader's thread for a large file — keeps the frames cheap, and the type
/// makes it impossible to hand raw text to the view.
///
/// The search index is built from the safe text (what is shown is what is
/// searched) when first asked for: a loader on its own thread asks at once
/// (`prepareSearch`), so a large file is folded off the UI thread, while a
/// small one read before the first frame is folded at the first search, not
/// before the week is on screen.
public struct SafeSchedule: Equatable, Sendable {
  public let title: String?
  /// What its serials are (the words for marking one seen follow it).
  public let kind: SectionKind
  /// The format it was read from: a week of Youbi's own is the person's, every
  /// serial of it followed (`AppState.follows`); a catalogue's serials are not, until
  /// one is starred or marked.
  public let format: ScheduleFormat
  /// Serials per day, indexed by `Weekday.rawValue`, each day ordered by time.
  private let days: [[Serial]]
  /// The weekdays with an entry limited by dates (`start`, `end`, `skip`): only their
  /// lists differ from one date to the next.
  private let dated: Set<Weekday>
  /// The weekdays with an entry placed on a streaming platform's slot.
  private let platformed: Set<Weekday>
  /// The entries each date's page lists where that is less than its weekday's whole
  /// list, kept for the filters they were worked out under.
  let shownMemo = ShownMemo()
  /// Every title, author and note, folded for search: built on first use, then
  /// shared by every copy of this schedule.
  public var searchIndex: SearchIndex { index.value { SearchIndex(days: days) } }
  private let index = LazyIndex()
  /// How many warnings the file this came from has (`youbi --check` lists them).
  public let warningCount: Int
  /// Who each serial is (for marks and stars), parallel to `days`: built from
  /// the raw text, since two titles may sanitize alike.
  let identities: WeekIdentities

  /// Sanitizes every title, author and note of the first section; the other
  /// fields (times, dates, links) were checked when read and are kept as they are.
  ///
  /// - Complexity: O(total text).
  public init(_ raw: Schedule) {
    self.init(
      raw.sections[0], title: raw.sections[0].title ?? raw.title, warningCount: raw.warningCount,
      format: raw.format)
  }

  /// Sanitizes every title, author and note of one section, shown under
  /// `title`, orders each day by release time (`orderedByTime`) and folds
  /// them for search; `warningCount` is the file's.
  ///
  /// The section is consumed day by day: each day is taken out of it and made safe
  /// where it is (when nothing else holds it), so a large week (bangumi-data's) is
  /// never held twice. Its strings are shared, not copied (`SafeText.sanitize` hands
  /// back a clean text as it is).
  ///
  /// - Complexity: O(total text).
  public init(
    _ raw: consuming Schedule.Section, title: String?, warningCount: Int = 0,
    format: ScheduleFormat = .youbi
  ) {
    kind = raw.kind ?? .other
    self.format = format
    let (days, identities) = Self.taking(&raw)
    self.days = days
    self.identities = identities
    self.dated = Set(Weekday.allCases.filter { days[$0.rawValue].contains(where: \.isDated) })
    self.platformed = Set(
      Weekday.allCases.filter { days[$0.rawValue].contains(where: \.isOnPlatform) })
    self.title = title.map(SafeText.sanitize)
    self.warningCount = warningCount
  }

  /// The safe serials of each day of `raw` in time order, and who each is (from the
  /// raw text, since two titles may sanitize alike), each day taken out of `raw`.
  private static func taking(_ raw: inout Schedule.Section)
    -> (days: [[Serial]], identities: WeekIdentities)
  {
    // A long text is made safe once, and its entries share the result: one iCalendar
    // event may be a thousand entries with the same description.
    var made: [String: String] = [:]
    func sanitize(_ text: String) -> String {
      guard text.utf8.count >= SearchIndex.sharedLength else { return SafeText.sanitize(text) }
      if let known = made[text] { return known }
      let safe = SafeText.sanitize(text)
      made[text] = safe
      return safe
    }
    // The weekly pieces of one show share its origin, and so its id: one identity each,
    // numbered in `known`.
    var known: [SerialID] = []
    var numbers: [ObjectIdentifier: UInt32] = [:]
    func identity(_ serial: borrowing Serial) -> UInt32 {
      let origin = serial.origin.flatMap { $0.id == nil ? nil : ObjectIdentifier($0) }
      if let origin, let number = numbers[origin] { return number }
      let number = UInt32(known.count)
      known.append(SerialID(serial))
      if let origin { numbers[origin] = number }
      return number
    }
    var days: [[Serial]] = []
    var slots: [[UInt32]] = []
    for day in Weekday.allCases {
      // Made safe where it is: the parsed day is the safe one, never two copies of it
      // (and a serial is not copied field by field to change three of them).
      var list = raw.takeSerials(of: day)
      list.sortByTime()
      // By index: `map` would copy each entry into the closure.
      var ids: [UInt32] = []
      ids.reserveCapacity(list.count)
      for i in list.indices { ids.append(identity(list[i])) }
      slots.append(ids)
      for i in list.indices {
        list[i].title = sanitize(list[i].title)
        if let author = list[i].author { list[i].author = sanitize(author) }
        if let note = list[i].note { list[i].note = sanitize(note) }
      }
      days.append(list)
    }
    known.dropSpareRoom()
    return (days, WeekIdentities(known: known, slots: slots))
  }

  /// One safe week per section of `raw`, in order: what the app shows side
  /// by side. A section without a title takes the file's title when it is the
  /// file's only section (a file with `days`).
  ///
  /// Consumes `raw` section by section (`init(_:title:warningCount:)`): passed its
  /// last copy, the parsed week becomes the safe one.
  public static func sections(of raw: consuming Schedule) -> [SafeSchedule] {
    let fileTitle = raw.sections.count == 1 ? raw.title : nil
    let warningCount = raw.warningCount
    let format = raw.format
    var sections: [Schedule.Section] = []
    swap(&sections, &raw.sections)
    var safe: [SafeSchedule] = []
    safe.reserveCapacity(sections.count)
    for i in sections.indices {
      var section = Schedule.Section()
      swap(&section, &sections[i])
      let title = section.title ?? fileTitle
      safe.append(
        SafeSchedule(consume section, title: title, warningCount: warningCount, format: format))
    }
    return safe
  }

  /// Builds the search index now (a loader's thread does, so the UI thread never folds a
  /// large file).
  public func prepareSearch() { _ = searchIndex }

  /// Whether `day`'s list can change from one date to the next (an entry of it has dates).
  public func isDated(_ day: Weekday) -> Bool { dated.contains(day) }

  /// Whether an entry of `day` is placed on a streaming platform's slot (`watch-on`).
  func isPlatformed(_ day: Weekday) -> Bool { platformed.contains(day) }

  /// The serials of `day`.
  public subscript(day: Weekday) -> [Serial] { days[day.rawValue] }

  /// Equal when title, serials, who each serial is, and warnings are; the search
  /// index and the dated days follow from the serials.
  ///
  /// The identities take part: they come from the raw text, so two schedules whose
  /// titles sanitize alike are still different weeks to the marks.
  public static func == (a: SafeSchedule, b: SafeSchedule) -> Bool {
    a.title == b.title && a.kind == b.kind && a.days == b.days && a.warningCount == b.warningCount
      && a.identities == b.identities && a.format == b.format
  }
}

/// A search index made once, on first use, by whichever thread asks first.
private final class LazyIndex: Sendable {
  private let built = Mutex<SearchIndex?>(nil)

  func value(_ make: () -> SearchIndex) -> SearchIndex {
    built.withLock { index in
      if let index { return index }
      let made = make()
      index = made
      return made
    }
  }
}

/// The positions of the entries a date's page lists, each worked out once for the
/// filters it was worked out under (the date's own entries, `*`, the rows a tracker's
/// stands for), not in every frame: filtering 100,000 daily entries in each frame
/// cost it 36 ms. Held by the schedule, so no other week's can be taken for it.
final class ShownMemo: Sendable {
  /// What a page's list follows from, beside the schedule.
  struct Key: Equatable, Sendable {
    var date: CivilDate
    var starFilter: Set<SerialID>?
    var joined: JoinedRows
  }

  /// The positions listed, whether one of them is on a platform's slot, and how many
  /// of them are on a break on the date.
  struct Shown: Sendable {
    var indices: [Int]
    var isPlatformed: Bool
    var onBreak: Int
  }

  /// The last few pages' (a calendar's week of dates, this week's days).
  private let kept = Mutex<[(key: Key, shown: Shown)]>([])
  private static let capacity = 16

  /// The positions for `key`, worked out by `make` unless they are kept.
  func shown(_ key: Key, make: () -> Shown) -> Shown {
    if let hit = kept.withLock({ $0.first { $0.key == key }?.shown }) { return hit }
    let made = make()
    kept.withLock {
      if $0.count >= Self.capacity { $0.removeFirst() }
      $0.append((key, made))
    }
    return made
  }
}
