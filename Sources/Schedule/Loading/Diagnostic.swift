/// One problem found in a schedule: an error, or a warning that does not stop
/// it from loading.
///
/// It is an `Error` so the parser can throw the one that stops it.
///
/// `message` keeps text quoted from the input raw (cut to a short prefix):
/// whoever prints a diagnostic makes it safe for the terminal.
public struct Diagnostic: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Severity: String, Equatable, Sendable {
    case error, warning
  }

  public var severity: Severity
  /// Line and column (from 1; columns count characters) where the problem
  /// is; nil for problems with the whole input, such as an empty file.
  public var line: Int?
  public var column: Int?
  /// Where in the document, such as `days.monday[2]` or
  /// `sections[1].days.fri[0].url`; nil at the top level or for JSON errors.
  public var path: String?
  /// What is wrong, one line, without the place.
  public var message: String

  public init(
    _ severity: Severity, line: Int? = nil, column: Int? = nil, path: String? = nil,
    _ message: String
  ) {
    self.severity = severity
    self.line = line
    self.column = column
    self.path = path.map { Self.held($0, to: Self.maxPath) }
    self.message = Self.held(message, to: Self.maxMessage)
  }

  /// The longest path and message kept, in Unicode scalars: a net under the 40-scalar
  /// excerpts (`Excerpt`) that every quoted value is cut to, so no input makes a long
  /// line, whatever a message forgot to cut.
  static let maxPath = 100
  static let maxMessage = 200

  /// `text` cut to its first `limit` scalars and `…` when longer.
  static func held(_ text: String, to limit: Int) -> String {
    let scalars = text.unicodeScalars
    guard scalars.count > limit else { return text }
    return String(String.UnicodeScalarView(scalars.prefix(limit - 1))) + "…"
  }

  public var isError: Bool { severity == .error }

  /// One line for `file`, the way compilers write them so editors can jump
  /// there: `week.json:3:5: days.monday[2]: unknown field "autor"; …`, with
  /// `warning: ` before the path for warnings.
  public func line(file: String) -> String {
    var out = file
    if let line, let column { out += ":\(line):\(column)" }
    out += ": "
    if severity == .warning { out += "warning: " }
    if let path { out += path + ": " }
    return out + message
  }

  /// The line for an unnamed input.
  public var description: String { line(file: "<input>") }
}
