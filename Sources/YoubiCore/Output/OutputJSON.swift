import JSON
import Schedule

/// `--format json`: the entries as one JSON document, schema version 1
/// (docs/Output.md describes every field).
///
/// ```json
/// {"format": "youbi-entries", "version": 1, "kind": "next",
///  "entries": [{"section": "Anime", "weekday": "saturday", "date": "2026-12-05",
///               "time": "23:30", "at": "2026-12-05T23:30:00+09:00", "title": "Frieren",
///               "titles": [{"language": null, "text": "Frieren"}], "author": null,
///               "note": null,
///               "url": "https://example.org/", "episode": 8, "starred": true,
///               "read": false}]}
/// ```
///
/// Every member is always there (`null` when unknown), so a script can read any of
/// them. Strings are escaped by `JSONWriter`: no control character, quote or line
/// separator from a title can break the document.
public enum OutputJSON {
  /// The version of the schema; a change to it bumps this.
  public static let version = 1

  /// What the document lists.
  public enum Kind: String, Sendable {
    /// `--print`: the week's dated entries.
    case week
    /// `--next`.
    case next
    /// `--upcoming`.
    case upcoming
  }

  /// The document, with a trailing newline.
  public static func document(_ entries: [OutputEntry], kind: Kind) -> String {
    let top = JSONValue.object([
      .init("format", .string("youbi-entries")),
      .init("version", .number(version)),
      .init("kind", .string(kind.rawValue)),
      .init("entries", .array(entries.map(object))),
    ])
    // The member names are fixed and distinct: writing cannot fail.
    return ((try? JSONWriter(indent: 2).string(top)) ?? "") + "\n"
  }

  /// Every title the source gives, each with its language (`ja`, `en`, …); a schedule
  /// without them gives its one title, of no known language.
  static func titles(_ serial: Serial) -> JSONValue {
    let known = serial.origin?.titles ?? []
    let titles = known.isEmpty ? [(nil, serial.title)] : known.map { ($0.language, $0.text) }
    return .array(
      titles.map { language, text in
        .object([
          .init("language", language.map { .string($0) } ?? .null), .init("text", .string(text)),
        ])
      })
  }

  /// One entry's object.
  static func object(_ entry: OutputEntry) -> JSONValue {
    let serial = entry.serial
    func text(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
    return .object([
      .init("section", .string(entry.section)),
      .init("weekday", .string(entry.date.weekday.name)),
      .init("date", .string(entry.date.description)),
      .init("time", text(serial.time?.description)),
      .init("at", text(entry.timestamp)),
      .init("title", .string(serial.title)),
      .init("titles", titles(serial)),
      .init("author", text(serial.author)),
      .init("note", text(serial.note)),
      .init("url", text(serial.url?.text)),
      .init("episode", entry.episode.map { .number($0) } ?? .null),
      .init("starred", .bool(entry.starred)),
      .init("read", .bool(entry.read)),
    ])
  }
}
