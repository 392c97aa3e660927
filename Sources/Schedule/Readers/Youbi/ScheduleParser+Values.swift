import JSON

/// Entry field values that are more than a string: weeks, dates, links.
extension ScheduleParser {
  /// A whole number of weeks from 1 to 52 (`every`); nil for `null`.
  mutating func weeks(path: @autoclosure () -> String, valid: inout Bool) throws(Diagnostic)
    -> Int?
  {
    let expected = "a whole number of weeks from 1 to 52"
    switch reader.nextKind {
    case .null:
      try readNull()
      return nil
    case .number:
      let range: Range<Int>
      do { range = try reader.readNumber() } catch { throw diagnostic(error, path: nil) }
      let text = String(decoding: UnsafeBufferPointer(rebasing: reader.bytes[range]), as: UTF8.self)
      if let n = Int(text), (1...52).contains(n) { return n }
      try problem(
        at: range.lowerBound, path: path(), "expected \(expected), found \(Excerpt.cut(text))")
    default:
      try mismatch(path: path(), "expected \(expected), found \(reader.found)")
    }
    valid = false
    return nil
  }

  mutating func date(path: @autoclosure () -> String, valid: inout Bool) throws(Diagnostic)
    -> CivilDate?
  {
    let expected = "a date \"YYYY-MM-DD\""
    guard let (text, at) = try optionalText(path: path(), expected: expected, valid: &valid) else {
      return nil
    }
    return try date(text, at: at, path: path(), valid: &valid)
  }

  mutating func date(_ text: String, at: Int, path: @autoclosure () -> String, valid: inout Bool)
    throws(Diagnostic) -> CivilDate?
  {
    do {
      return try CivilDate(parsing: text)
    } catch {
      let quoted = Excerpt.quoted(text)
      let range = "\(CivilDate.supported.lowerBound) to \(CivilDate.supported.upperBound)"
      let message =
        switch error {
        case .notADate: "expected a date \"YYYY-MM-DD\", found \(quoted)"
        case .noSuchDay: "no such date \(quoted)"
        case .unsupported: "date \(quoted) is outside \(range)"
        }
      try problem(at: at, path: path(), message)
      valid = false
      return nil
    }
  }

  /// An array of dates; `null` counts as none.
  mutating func dates(path: @autoclosure () -> String, valid: inout Bool) throws(Diagnostic)
    -> [CivilDate]
  {
    switch reader.nextKind {
    case .array: break
    case .null:
      try readNull()
      return []
    default:
      try mismatch(
        path: path(), "expected an array of dates \"YYYY-MM-DD\", found \(reader.found)")
      valid = false
      return []
    }
    try beginArray()
    var dates: [CivilDate] = []
    var index = 0
    while try nextElement() {
      func elementPath() -> String { "\(path())[\(index)]" }
      if reader.nextKind == .string {
        let at = reader.offset
        let text = try readString()
        if let date = try date(text, at: at, path: elementPath(), valid: &valid) {
          dates.append(date)
        }
      } else {
        try mismatch(path: elementPath(), "expected a date \"YYYY-MM-DD\", found \(reader.found)")
        valid = false
      }
      index += 1
    }
    return dates
  }

  mutating func webURL(path: @autoclosure () -> String, valid: inout Bool) throws(Diagnostic)
    -> WebURL?
  {
    let expected = "an http or https URL"
    guard let (text, at) = try optionalText(path: path(), expected: expected, valid: &valid) else {
      return nil
    }
    do {
      return try WebURL(checking: text)
    } catch {
      try problem(at: at, path: path(), "\(error): \(Excerpt.quoted(text))")
      valid = false
      return nil
    }
  }
}
