import Schedule

/// The serials of other days a section is behind on, carried over to today's page
/// after its own serials: each stands for its newest release behind.
struct Carried: Equatable, Sendable {
  /// The date of the page they are listed on (today); nil when there are none.
  var page: CivilDate?
  var serials: [Serial] = []
  var ids: [SerialID] = []
  /// The release each row stands for.
  var dates: [CivilDate] = []
  /// Whether one of them is placed on a streaming platform's slot.
  var isPlatformed = false

  var count: Int { page == nil ? 0 : serials.count }

  /// The rows carried to `date`'s page (none for another date).
  func rows(on date: CivilDate) -> Int { date == page ? serials.count : 0 }
}
