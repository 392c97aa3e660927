import JSON

/// Content lines: the syntax of RFC 5545 §3.1.
extension ICalendar {
  /// One unfolded content line: `NAME;PARAM=VALUE:value`.
  struct ContentLine: Equatable {
    /// The property name, in upper case.
    var name: String
    /// Parameters in order, names in upper case, values unquoted.
    var parameters: [(name: String, value: String)]
    /// The value as written (still escaped, for text).
    var value: String
    /// The first physical line of the content line, from 1.
    var line: Int

    /// The value of parameter `name`, if given.
    func parameter(_ name: String) -> String? {
      parameters.first { $0.name == name }?.value
    }

    static func == (a: ContentLine, b: ContentLine) -> Bool {
      a.name == b.name && a.value == b.value && a.line == b.line
        && a.parameters.map(\.name) == b.parameters.map(\.name)
        && a.parameters.map(\.value) == b.parameters.map(\.value)
    }
  }

  /// The unfolded content lines of `bytes`.
  ///
  /// Lines end in CRLF or LF; a line that starts with a space or a tab continues the one
  /// before (RFC 5545 §3.1). Unfolding works on bytes, so a UTF-8 character that a
  /// 75-octet fold cut in two is whole again before the text is decoded. Blank lines are
  /// skipped.
  ///
  /// - Complexity: O(n), and memory near n: a line that is not folded is read where it
  ///   lies, and a folded one is copied once into a buffer of its exact size.
  static func contentLines(_ bytes: [UInt8]) throws(Diagnostic) -> [ContentLine] {
    var unread = Leftovers()
    return try contentLines(bytes, leftovers: &unread)
  }

  /// The unfolded content lines of `bytes`, leaving out (and counting in `leftovers`)
  /// each line that cannot be read: a calendar app's stray line must not cost the
  /// whole calendar. A `BEGIN` or `END` line that cannot be read breaks the structure,
  /// and is an error.
  static func contentLines(_ bytes: [UInt8], leftovers: inout Leftovers) throws(Diagnostic)
    -> [ContentLine]
  {
    var lines: [ContentLine] = []
    func read(_ text: ArraySlice<UInt8>, line: Int) throws(Diagnostic) {
      do {
        lines.append(try contentLine(text, line: line))
      } catch {
        if isStructure(text) { throw error }
        leftovers.unreadLines.append((line, error.message))
      }
    }
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var number = 0
    while start < bytes.count {
      number += 1
      let (stop, next) = physicalLine(bytes, at: start)
      if isContinuation(bytes, start) {
        // Only a blank line may start with a space here: a continuation follows a line.
        if !bytes[start..<stop].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
          leftovers.unreadLines.append(
            (number, "a continuation line (starting with a space) with no line before it"))
        }
        start = next
        continue
      }
      let first = number
      guard stop > start, isContinuation(bytes, next) else {
        if stop > start { try read(bytes[start..<stop], line: first) }
        start = next
        continue
      }
      let (logical, after) = unfolded(bytes, start: start, stop: stop, number: &number)
      try read(logical[...], line: first)
      start = after
    }
    return lines
  }

  /// The physical line at `start`: where its text ends (before CR LF) and where the next
  /// one starts.
  static func physicalLine(_ bytes: [UInt8], at start: Int) -> (stop: Int, next: Int) {
    var end = start
    while end < bytes.count, bytes[end] != 0x0A { end += 1 }
    var stop = end
    if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
    return (stop, end + 1)
  }

  /// Whether the line at `at` continues the one before (it starts with a space or tab).
  static func isContinuation(_ bytes: [UInt8], _ at: Int) -> Bool {
    at < bytes.count && (bytes[at] == 0x20 || bytes[at] == 0x09)
  }

  /// The folded line whose first piece is `start..<stop`, its pieces joined (measured,
  /// then copied once), and where the line after it starts; `number` counts the pieces.
  static func unfolded(_ bytes: [UInt8], start: Int, stop: Int, number: inout Int)
    -> (line: [UInt8], next: Int)
  {
    let next = physicalLine(bytes, at: start).next
    var size = stop - start
    var at = next
    while isContinuation(bytes, at) {
      let (pieceStop, pieceNext) = physicalLine(bytes, at: at)
      size += pieceStop - at - 1
      at = pieceNext
    }
    var logical: [UInt8] = []
    logical.reserveCapacity(size)
    logical += bytes[start..<stop]
    at = next
    while isContinuation(bytes, at) {
      number += 1
      let (pieceStop, pieceNext) = physicalLine(bytes, at: at)
      logical += bytes[(at + 1)..<pieceStop]
      at = pieceNext
    }
    return (logical, at)
  }

  /// Whether an unfolded line is a `BEGIN` or `END` line (its name, in any case, then
  /// anything but a name character): the lines that make the structure.
  static func isStructure(_ text: ArraySlice<UInt8>) -> Bool {
    for word in ["BEGIN", "END"] {
      let name = Array(word.utf8)
      guard text.count >= name.count,
        zip(name, text.prefix(name.count)).allSatisfy({ $0 == $1 & 0xDF })
      else { continue }
      let after = text.dropFirst(name.count).first
      if let after,
        (0x41...0x5A).contains(after & 0xDF) || (0x30...0x39).contains(after)
          || after == 0x2D
      {
        continue
      }
      return true
    }
    return false
  }

  /// Reads one unfolded line: name, parameters, value.
  ///
  /// Works on the bytes (every delimiter is ASCII, so it never splits a UTF-8
  /// character) and decodes only the parameter values and the value, each once.
  static func contentLine(_ bytes: ArraySlice<UInt8>, line: Int) throws(Diagnostic)
    -> ContentLine
  {
    var scanner = LineScanner(bytes: bytes, at: bytes.startIndex, line: line)
    let property = try scanner.name()
    var parameters: [(name: String, value: String)] = []
    while scanner.take(UInt8(ascii: ";")) {
      let parameter = try scanner.name()
      guard scanner.take(UInt8(ascii: "=")) else {
        throw error(
          line, "parameter \(Excerpt.cut(parameter)) of \(Excerpt.cut(property)) has no '='")
      }
      let values = try scanner.parameterValues(
        "parameter \(Excerpt.cut(parameter)) of \(Excerpt.cut(property))")
      parameters.append((parameter, values.joined(separator: ",")))
    }
    guard scanner.take(UInt8(ascii: ":")) else {
      throw error(line, "\(Excerpt.cut(property)) has no ':' before its value")
    }
    let value = try scanner.decode(bytes[scanner.at...])
    return ContentLine(name: property, parameters: parameters, value: value, line: line)
  }
}

