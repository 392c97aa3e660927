/// The POSIX TZ string at the end of a TZif file (`CET-1CEST,M3.5.0,M10.5.0/3`): a
/// standard offset, and perhaps a daylight-saving one with the yearly dates it begins
/// and ends.
///
/// The database's files may stop listing changes after a few years ("slim" data), so
/// every instant after the last listed change is answered from this rule.
struct TZRule: Sendable, Equatable {
  /// Seconds east of UTC in standard time.
  let standard: Int
  /// Daylight saving time: its offset and when, in each year, it begins and ends.
  let daylight: (offset: Int, start: Change, end: Change)?

  /// A yearly moment of change: a day of the year and a wall time (seconds, which may
  /// be negative or past 24 hours) read in the offset in force before the change.
  struct Change: Sendable, Equatable {
    enum Day: Sendable, Equatable {
      /// `Jn`: day 1…365, 29 February never counted.
      case julian(Int)
      /// `n`: day 0…365, counting 29 February.
      case zeroBased(Int)
      /// `Mm.w.d`: weekday `d` (0 Sunday) of week `w` (5 the last) of month `m`.
      case month(Int, week: Int, weekday: Int)
    }

    var day: Day
    var time: Int = 7200

    /// The days since 1970 of this change's day in `year`.
    func days(in year: Int) -> Int {
      let january = CivilDate(year: year, month: 1, day: 1)!.daysSince1970
      switch day {
      case .julian(let n):
        let leap = CivilDate(year: year, month: 2, day: 29) != nil
        return january + n - 1 + (leap && n >= 60 ? 1 : 0)
      case .zeroBased(let n):
        return january + n
      case .month(let month, let week, let weekday):
        let first = CivilDate(year: year, month: month, day: 1)!.daysSince1970
        let length = CivilDate.daysIn(month: month, year: year)
        // 1970-01-01 was a Thursday (4).
        var day = first + ((weekday - (first + 4)) % 7 + 7) % 7 + (week - 1) * 7
        while day >= first + length { day -= 7 }
        return day
      }
    }
  }

  /// A million years of seconds: instants past it are answered as at it.
  static let reach: Int64 = 1_000_000 * 31_556_952

  static func == (a: TZRule, b: TZRule) -> Bool {
    a.standard == b.standard && a.daylight?.offset == b.daylight?.offset
      && a.daylight?.start == b.daylight?.start && a.daylight?.end == b.daylight?.end
  }

  /// Seconds east of UTC at the instant `utc`.
  func offset(at utc: Int64) -> Int {
    guard let daylight else { return standard }
    // Any instant, even at the ends of Int64: the rule's years are the calendar's.
    let near = min(max(utc, -Self.reach), Self.reach)
    let year = CivilDate(daysSince1970: Int((near + Int64(standard)).floorDivided(by: 86_400))).year
    func instant(_ change: Change, from offset: Int) -> Int64 {
      Int64(change.days(in: year)) * 86_400 + Int64(change.time - offset)
    }
    let start = instant(daylight.start, from: standard)
    let end = instant(daylight.end, from: daylight.offset)
    let inside = start < end ? (start <= near && near < end) : (near < end || near >= start)
    return inside ? daylight.offset : standard
  }
}

extension Int64 {
  /// The quotient rounded down (so days before 1970 fall on the right day).
  func floorDivided(by divisor: Int64) -> Int64 {
    let (q, r) = quotientAndRemainder(dividingBy: divisor)
    return r < 0 ? q - 1 : q
  }
}

extension TZRule {
  /// Reads a TZ string; nil unless it is one (RFC 8536 §3.3, with its hours up to 167).
  init?(_ text: String) {
    var scanner = Scanner(text: Array(text.utf8))
    guard scanner.name(), let west = scanner.offset() else { return nil }
    standard = -west
    guard !scanner.atEnd else {
      daylight = nil
      return
    }
    guard scanner.name() else { return nil }
    var offset = standard + 3600
    if let dstWest = scanner.offset() { offset = -dstWest }
    var start = Change(day: .month(3, week: 2, weekday: 0))
    var end = Change(day: .month(11, week: 1, weekday: 0))
    if !scanner.atEnd {
      guard scanner.take(","), let first = scanner.change(), scanner.take(","),
        let second = scanner.change()
      else { return nil }
      (start, end) = (first, second)
    }
    guard scanner.atEnd else { return nil }
    daylight = (offset, start, end)
  }
}

/// Reads a TZ string's parts from left to right.
private struct Scanner {
  let text: [UInt8]
  var at = 0

  var atEnd: Bool { at == text.count }

  mutating func take(_ character: Character) -> Bool {
    guard !atEnd, text[at] == character.asciiValue! else { return false }
    at += 1
    return true
  }

  /// A zone abbreviation: three or more letters, or `<…>` of letters, digits and `+-`.
  mutating func name() -> Bool {
    let start = at
    if take("<") {
      while !atEnd, text[at] != UInt8(ascii: ">") {
        let c = Character(UnicodeScalar(text[at]))
        guard c.isASCII, c.isLetter || c.isNumber || c == "+" || c == "-" else { return false }
        at += 1
      }
      return at - start >= 4 && take(">")
    }
    while !atEnd, Character(UnicodeScalar(text[at])).isASCII,
      Character(UnicodeScalar(text[at])).isLetter
    {
      at += 1
    }
    return at - start >= 3
  }

  /// `[+-]hh[:mm[:ss]]` in seconds; hours up to `limit`.
  mutating func offset(limit: Int = 24) -> Int? {
    let negative = take("-")
    if !negative { _ = take("+") }
    guard let hours = number(), hours <= limit else { return nil }
    var seconds = hours * 3600
    if take(":") {
      guard let minutes = number(), minutes < 60 else { return nil }
      seconds += minutes * 60
      if take(":") {
        guard let rest = number(), rest < 60 else { return nil }
        seconds += rest
      }
    }
    return negative ? -seconds : seconds
  }

  /// `Jn`, `n` or `Mm.w.d`, then perhaps `/time`.
  mutating func change() -> TZRule.Change? {
    var change: TZRule.Change
    if take("J") {
      guard let n = number(), (1...365).contains(n) else { return nil }
      change = .init(day: .julian(n))
    } else if take("M") {
      guard let m = number(), (1...12).contains(m), take("."), let w = number(),
        (1...5).contains(w), take("."), let d = number(), d <= 6
      else { return nil }
      change = .init(day: .month(m, week: w, weekday: d))
    } else {
      guard let n = number(), n <= 365 else { return nil }
      change = .init(day: .zeroBased(n))
    }
    if take("/") {
      guard let time = offset(limit: 167) else { return nil }
      change.time = time
    }
    return change
  }

  /// Up to three decimal digits.
  private mutating func number() -> Int? {
    let start = at
    var value = 0
    while !atEnd, at - start < 3, (48...57).contains(text[at]) {
      value = value * 10 + Int(text[at] - 48)
      at += 1
    }
    return at > start ? value : nil
  }
}
