/// How many days the week shows side by side: `columns = auto | 1 … 7`.
///
/// A wide terminal has room for more than one day's list; `auto` shows one day below
/// `autoMinimumWidth` columns (so 80x24 looks as it always did) and about one day per
/// `autoColumnWidth` above, up to the whole week.
public enum Columns: Equatable, Sendable {
  /// One day below 120 columns, then one per 40 columns, up to seven.
  case auto
  /// Always this many days (1 to 7), as far as the width allows.
  case fixed(Int)

  /// The narrowest terminal `auto` shows more than one day on.
  public static let autoMinimumWidth = 120
  /// About how wide `auto` makes a day's column.
  public static let autoColumnWidth = 40
  /// The narrowest a day's column may get: below it a fixed count shows fewer days.
  public static let minimumColumnWidth = 20
  /// The most days in view: the week.
  public static let maximum = 7

  /// `auto`, or a count from 1 to 7; nil for anything else.
  public init?(parsing word: String) {
    if word.lowercased() == "auto" {
      self = .auto
      return
    }
    guard word.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let n = Int(word),
      (1...Self.maximum).contains(n)
    else { return nil }
    self = .fixed(n)
  }

  /// How many days this setting shows on a page area `width` columns wide.
  ///
  /// Never so many that a column is narrower than `minimumColumnWidth`, and at least one.
  public func count(forWidth width: Int) -> Int {
    let wanted: Int
    switch self {
    case .auto:
      wanted = width < Self.autoMinimumWidth ? 1 : width / Self.autoColumnWidth
    case .fixed(let n):
      wanted = n
    }
    return Self.fitted(wanted, width: width)
  }

  /// The wide view `w` shows when the setting gives one day: one per 40 columns, at least 2.
  public static func wide(forWidth width: Int) -> Int {
    fitted(max(2, width / autoColumnWidth), width: width)
  }

  /// `wanted` days, as many as fit at `minimumColumnWidth`, from 1 to 7.
  static func fitted(_ wanted: Int, width: Int) -> Int {
    min(max(1, min(wanted, width / minimumColumnWidth)), maximum)
  }
}
