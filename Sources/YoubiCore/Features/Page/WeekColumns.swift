/// How many days the week shows side by side: the `columns` setting and the `w` switch.
///
/// Only the setting and the switch are kept; the count is worked out from the width on
/// every frame, so a resize (mid-slide too) changes it without touching the selection,
/// the scroll positions or a slide. The pagers are asked for their frame through a
/// `PageWindow` of that count (`AppState.columnPager`).
public struct WeekColumns: Equatable, Sendable {
  /// `columns = auto | 1 … 7` (the config or `--columns`).
  public var setting: Columns
  /// `w` was pressed an odd number of times: one day instead of the wide view, or the
  /// wide view where the setting gives one day.
  public var switched: Bool

  /// The setting as given, not switched.
  public init(setting: Columns = .auto, switched: Bool = false) {
    self.setting = setting
    self.switched = switched
  }

  /// How many days are in view on a page area `width` columns wide.
  ///
  /// The setting's count, or after `w` the other view: one day where the setting shows
  /// several, the wide view (`Columns.wide`) where it shows one.
  public func count(forWidth width: Int) -> Int {
    let chosen = setting.count(forWidth: width)
    guard switched else { return chosen }
    return chosen > 1 ? 1 : Columns.wide(forWidth: width)
  }
}
