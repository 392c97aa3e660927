import JSON

/// When a bangumi-data item airs: its `broadcast`, `begin` and `end`.
extension BangumiDataReader {
  /// The airing of `item`; nil (after a warning, or counted as left out) when it has
  /// none this reader can show. `quiet`: one with neither `begin` nor `broadcast` is not
  /// counted as left out (its platforms' slots may place it).
  mutating func airing(_ item: Item, path: String, quiet: Bool = false) -> Airing? {
    var last: Int64? = nil
    if let end = item.end, !end.text.isEmpty {
      guard let instant = ISOInstant.parse(end.text) else {
        problems.warn(
          &reader, at: end.at, path: path + ".end",
          "expected an ISO 8601 instant or \"\", found \(quoted(end.text))")
        return nil
      }
      last = instant
    }
    if let broadcast = item.broadcast, !broadcast.text.isEmpty {
      guard let (first, repeats, days) = Self.interval(broadcast.text) else {
        problems.warn(
          &reader, at: broadcast.at, path: path + ".broadcast",
          "expected a repeating interval such as \"R/2024-10-06T08:00:00.000Z/P7D\", found \(quoted(broadcast.text))"
        )
        return nil
      }
      if days == 0 { return .once(first) }
      guard days == 7 || days == 1 else {
        problems.leave(
          out: "broadcast periods other than P7D, P1D and P0D", line: line(broadcast.at))
        return nil
      }
      if let repeats {
        let end = first + Int64(max(0, repeats - 1) * days) * 86_400
        last = min(last ?? end, end)
      }
      // `end` may be the date of the last airing at midnight, or its end: a day of
      // slack keeps a last weekly airing that day, and cannot take in one more.
      if days == 7, let end = last { last = end + 86_399 }
      return .repeating(first: first, everyDays: days, last: last)
    }
    guard let begin = item.begin, !begin.text.isEmpty else {
      if !quiet { problems.leave(out: "no \"begin\" and no \"broadcast\"", line: nil) }
      return nil
    }
    guard let instant = ISOInstant.parse(begin.text) else {
      problems.warn(
        &reader, at: begin.at, path: path + ".begin",
        "expected an ISO 8601 instant, found \(quoted(begin.text))")
      return nil
    }
    return .once(instant)
  }

  mutating func line(_ at: Int) -> Int { reader.position(of: at).line }

  /// A value quoted for a message, cut short.
  func quoted(_ text: String) -> String { Excerpt.quoted(text) }

  /// Reads `R/<instant>/P<n>D` (or `R<count>/…`, or `P<n>W`): the first instant, the
  /// count when given, and the period in days, -1 for a period of another unit (`P1M`,
  /// `PT12H`) so the caller can count it as left out; nil for anything else.
  static func interval(_ text: String) -> (first: Int64, repeats: Int?, days: Int)? {
    var text = text
    return text.withUTF8 { u -> (first: Int64, repeats: Int?, days: Int)? in
      guard let slash = u.firstIndex(of: UInt8(ascii: "/")),
        let second = u[(slash + 1)...].firstIndex(of: UInt8(ascii: "/")),
        u.first == UInt8(ascii: "R")
      else { return nil }
      func number(_ range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.count < 10 else { return nil }
        var n = 0
        for i in range {
          guard u[i] >= 0x30 && u[i] <= 0x39 else { return nil }
          n = n * 10 + Int(u[i] - 0x30)
        }
        return n
      }
      var repeats: Int? = nil
      if slash > 1 {
        guard let n = number(1..<slash) else { return nil }
        repeats = n
      }
      guard
        let first = ISOInstant.parse(
          utf8: UnsafeBufferPointer(rebasing: u[(slash + 1)..<second]))
      else { return nil }
      let period = (second + 1)..<u.count
      guard period.count >= 2, u[period.lowerBound] == UInt8(ascii: "P") else { return nil }
      let digits = (period.lowerBound + 1)..<(u.count - 1)
      switch u[u.count - 1] {
      case UInt8(ascii: "D"): return number(digits).map { (first, repeats, $0) }
      case UInt8(ascii: "W"): return number(digits).map { (first, repeats, $0 * 7) }
      default: return (first, repeats, -1)
      }
    }
  }
}
