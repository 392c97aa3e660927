/// The chapter or episode number an item's title begins with: "Chapter 12", "Ch. 12",
/// "Episode 12", "Ep. 12", "#12" (any case), also after the serial's own title ("Tower
/// of God - Ep. 12"). Only whole numbers: "Chapter 12.5" has none, and none is invented.
enum FeedChapter {
  /// The words a number follows, longest first so "chapter" is not read as "ch".
  static let markers = ["chapter", "episode", "ch.", "ep.", "ch", "ep", "#"]

  /// The number `title` begins with after a marker; nil when it has none.
  static func number(in title: String) -> Int? {
    let lower = Substring(title.lowercased())
    return number(after: lower)
  }

  /// The number after a marker at the start of `text` (white space allowed between).
  static func number(after text: Substring) -> Int? {
    let text = text.drop { $0 == " " }
    for marker in markers where text.hasPrefix(marker) {
      let rest = text.dropFirst(marker.count).drop { $0 == " " }
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty, digits.count <= 6 else { continue }
      let tail = rest.dropFirst(digits.count)
      // "12.5" is no whole number; "12a" is no number at all.
      if tail.first == ".", tail.dropFirst().first?.isNumber == true { return nil }
      if let next = tail.first, next.isLetter { continue }
      return Int(digits)
    }
    return nil
  }

  /// The number in `title` after the serial's title `serial` and a separator, or at its
  /// start (`number(in:)`).
  static func number(in title: String, after serial: String?) -> Int? {
    if let found = number(in: title) { return found }
    guard let serial, !serial.isEmpty else { return nil }
    let lower = title.lowercased()
    guard lower.hasPrefix(serial.lowercased()) else { return nil }
    let rest = lower.dropFirst(serial.count).drop { " -–—:|".contains($0) }
    return number(after: rest)
  }
}
