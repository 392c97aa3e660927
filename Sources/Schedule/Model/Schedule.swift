/// A schedule as read from one file: one or more sections, each a week of
/// serials, and the warnings found while reading it.
///
/// A file with `days` gives one section; a file with `sections` gives one
/// per element. Strings are raw (untrusted); they are made safe when shown.
public struct Schedule: Equatable, Sendable {
  /// The file's `title`, if any.
  public var title: String?
  /// At least one.
  public var sections: [Section]
  /// Problems that did not stop the file from loading, in file order: at
  /// most `ScheduleLoader.maxDiagnostics` of them.
  public var warnings: [Diagnostic]
  /// How many warnings there were, listed or not.
  public var warningCount: Int
  /// The format it was read from, which names a section of several pages of one source.
  public var format: ScheduleFormat = .youbi

  /// One week of serials under an optional title.
  public struct Section: Equatable, Sendable {
    /// The section's `title`: nil in a file with `days`, optional in one with
    /// `sections`.
    public var title: String?
    /// What its serials are (`"kind"`): the words for marking one seen follow it; nil
    /// when the file does not say.
    public var kind: SectionKind?
    /// Serials per day; every weekday has an entry (possibly empty).
    public private(set) var days: [Weekday: [Serial]]
    /// The zone its times are written in (`"timezone"` in Youbi's format), when it says:
    /// its entries with a time are placed on the local calendar from it.
    public var timezone: String?
    /// The line of that `"timezone"`, for messages.
    var timezoneLine: Int?

    public init(title: String? = nil, kind: SectionKind? = nil, days: [Weekday: [Serial]] = [:]) {
      self.title = title
      self.kind = kind
      var all: [Weekday: [Serial]] = [:]
      for day in Weekday.allCases { all[day] = days[day] ?? [] }
      self.days = all
    }

    /// The serials of `day` (empty when none).
    public subscript(day: Weekday) -> [Serial] { days[day] ?? [] }

    /// Takes the serials of `day` out, leaving the day empty: one who builds a copy of
    /// a long week frees each day of this one as it goes, never holding both whole.
    public mutating func takeSerials(of day: Weekday) -> [Serial] {
      var taken: [Serial] = []
      swap(&taken, &days[day, default: []])
      return taken
    }

    /// Leaves out, on every day, the serials `shouldRemove` picks (the rows another
    /// source's row stands for).
    public mutating func removeSerials(where shouldRemove: (Serial) -> Bool) {
      for day in Weekday.allCases { days[day]?.removeAll(where: shouldRemove) }
    }
  }

  /// A schedule of one section, as a file with `days` gives.
  public init(title: String? = nil, days: [Weekday: [Serial]] = [:]) {
    self.init(title: title, sections: [Section(days: days)])
  }

  /// A schedule of `sections`, which must not be empty.
  public init(
    title: String?, sections: [Section], warnings: [Diagnostic] = [], warningCount: Int? = nil
  ) {
    precondition(!sections.isEmpty, "a schedule has at least one section")
    self.title = title
    self.sections = sections
    self.warnings = warnings
    self.warningCount = warningCount ?? warnings.count
  }

  /// The serials of `day` in the first section: the whole week of a file
  /// with `days`.
  public subscript(day: Weekday) -> [Serial] { sections[0][day] }
}

/// The formats Youbi reads, each recognised by content.
public enum ScheduleFormat: String, CaseIterable, Equatable, Sendable {
  case youbi, iCalendar, bangumiData, jikan, myAnimeList, aniList
  /// Feeds: RSS 2.0, Atom 1.0, JSON Feed 1.1 and a MangaDex chapter feed response.
  case rss, atom, jsonFeed, mangaDex

  /// What messages and the section bar call it.
  public var name: String {
    switch self {
    case .youbi: "Youbi"
    case .iCalendar: "iCalendar"
    case .bangumiData: "bangumi-data"
    case .jikan: "Jikan"
    case .myAnimeList: "MyAnimeList"
    case .aniList: "AniList"
    case .rss: "RSS"
    case .atom: "Atom"
    case .jsonFeed: "JSON Feed"
    case .mangaDex: "MangaDex"
    }
  }
}
