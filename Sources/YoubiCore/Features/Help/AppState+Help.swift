import Schedule
import TerminalUI

/// The help feature in the app: its box at the current size, opening it, and
/// drawing it over the screen.
extension AppState {
  /// The help box at the current size; with the legend of the platforms' initials when
  /// a show is placed on a platform's slot (`watch-on`).
  var helpBox: HelpBox {
    HelpBox(labels: labels, size: size, legend: placesOnPlatforms ? labels.platformLegend : nil)
  }

  /// Whether a show of any section is placed on a streaming platform's slot.
  private var placesOnPlatforms: Bool {
    sections.contains { section in
      guard let schedule = section.schedule else { return false }
      return Weekday.allCases.contains { day in
        schedule[day].contains { $0.origin?.platform != nil }
      }
    }
  }

  /// The help's state while it is open; nil when it is not.
  var help: HelpState? {
    if case .help(let help) = focus { return help }
    return nil
  }

  /// Whether the help is up (it takes every key until it closes).
  public internal(set) var showHelp: Bool {
    get { help != nil }
    set { focus = newValue ? .help(HelpState()) : (showHelp ? .page : focus) }
  }

  /// How many lines of the help are scrolled above its box; 0 when it is closed.
  public var helpOffset: Int { help?.offset ?? 0 }

  /// A key while the help has focus; Esc, `?` and q give the focus back to the page.
  mutating func helpKey(_ key: Key, _ help: HelpState) {
    var help = help
    focus = help.handle(key, box: helpBox) ? .help(help) : .page
  }

  /// Opens the help at its top.
  mutating func openHelp() { focus = .help(HelpState()) }

  /// Scrolls the open help by `delta` lines (the wheel).
  mutating func scrollHelp(by delta: Int) {
    guard var help else { return }
    help.scroll(by: delta, in: helpBox)
    focus = .help(help)
  }

  /// Draws the help box over the screen, in the labels' language.
  func drawHelp(into canvas: inout Canvas) {
    helpBox.draw(into: &canvas, offset: helpOffset, labels: labels)
  }
}
