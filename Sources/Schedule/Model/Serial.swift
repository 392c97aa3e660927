/// One entry of a day: a serial published that weekday.
///
/// Only `title` is required. Text fields are raw (untrusted); the other
/// fields have been checked and can be trusted as they are.
///
/// The fields are ordered to pack (128 bytes a stride): a schedule of a million
/// entries is a million of these.
public struct Serial: Equatable, Sendable {
  public var title: String
  public var author: String?
  public var note: String?
  /// Its page on the web.
  public var url: WebURL?
  /// Dates with no release (a break), in file order.
  public var skip: [CivilDate]
  /// When it comes out on its day, on the 30-hour clock (`25:30`).
  public var time: ReleaseTime?
  /// The first date it appears.
  public var start: CivilDate?
  /// The last date it appears; never before `start`.
  public var end: CivilDate?
  /// What its source said beyond this entry (its id, titles, airing, episode numbers);
  /// nil for an entry of Youbi's own format written in local time.
  public var origin: Origin?
  /// Its own id in Youbi's format (`"id"`), which identifies it in place of its title.
  public var id: String?
  /// It comes out every `every` weeks from its `start` (1: every week; more needs a `start`).
  public var every: Int

  public init(
    title: String, author: String? = nil, note: String? = nil, time: ReleaseTime? = nil,
    start: CivilDate? = nil, end: CivilDate? = nil, skip: [CivilDate] = [], url: WebURL? = nil,
    origin: Origin? = nil, id: String? = nil, every: Int = 1
  ) {
    self.origin = origin
    self.id = id
    self.every = max(1, every)
    self.title = title
    self.author = author
    self.note = note
    self.time = time
    self.start = start
    self.end = end
    self.skip = skip
    self.url = url
  }
}
