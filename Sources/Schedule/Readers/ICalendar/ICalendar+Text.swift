/// Text as events carry it: on one line, the first line, trimmed.
extension ICalendar {
  /// Text on one line: line breaks become spaces, and the ends are trimmed.
  static func oneLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isNewline) else { return text.trimmingSpaces }
    return text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingSpaces
  }

  /// The first line of `text` that is not blank, trimmed; nil when there is none.
  ///
  /// - Complexity: O(length of the lines up to it); the text of a one-line `text` is
  ///   shared, not copied.
  static func firstLine(_ text: String) -> String? {
    var rest = Substring(text)
    while !rest.isEmpty {
      let cut = rest.unicodeScalars.firstIndex(where: isNewline) ?? rest.endIndex
      let line = rest[..<cut].trimmingSpaces
      if !line.isEmpty { return line }
      rest = cut < rest.endIndex ? rest[rest.unicodeScalars.index(after: cut)...] : ""
    }
    return nil
  }

  /// Whether `scalar` ends a line (as `Character.isNewline` says, a scalar at a time).
  static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
    default: false
    }
  }
}

extension StringProtocol {
  /// Without spaces and tabs at either end.
  var trimmingSpaces: String {
    var s = Substring(self)
    while let c = s.unicodeScalars.first, c == " " || c == "\t" { s.unicodeScalars.removeFirst() }
    while let c = s.unicodeScalars.last, c == " " || c == "\t" { s.unicodeScalars.removeLast() }
    return String(s)
  }
}
