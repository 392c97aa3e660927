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

  /// The document, with a trailing newline: written as it goes (`JSONStream`), in the
  /// bytes `tree(_:kind:)` writes.
  public static func document(_ entries: [OutputEntry], kind: Kind) -> String {
    String(decoding: utf8(entries, kind: kind), as: UTF8.self)
  }

  /// `document`'s UTF-8: no `String` made of it (whose check of every byte would cost
  /// more than writing them).
  public static func utf8(_ entries: [OutputEntry], kind: Kind) -> [UInt8] {
    var all: [UInt8] = []
    write({ each in entries.forEach(each) }, kind: kind, to: { all.append(contentsOf: $0) })
    return all
  }

  /// `document`'s UTF-8 handed to `sink` in pieces of about `piece` bytes as it is
  /// written, for standard output: the document is never whole in memory (a week of
  /// bangumi-data is half a megabyte). `entries` calls its argument with each entry, in
  /// order, made as it goes (a function, not a generic sequence: a lazy one through an
  /// existential cost the runtime's metadata lookups on every entry, a third of the run).
  public static func write(
    _ entries: ((OutputEntry) -> Void) -> Void, kind: Kind, piece: Int = 65_536,
    to sink: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    // An entry is under a kilobyte; the buffer grows past that only for long titles.
    var out = JSONStream(indent: 2, capacity: piece + 1024)
    out.beginObject()
    out.key(Key.format)
    out.string("youbi-entries")
    out.key(Key.version)
    out.number(version)
    out.key(Key.kind)
    out.string(kind.rawValue)
    out.key(Key.entries)
    out.beginArray()
    // (The pieces go out while `entries` runs, never into it: no re-entry.)
    withoutActuallyEscaping(sink) { sink in
      entries { entry in
        write(entry, into: &out)
        if out.count >= piece { out.drain(sink) }
      }
    }
    out.endArray()
    out.endObject()
    out.endLine()
    out.drain(sink)
  }

  /// One entry's object, as `object(_:)` has it.
  static func write(_ entry: OutputEntry, into out: inout JSONStream) {
    let serial = entry.serial
    out.beginObject()
    out.member(Key.section, entry.section)
    out.member(Key.weekday, entry.date.weekday.name)
    out.member(Key.date, entry.date.description)
    out.member(Key.time, serial.time?.description)
    out.member(Key.at, entry.timestamp)
    out.member(Key.title, serial.title)
    out.key(Key.titles)
    out.beginArray()
    let known = serial.origin?.titles ?? []
    if known.isEmpty {
      out.beginObject()
      out.member(Key.language, nil)
      out.member(Key.text, serial.title)
      out.endObject()
    }
    for title in known {
      out.beginObject()
      out.member(Key.language, title.language)
      out.member(Key.text, title.text)
      out.endObject()
    }
    out.endArray()
    out.member(Key.author, serial.author)
    out.member(Key.note, serial.note)
    out.member(Key.url, serial.url?.text)
    out.key(Key.episode)
    if let episode = entry.episode { out.number(episode) } else { out.null() }
    out.key(Key.starred)
    out.bool(entry.starred)
    out.key(Key.read)
    out.bool(entry.read)
    out.endObject()
  }

  /// The members' keys, made once (`JSONStream.Key`): a document repeats them for every
  /// entry.
  enum Key {
    static let format = JSONStream.Key("format")
    static let version = JSONStream.Key("version")
    static let kind = JSONStream.Key("kind")
    static let entries = JSONStream.Key("entries")
    static let section = JSONStream.Key("section")
    static let weekday = JSONStream.Key("weekday")
    static let date = JSONStream.Key("date")
    static let time = JSONStream.Key("time")
    static let at = JSONStream.Key("at")
    static let title = JSONStream.Key("title")
    static let titles = JSONStream.Key("titles")
    static let language = JSONStream.Key("language")
    static let text = JSONStream.Key("text")
    static let author = JSONStream.Key("author")
    static let note = JSONStream.Key("note")
    static let url = JSONStream.Key("url")
    static let episode = JSONStream.Key("episode")
    static let starred = JSONStream.Key("starred")
    static let read = JSONStream.Key("read")
  }

  /// The document as a tree of values, written whole: what `document` writes as it goes.
  static func tree(_ entries: [OutputEntry], kind: Kind) -> String {
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
