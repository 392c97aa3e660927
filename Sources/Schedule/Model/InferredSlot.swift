/// The slot `CadenceInference` found: where a serial with no published slot is listed.
public struct InferredSlot: Equatable, Sendable, CustomStringConvertible {
  /// How often it comes out.
  public enum Cadence: Equatable, Sendable {
    case weekly
    /// Every `n` weeks (2 to `CadenceInference.longestCadence`), in step with `last`.
    case everyWeeks(Int)
    /// No fixed day: listed apart ("no fixed day"), never left out.
    case irregular
  }

  /// The local weekday it is listed under (after `day-starts`).
  public var weekday: Weekday
  /// The median time of its releases on that weekday, on the 30-hour clock.
  public var time: ReleaseTime
  public var cadence: Cadence
  /// How many of the releases looked at fell on `weekday`.
  public var matching: Int
  /// How many releases were looked at (at most `CadenceInference.recent`).
  public var considered: Int
  /// The earliest release on `weekday` looked at (for every N weeks, the earliest in
  /// step with `last`): a `Serial.start` for `every`.
  public var first: CivilDate
  /// The latest release on `weekday`.
  public var last: CivilDate

  public init(
    weekday: Weekday, time: ReleaseTime, cadence: Cadence, matching: Int, considered: Int,
    first: CivilDate, last: CivilDate
  ) {
    self.weekday = weekday
    self.time = time
    self.cadence = cadence
    self.matching = matching
    self.considered = considered
    self.first = first
    self.last = last
  }

  /// Weeks between releases: 1 weekly, N every N weeks, nil when irregular.
  public var everyWeeks: Int? {
    switch cadence {
    case .weekly: 1
    case .everyWeeks(let n): n
    case .irregular: nil
    }
  }

  /// Where the slot comes from, for the details box: `usually Tuesday around 11:00 (8 of
  /// the last 10)`, `every 2 weeks on Tuesday around 11:00 (…)`, `no fixed day (…)`.
  public var description: String {
    let share = "(\(matching) of the last \(considered))"
    let day = "\(weekday.englishName) around \(time)"
    switch cadence {
    case .weekly: return "usually \(day) \(share)"
    case .everyWeeks(let n): return "every \(n) weeks on \(day) \(share)"
    case .irregular:
      return "no fixed day (most often \(day), \(matching) of the last \(considered))"
    }
  }
}