/// Reads the parts of one unfolded content line from left to right.
private struct LineScanner {
  let bytes: ArraySlice<UInt8>
  var at: Int
  /// The line's number, for messages.
  let line: Int

  var end: Int { bytes.endIndex }

  /// Steps over `byte` when it is next.
  mutating func take(_ byte: UInt8) -> Bool {
    guard at < end, bytes[at] == byte else { return false }
    at += 1
    return true
  }

  /// `part` as text; an error unless it is UTF-8.
  func decode(_ part: ArraySlice<UInt8>) throws(Diagnostic) -> String {
    guard let text = String(validating: part, as: UTF8.self) else {
      throw ICalendar.error(line, "not UTF-8")
    }
    return text
  }

  static func isNameByte(_ b: UInt8) -> Bool {
    (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || (0x30...0x39).contains(b)
      || b == 0x2D
  }

  /// A property or parameter name, upper-cased.
  mutating func name() throws(Diagnostic) -> String {
    let from = at
    while at < end, Self.isNameByte(bytes[at]) { at += 1 }
    guard at > from else {
      var found = "the end of the line"
      if at < end {
        var next = at + 1
        while next < end, bytes[next] & 0xC0 == 0x80 { next += 1 }
        found = "'\(try decode(bytes[at..<next]))'"
      }
      throw ICalendar.error(line, "expected a property or parameter name, found \(found)")
    }
    return String(decoding: bytes[from..<at], as: UTF8.self).uppercased()
  }

  /// A parameter's comma-separated values, each quoted or not; `what` names the
  /// parameter in a message.
  mutating func parameterValues(_ what: @autoclosure () -> String) throws(Diagnostic)
    -> [String]
  {
    var values: [String] = []
    repeat {
      _ = take(UInt8(ascii: ","))
      if take(UInt8(ascii: "\"")) {
        let from = at
        while at < end, bytes[at] != UInt8(ascii: "\"") { at += 1 }
        guard at < end else { throw ICalendar.error(line, "\(what()): a quote is never closed") }
        values.append(try decode(bytes[from..<at]))
        at += 1
      } else {
        let from = at
        while at < end,
          ![UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: ",")].contains(bytes[at])
        {
          at += 1
        }
        values.append(try decode(bytes[from..<at]))
      }
    } while at < end && bytes[at] == UInt8(ascii: ",")
    return values
  }
}
