/// Where something is in a JSON text: a byte offset, and the line and column an
/// editor shows for it.
///
/// Lines and columns count from 1. Columns count Unicode scalars, so `あ` is one
/// column, as an editor shows it; a byte order mark takes no column.
///
/// Kept in 32 bits each (past 4 GiB they stop at the largest), since every value and
/// key of a parsed tree carries one: a catalogue's tree is a third smaller for it.
public struct JSONPosition: Equatable, Hashable, Comparable, Sendable, CustomStringConvertible {
  private var storedOffset: UInt32
  private var storedLine: UInt32
  private var storedColumn: UInt32

  /// Bytes from the start of the input (the byte order mark included).
  public var offset: Int {
    get { Int(storedOffset) }
    set { storedOffset = Self.clamped(newValue) }
  }
  public var line: Int {
    get { Int(storedLine) }
    set { storedLine = Self.clamped(newValue) }
  }
  public var column: Int {
    get { Int(storedColumn) }
    set { storedColumn = Self.clamped(newValue) }
  }

  public init(offset: Int, line: Int, column: Int) {
    storedOffset = Self.clamped(offset)
    storedLine = Self.clamped(line)
    storedColumn = Self.clamped(column)
  }

  private static func clamped(_ value: Int) -> UInt32 { UInt32(clamping: value) }

  public static func < (a: JSONPosition, b: JSONPosition) -> Bool { a.offset < b.offset }

  /// `line:column`.
  public var description: String { "\(line):\(column)" }
}

/// Why a JSON text could not be read, and where.
///
/// `message` is one line without the place, such as
/// `expected ',' or ']' in array, found string`. Text quoted from the input
/// is kept raw (a character after `found`, a duplicate key cut to a short
/// prefix): whoever prints the message makes it safe for a terminal.
public struct JSONError: Error, Equatable, Sendable {
  public enum Reason: Equatable, Sendable {
    /// Not JSON: a misplaced or missing token, a bad escape, number or literal.
    case syntax
    /// Not well-formed UTF-8.
    case encoding
    /// A key that the same object already has; `first` is where that one is.
    case duplicateKey(first: JSONPosition)
    /// Arrays and objects nested deeper than `JSONReader.maxDepth`.
    case tooDeep
  }

  public var reason: Reason
  public var position: JSONPosition
  public var message: String

  public init(_ reason: Reason, at position: JSONPosition, _ message: String) {
    self.reason = reason
    self.position = position
    self.message = message
  }
}
