/// One entry of a day: a serial published that weekday.
///
/// Only `title` is required. Text fields are raw (untrusted); the other
/// fields have been checked and can be trusted as they are.
///
/// The fields are packed (40 bytes a stride): a schedule of a million entries is a
/// million of these, and a daily show is seven, or fourteen across a change of offset.
/// What few entries have (an author, a note, a link, an id, breaks) is kept apart, in
/// `Extras`, and it shares one reference with the origin (`Attached`); the dates and the
/// time are held as numbers, with one value each for none.
public struct Serial: Equatable, Sendable {
  public var title: String
  /// Its origin and its extras, in one reference.
  private var attached: Attached?
  /// `start` and `end` in days since 1970, `Int32.min` for none.
  private var startDays: Int32
  private var endDays: Int32
  /// `every`, in 32 bits.
  private var weeks: Int32
  /// `time` in minutes, -1 for none.
  private var minutes: Int16

  public init(
    title: String, author: String? = nil, note: String? = nil, time: ReleaseTime? = nil,
    start: CivilDate? = nil, end: CivilDate? = nil, skip: [CivilDate] = [], url: WebURL? = nil,
    origin: Origin? = nil, id: String? = nil, every: Int = 1
  ) {
    self.weeks = Int32(clamping: max(1, every))
    self.title = title
    self.minutes = Self.stored(time)
    self.startDays = Self.stored(start)
    self.endDays = Self.stored(end)
    self.attached = Attached(
      origin: origin,
      extras: Extras.of(Extras.Fields(author: author, note: note, url: url, id: id, skip: skip)))
  }

  /// What its source said beyond this entry (its id, titles, airing, episode numbers);
  /// nil for an entry of Youbi's own format written in local time.
  public var origin: Origin? {
    get {
      switch attached {
      case .origin(let origin): origin
      case .both(let both): both.origin
      case .extras, nil: nil
      }
    }
    set { attached = Attached(origin: newValue, extras: extras) }
  }

  /// The author, note, link, id and breaks, when it has any; nil when it has none.
  var extras: Extras? {
    get {
      switch attached {
      case .extras(let extras): extras
      case .both(let both): both.extras
      case .origin, nil: nil
      }
    }
    set { attached = Attached(origin: origin, extras: newValue) }
  }

  /// The first date it appears.
  public var start: CivilDate? {
    get { Self.date(startDays) }
    set { startDays = Self.stored(newValue) }
  }
  /// The last date it appears; never before `start`.
  public var end: CivilDate? {
    get { Self.date(endDays) }
    set { endDays = Self.stored(newValue) }
  }
  /// When it comes out on its day, on the 30-hour clock (`25:30`).
  public var time: ReleaseTime? {
    get { minutes < 0 ? nil : ReleaseTime(minutes: Int(minutes)) }
    set { minutes = Self.stored(newValue) }
  }
  /// Dates with no release (a break), in file order.
  public var skip: [CivilDate] {
    get { extras?.fields.skip ?? [] }
    set { change { $0.skip = newValue } }
  }

  public var author: String? {
    get { extras?.fields.author }
    set { change { $0.author = newValue } }
  }
  public var note: String? {
    get { extras?.fields.note }
    set { change { $0.note = newValue } }
  }
  /// Its page on the web.
  public var url: WebURL? {
    get { extras?.fields.url }
    set { change { $0.url = newValue } }
  }
  /// Its own id in Youbi's format (`"id"`), which identifies it in place of its title.
  public var id: String? {
    get { extras?.fields.id }
    set { change { $0.id = newValue } }
  }
  /// It comes out every `every` weeks from its `start` (1: every week; more needs a `start`).
  public var every: Int {
    get { Int(weeks) }
    set { weeks = Int32(clamping: max(1, newValue)) }
  }

  /// A date as stored: its days since 1970, `Int32.min` for none (the first day there is,
  /// 5.8 million years back, is held as the one after it).
  private static func stored(_ date: CivilDate?) -> Int32 {
    date.map { Int32(clamping: max($0.daysSince1970, Int(Int32.min) + 1)) } ?? .min
  }

  private static func date(_ days: Int32) -> CivilDate? {
    days == .min ? nil : CivilDate(daysSince1970: Int(days))
  }

  /// A time as stored: its minutes, -1 for none.
  private static func stored(_ time: ReleaseTime?) -> Int16 {
    time.map { Int16($0.minutes) } ?? -1
  }

  /// Replaces the extras with `edit`'s change of them (the box is shared, never changed).
  private mutating func change(_ edit: (inout Extras.Fields) -> Void) {
    var fields = extras?.fields ?? Extras.Fields()
    edit(&fields)
    extras = Extras.of(fields)
  }

  /// An origin, extras, or both (an entry of a source given a note, rarely) in one
  /// reference: two would cost every entry eight bytes more (a stride of 48, not 40).
  enum Attached: Equatable, Sendable {
    case origin(Origin)
    case extras(Extras)
    case both(Both)

    /// What holds `origin` and `extras`; nil when neither is there.
    init?(origin: Origin?, extras: Extras?) {
      switch (origin, extras) {
      case (nil, nil): return nil
      case (let origin?, nil): self = .origin(origin)
      case (nil, let extras?): self = .extras(extras)
      case (let origin?, let extras?): self = .both(Both(origin: origin, extras: extras))
      }
    }
  }

  /// An origin and extras together.
  final class Both: Equatable, Sendable {
    let origin: Origin
    let extras: Extras

    init(origin: Origin, extras: Extras) {
      self.origin = origin
      self.extras = extras
    }

    static func == (a: Both, b: Both) -> Bool {
      a === b || (a.origin == b.origin && a.extras == b.extras)
    }
  }

  /// The fields few entries have, in a box of their own: an entry without them costs one
  /// nil reference, not their 72 bytes.
  final class Extras: Equatable, Sendable {
    struct Fields: Equatable, Sendable {
      var author: String?
      var note: String?
      var url: WebURL?
      var id: String?
      var skip: [CivilDate] = []
    }
    let fields: Fields

    private init(_ fields: Fields) { self.fields = fields }

    /// The box of `fields`; nil when none is set.
    static func of(_ fields: Fields) -> Extras? {
      fields == Fields() ? nil : Extras(fields)
    }

    static func == (a: Extras, b: Extras) -> Bool { a === b || a.fields == b.fields }
  }
}
