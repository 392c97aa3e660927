import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Traits shared by every suite that runs youbi: serialized (the suites share one
/// tmux server and timing-sensitive slides should not compete for the 2 cores with
/// each other), and disabled with a clear reason when YOUBI_BIN is not set, except under
/// CI: there each of their tests fails, saying YOUBI_BIN is missing.
let youbiRequired = Testing.ConditionTrait.enabled(
  if: YoubiBinary.runsSuites(configured: YoubiBinary.isConfigured, ci: YoubiBinary.underCI),
  YoubiBinary.missingReason)

/// Starts youbi with English labels (so the screen can be read) plus `arguments`.
func startYoubi(
  _ arguments: [String], input: Input = .terminal, width: Int = 80, height: Int = 24,
  environment: [String: String] = [:], files: [String: String] = [:]
) throws -> TerminalSession {
  try TerminalSession(
    youbi: ["--labels", "en"] + arguments, input: input, width: width, height: height,
    environment: environment, files: files)
}

/// The test process's environment made safe for a youbi run outside tmux: the
/// isolated config, state and home of `dir`, no `YOUBI_SCHEDULE`, a UTF-8 locale.
func isolatedProcessEnvironment(_ dir: TemporaryDirectory) throws -> [String: String] {
  var env = ProcessInfo.processInfo.environment
  env["YOUBI_SCHEDULE"] = nil
  env["LANG"] = "C.UTF-8"
  env["LC_ALL"] = "C.UTF-8"
  env["TERM"] = "xterm-256color"
  return env.merging(dir.isolatedEnvironment()) { $1 }
}

/// The English day name for index 0 (Monday) … 6 (Sunday), wrapping.
func dayName(_ index: Int) -> String { Screen.dayNames[((index % 7) + 7) % 7] }
func dayIndex(_ name: String) -> Int { Screen.dayNames.firstIndex(of: name)! }

/// Today's weekday as youbi sees it (local time): 0 = Monday.
func todayIndex() -> Int {
  let weekday = Calendar.current.component(.weekday, from: Date())  // 1 = Sunday
  return (weekday + 5) % 7
}

/// Checks what every settled 80-column youbi screen should show for `day`.
func expectLayout(
  _ screen: Screen, day: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    screen.hasTabBar, "top row is not the tab bar:\n\(screen)", sourceLocation: sourceLocation)
  #expect(
    screen.currentDay == day, "expected \(day) alone on screen:\n\(screen)",
    sourceLocation: sourceLocation)
  if let heading = screen.headingRow {
    #expect(
      heading >= 1 && heading <= 3, "heading row \(heading):\n\(screen)",
      sourceLocation: sourceLocation)
  }
  let i = dayIndex(day)
  #expect(
    screen.highlightsTab(i, today: todayIndex()),
    "the selected tab is not highlighted (tabs drawn apart: \(screen.distinctTabs)):\n\(screen)",
    sourceLocation: sourceLocation)
  if let tabs = screen.tabRanges, let bar = screen.indicatorColumns {
    #expect(
      bar.overlaps(tabs[i]), "the indicator \(bar) is not under tab \(tabs[i]):\n\(screen)",
      sourceLocation: sourceLocation)
  } else {
    Issue.record("no tab bar or indicator line:\n\(screen)", sourceLocation: sourceLocation)
  }
  let prev = "‹ " + Screen.shortNames[(i + 6) % 7]
  let next = Screen.shortNames[(i + 1) % 7] + " ›"
  #expect(
    screen.contains(prev), "no prev hint '\(prev)':\n\(screen)", sourceLocation: sourceLocation)
  #expect(
    screen.contains(next), "no next hint '\(next)':\n\(screen)", sourceLocation: sourceLocation)
  #expect(
    !(screen.rows.last ?? "").trimmingCharacters(in: .whitespaces).isEmpty,
    "no footer on the last row:\n\(screen)", sourceLocation: sourceLocation)
}

/// Checks the terminal is back to normal after youbi exited: `stty -g` as before,
/// normal screen (not the alternate one), cursor visible, keypad and mouse modes off.
func expectTerminalRestored(
  _ s: TerminalSession, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  #expect(s.sttyBefore != nil, sourceLocation: sourceLocation)
  #expect(
    s.sttyAfter == s.sttyBefore,
    "stty -g before: \(s.sttyBefore ?? "nil") after: \(s.sttyAfter ?? "nil")",
    sourceLocation: sourceLocation)
  let flags = try s.server.run([
    "display-message", "-p", "-t", s.name,
    "alternate_on=#{alternate_on} cursor_flag=#{cursor_flag} keypad_cursor_flag=#{keypad_cursor_flag} mouse_any_flag=#{mouse_any_flag} mouse_button_flag=#{mouse_button_flag} mouse_standard_flag=#{mouse_standard_flag}",
  ]).out.trimmingCharacters(in: .newlines)
  #expect(
    flags
      == "alternate_on=0 cursor_flag=1 keypad_cursor_flag=0 mouse_any_flag=0 mouse_button_flag=0 mouse_standard_flag=0",
    "terminal modes after exit: \(flags)", sourceLocation: sourceLocation)
}

/// A schedule JSON file in a scratch directory (removed by the caller's `dir.remove()`).
enum Schedules {
  /// A small schedule whose titles name their day and number ("Mon-01" …).
  static func small(perDay: Int = 5) -> String {
    let keys = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    let days = keys.enumerated().map { i, key in
      let entries = (1...perDay).map {
        "\"\(Screen.shortNames[i])-pipe-\(String(format: "%02d", $0))\""
      }
      return "\"\(key)\": [\(entries.joined(separator: ", "))]"
    }
    return "{\"title\": \"E2E\", \"days\": {\(days.joined(separator: ", "))}}"
  }

  /// Titles full of terminal escapes and invisible/bidi characters (JSON \u escapes).
  static let hostile = #"""
    {"title": "hostile \u001b]0;pwned\u0007",
     "days": {
       "monday": [
         "A \u001b]0;pwned\u0007 title",
         {"title": "B \u001b]52;c;aGk=\u0007 clip", "author": "\u001b[2J", "note": "\u001b[6n"},
         "C \u001b[2J clear",
         "D \u001b[6n report",
         "E \u009b31m csi",
         "F \u202eevil\u202c bidi",
         "G zero\u200bwidth",
         "H \u001b[31mred\u001b[0m \u0007 bell \r\n newline",
         "I plain"
       ],
       "tuesday": ["J \u001b]2;pwned\u001b\\ st"]
     }}
    """#
}
