import JSON
import Schedule
import TerminalUI

/// A `schedule` line: a file or a URL, and its options after it.
///
///     schedule = ~/anime.ics kind=anime
///     schedule = https://example.org/week.json refresh=1h kind=manga
///     schedule = "~/My Week.json" kind=other
///     schedule = ~/season.json follow=all
///
/// `kind=` names what the section holds, so its marks say watched, read or done; it
/// wins over the file's own `"kind"`. `follow=all` says every serial of it is followed
/// (`Following`), as a week of Youbi's own is. `refresh=` is a URL's own refresh time. A path
/// may hold spaces: only its last words that start with an option's name are options
/// (a file whose name ends so is written in double quotes).
extension Config {
  /// The options a `schedule` line takes after its file or URL.
  private static let optionNames = ["refresh=", "kind=", "follow="]

  /// The `schedule` line's value (after `=`) as a path or URL and its options.
  func schedulePath(_ text: Substring, line: Int, home: String?) throws(SettingKey.BadValue)
    -> SchedulePath
  {
    var (value, options) = try Self.splitOptions(text)
    let isURL = ScheduleSource.isWrittenAsURL(value)
    if isURL {
      // A URL holds no space: every word after it is an option.
      let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
      value = words[0]
      options = Array(words.dropFirst()) + options
      do {
        _ = try WebURL(checking: value)
      } catch {
        throw SettingKey.BadValue(
          reason: "\(error): \"\(SafeText.sanitize(String(value.prefix(80))))\"")
      }
    }
    var path = SchedulePath(isURL ? value : try expand(value, home: home), line: line)
    for option in options {
      let lower = option.lowercased()
      if lower.hasPrefix("refresh=") {
        guard isURL else {
          throw SettingKey.BadValue(reason: "refresh= is for a URL, not a file")
        }
        path.refreshSeconds = try SettingKey.refresh.refreshSeconds(
          String(option.dropFirst("refresh=".count)))
      } else if lower.hasPrefix("kind=") {
        let word = String(option.dropFirst("kind=".count))
        guard let kind = SectionKind(rawValue: word.lowercased()) else {
          throw SettingKey.BadValue(
            reason:
              "kind: expected anime, manga or other, found "
              + SafeText.sanitize(Excerpt.quoted(String(word.prefix(40)))))
        }
        path.kind = kind
      } else if lower.hasPrefix("follow=") {
        let word = String(option.dropFirst("follow=".count))
        guard word.lowercased() == "all" else {
          throw SettingKey.BadValue(
            reason:
              "follow: expected all, found "
              + SafeText.sanitize(Excerpt.quoted(String(word.prefix(40)))))
        }
        path.followsAll = true
      } else {
        let expected = (isURL ? "refresh=TIME, " : "") + "kind=KIND or follow=all"
        throw SettingKey.BadValue(
          reason:
            "unknown option \"\(SafeText.sanitize(String(option.prefix(40))))\" after the "
            + (isURL ? "URL" : "path") + "; expected \(expected)")
      }
    }
    return path
  }

  /// The value and the options after it: in double quotes, what is inside them, and
  /// every word after them; else the value without its last words that start with
  /// an option's name.
  private static func splitOptions(_ text: Substring) throws(SettingKey.BadValue) -> (
    String, [String]
  ) {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    let rest = text.drop(while: blank)
    if rest.first == "\"" {
      let inside = rest.dropFirst()
      guard let close = inside.firstIndex(of: "\"") else {
        throw SettingKey.BadValue(reason: "a quote is never closed")
      }
      let after = try value(inside[inside.index(after: close)...])
      let words = after.split(whereSeparator: blank).map(String.init)
      if words.contains(where: { word in
        !optionNames.contains(where: { word.lowercased().hasPrefix($0) })
      }) {
        throw SettingKey.BadValue(
          reason: "text after the closing quote: \(Excerpt.quoted(after.trimmingBlanks))")
      }
      return (String(inside[..<close]), words)
    }
    var full = Substring(try value(rest))
    var options: [String] = []
    // Peel the last word off while it is an option (and something is left before it).
    while let space = full.lastIndex(where: blank) {
      let last = full[full.index(after: space)...]
      guard optionNames.contains(where: { last.lowercased().hasPrefix($0) }) else { break }
      options.insert(String(last), at: 0)
      full = full[..<space]
      while let end = full.last, blank(end) { full = full.dropLast() }
    }
    return (String(full), options)
  }
}
