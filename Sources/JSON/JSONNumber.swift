/// A JSON number, kept as its text so that reading and writing it loses nothing.
///
/// Made from an `Int`, a finite `Double`, or text the reader has checked;
/// `int` and `double` read it back.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
  /// The number as JSON writes it: `-12`, `0.5`, `1e+20`.
  public let text: String

  init(checkedText: String) { text = checkedText }

  public init(_ value: Int) { text = String(value) }

  /// Nil for infinity and NaN, which JSON cannot write.
  public init?(_ value: Double) {
    guard value.isFinite else { return nil }
    text = value.description
  }

  /// The value as an `Int` when the text is an integer in range, written
  /// without a fraction or an exponent.
  public var int: Int? { Int(text) }

  /// The value as the nearest `Double` (infinite when out of range).
  public var double: Double { Double(text) ?? .nan }

  public var description: String { text }
}
