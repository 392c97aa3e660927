import Schedule
import TerminalUI

/// One page of a section as the view draws it: a date, its heading, the entries it shows
/// and the cursor over them.
///
/// The week and the calendar both draw through this, so a weekday of this week and the
/// same date in the calendar show the same list the same way; only the heading and the
/// memory the cursor comes from differ.
struct DatePage: Equatable {
  /// The date the page shows (for a weekday page, this week's date of that day).
  var date: CivilDate
  /// The words at the top: the weekday's name, or the full date.
  var heading: String
  /// The entries of the date, in time order.
  var serials: PageList<[Serial]>
  /// Who each of them is (for marks and stars), in the same order.
  var ids: PageList<SerialIDs>
  /// Its cursor and scroll, as remembered (clamp before use).
  var list: ListState
  /// The release dates of the rows carried over from other days, listed after the
  /// page's own rows (today's page only).
  var carried: [CivilDate] = []
  /// Whether a row is placed on a streaming platform's slot (`watch-on`): the time column
  /// is a column wider, for the platform's initial after the time (`17:45C`).
  var hasPlatforms = false

  /// How many rows are the date's own (the rest are carried over).
  var ownCount: Int { serials.count - carried.count }

  /// The date of the release row `index` stands for: the page's, or a carried row's own.
  func releaseDate(of index: Int) -> CivilDate {
    index < ownCount ? date : carried[index - ownCount]
  }

  /// The week whose read marks the page shows: its date's.
  var week: ISOWeek { date.isoWeek }

  /// Whether the list has a time column: the first entry has a time (timed entries
  /// come first).
  var hasTimes: Bool { serials.first?.time != nil }

  /// Columns from the page's left edge to a title: the cursor mark, then the time.
  var titleColumn: Int { 3 + (hasTimes ? timeWidth : 0) }

  /// The width of the time column: `25:30` and a space.
  static let timeColumns = 6

  /// This page's time column: one more with a platform's initial.
  var timeWidth: Int { DatePage.timeColumns + (hasPlatforms ? 1 : 0) }
}

extension Serial {
  /// Whether it is placed on a streaming platform's slot (`watch-on`), not its TV slot.
  var isOnPlatform: Bool { origin?.platform != nil }
}

/// What a row shows beyond the serial itself.
struct RowExtras: Equatable {
  /// The time column's text (`25:30`, or blank for an untimed entry); nil without a column.
  var time: String?
  /// The time column's width, a space after the time included.
  var timeWidth = DatePage.timeColumns
  /// The episode on the page's date (`#8`), for an entry with a start.
  var episode: String?
  /// A word about now on today's page: the countdown to the next release, or that it came out.
  var status: String?
  /// Whether it has come out today: drawn dim, and saying so (not by colour alone).
  var aired = false
  /// No release this week, a break: dimmed, saying so, counting as nothing.
  var onBreak = false
  /// How many releases are behind (`+2` after the title); 0 for none.
  var behind = 0
  /// True for the next release: its countdown is bold.
  var isNext = false
  /// Read in the page's week: dimmed, with a ✓ after the title.
  var read = false
  /// Starred: a ★ before the row.
  var starred = false
}
