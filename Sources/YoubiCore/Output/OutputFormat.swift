/// How `--print`, `--next` and `--upcoming` write what they find.
public enum OutputFormat: String, CaseIterable, Sendable {
  /// Lines for a person (and `grep`).
  case text
  /// One document with a versioned schema (docs/Output.md).
  case json
  /// An RFC 5545 calendar.
  case ics
}
