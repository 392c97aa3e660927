import Schedule
import TerminalUI

/// `--next` and `--upcoming` as lines for a person, a status bar or cron.
///
/// ```
/// Sat 23:30  in 2h 05m  Title #8
/// Sun 25:00  in 1d 03h  Other
/// ```
///
/// Every string from a schedule is made safe (`SafeText`). With `links`, a title with a
/// URL is an OSC 8 hyperlink (for a terminal; a pipe gets plain text).
public enum ReleaseText {
  /// The longest `--short` line, in columns.
  public static let shortWidth = 40

  /// One line per entry, each ending in a newline; nothing for no entries.
  public static func lines(
    _ entries: [OutputEntry], now: Int64, labels: Labels, links: Bool = false
  ) -> String {
    entries.map { entry in
      labels.label(entry.date.weekday) + " " + (entry.serial.time?.description ?? "")
        + "  " + until(entry, now: now, labels: labels) + "  " + title(entry, links: links) + "\n"
    }.joined()
  }

  /// The first entry on one line of at most `shortWidth` columns (`Sat 23:30 Title #8`,
  /// the weekday left out when it is today's), with a newline; an empty line when none.
  public static func short(_ entries: [OutputEntry], today: CivilDate, labels: Labels) -> String {
    guard let entry = entries.first else { return "\n" }
    var line = entry.date == today ? "" : labels.label(entry.date.weekday) + " "
    line += (entry.serial.time?.description ?? "") + " " + title(entry, links: false)
    return TextWidth.head(of: line, fitting: shortWidth) + "\n"
  }

  /// `Title #8`, made safe; a link when asked and the serial has a URL.
  static func title(_ entry: OutputEntry, links: Bool) -> String {
    let name = entry.serial.title.isEmpty ? PlainPrinter.untitled : entry.serial.title
    let text = SafeText.sanitize(name)
    let shown =
      links && entry.serial.url != nil
      ? ControlSequence.hyperlink(text, to: entry.serial.url!.text) : text
    return shown + (entry.episode.map { " #\($0)" } ?? "")
  }

  /// How long until it comes out: `in 2h 05m`, `in 1d 03h`, or `now`.
  static func until(_ entry: OutputEntry, now: Int64, labels: Labels) -> String {
    guard let local = entry.local else { return "" }
    let minutes = Int(max(0, (local - now + 59) / 60))
    if minutes == 0 { return labels == .ja ? "今" : "now" }
    if minutes < 24 * 60 { return labels.countdown(minutes: minutes) }
    let (days, hours) = (minutes / 1440, minutes % 1440 / 60)
    let hh = hours < 10 ? "0\(hours)" : "\(hours)"
    return labels == .ja ? "あと\(days)日\(hours)時間" : "in \(days)d \(hh)h"
  }
}
