/// What has the keyboard: the page, or the one part open over it.
///
/// One value, so which part gets a key is never decided by the order of `if`s:
/// `route(_:at:)` switches over it, and adding a part adds a case here that every
/// switch over it must learn. The parts are modal: the one with focus takes every
/// key until it closes (Ctrl-C and resizing are handled before any part sees them).
public enum Focus: Equatable, Sendable {
  /// The week or the calendar: the page's key map.
  case page
  /// The search prompt in the footer. The search itself (`AppState.search`) outlives
  /// the prompt: its highlights and `n`/`N` stay after Enter gives the keys back.
  case search
  /// The detail box of the selected serial (Enter).
  case details
  /// The help box (`?`), scrolled as its state says.
  case help(HelpState)
  /// The `b` list of releases behind, with its cursor.
  case behind(BehindList)
}
