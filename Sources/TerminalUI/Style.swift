/// Colours a cell may use; the backend maps them to colour pairs, or ignores
/// them when colour is off (`NO_COLOR`, monochrome terminals).
public enum Color: UInt8, Equatable, Hashable, Sendable, CaseIterable {
  case `default`, accent, muted
}

/// How a cell is drawn: attributes plus a foreground colour.
public struct Style: Equatable, Hashable, Sendable {
  public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Attributes(rawValue: 1)
    public static let reverse = Attributes(rawValue: 2)
    public static let underline = Attributes(rawValue: 4)
    public static let dim = Attributes(rawValue: 8)
  }

  public var attributes: Attributes
  public var color: Color

  public init(_ attributes: Attributes = [], color: Color = .default) {
    self.attributes = attributes
    self.color = color
  }

  public static let plain = Style()
  public static let bold = Style(.bold)
  public static let reverse = Style(.reverse)
  public static let dim = Style(.dim)
}
