import JSON
import Schedule
import TerminalUI

/// A setting by the name the config file gives it, and how its value is read.
///
/// The config file and the command line read values through the same keys,
/// so they accept the same words and explain a bad one the same way:
/// `expected ja or en, found "jp"`.
public enum SettingKey: String, CaseIterable, Sendable {
  case schedule, labels, duration, mouse, theme
  case dayStarts = "day-starts"
  case loop, indicator, cursor, refresh, notify
  case notifyBefore = "notify-before"
  case notifyVia = "notify-via"
  case notifyCommand = "notify-command"
  case titles, backlog, columns
  case watchOn = "watch-on"
  case reference
  case anilist, mal
  case malClientID = "mal-client-id"
  case anilistAPI = "anilist-api"
  case malAPI = "mal-api"
  case anilistTokenFile = "anilist-token-file"
  case anilistTokenCommand = "anilist-token-command"
  case malTokenFile = "mal-token-file"
  case malTokenCommand = "mal-token-command"

  /// The longest slide, in milliseconds.
  public static let maxDuration = 60_000
  /// The latest hour a day may start at.
  public static let maxDayStart = 12

  /// What a value may be, as messages and the help say it.
  public var allowed: String {
    switch self {
    case .schedule: "a path to a schedule file"
    case .labels: "ja or en"
    case .duration: "milliseconds from 0 to \(Self.maxDuration)"
    case .mouse, .loop: "yes or no"
    case .theme: "dark, light or mono"
    case .dayStarts: "an hour from 0 to \(Self.maxDayStart)"
    case .indicator: "underline or block"
    case .cursor: "hidden or visible"
    case .refresh: "a time such as 30m, 6h or 1d (at least 1m)"
    case .titles: "original, en, ja, zh-Hans or zh-Hant"
    case .backlog: "weeks from 1w to 52w"
    case .columns: "auto or a number of days from 1 to 7"
    case .watchOn: "bangumi-data site names, separated by commas (crunchyroll, netflix)"
    case .reference: "a path or URL of a bangumi-data file"
    case .notify: "starred, followed, all or off"
    case .notifyBefore: "a time such as 5m (up to a day)"
    case .notifyVia: "auto, osc9, osc777, osc99, bell or command"
    case .notifyCommand: "a program and its arguments, separated by spaces"
    case .anilist, .mal: "a user name (letters, digits, _ and -)"
    case .malClientID: "a MyAnimeList API client id"
    case .anilistAPI, .malAPI: "an http:// or https:// URL"
    case .anilistTokenFile, .malTokenFile: "a path to a file holding the token"
    case .anilistTokenCommand, .malTokenCommand: "a program that prints the token"
    }
  }

  /// A value that does not fit the key: the reason, without the key or place.
  public struct BadValue: Error, Equatable, Sendable {
    /// `expected ja or en, found "jp"`.
    public var reason: String
  }

  /// Reads `text` into its field of `preferences`.
  ///
  /// Words are matched in any case (`JA`, `Yes`). `schedule` takes a path,
  /// which only the config file reads (`Config` expands it); here it is refused.
  public func read(_ text: String, into preferences: inout Preferences) throws(BadValue) {
    let word = text.lowercased()
    switch self {
    case .schedule, .reference:
      throw BadValue(reason: "a \(rawValue) is a path, read by the config file")
    case .anilist, .mal, .malClientID, .anilistAPI, .malAPI, .anilistTokenFile,
      .anilistTokenCommand, .malTokenFile, .malTokenCommand:
      throw BadValue(reason: "an account is read by the config file")
    case .labels:
      preferences.labels = try choice(Labels(rawValue: word), text)
    case .duration:
      preferences.durationMilliseconds = try number(text, upTo: Self.maxDuration)
    case .mouse:
      preferences.mouse = try yesOrNo(word, text)
    case .theme:
      preferences.theme = try choice(Theme(rawValue: word), text)
    case .dayStarts:
      preferences.dayStartHour = try number(text, upTo: Self.maxDayStart)
    case .loop:
      preferences.loop = try yesOrNo(word, text)
    case .indicator:
      preferences.indicator = try choice(TabBar.Indicator(rawValue: word), text)
    case .cursor:
      preferences.cursor = try choice(CursorVisibility(rawValue: word), text)
    case .refresh:
      preferences.refreshSeconds = try refreshSeconds(text)
    case .titles:
      preferences.titles = try choice(TitleLanguage(parsing: text), text)
    case .backlog:
      // `4w`, or a bare number of weeks.
      let digits = word.hasSuffix("w") ? String(word.dropLast()) : word
      let weeks = try number(digits, upTo: 52)
      guard weeks >= 1 else { throw badValue(text) }
      preferences.backlogWeeks = weeks
    case .columns:
      preferences.columns = try choice(Columns(parsing: word), text)
    case .watchOn:
      preferences.watchOn = try Self.sites(text)
    case .notify:
      preferences.notify = try choice(NotifyScope(rawValue: word), text)
    case .notifyBefore:
      guard let seconds = DurationText.seconds(text), seconds <= 86_400 else {
        throw badValue(text)
      }
      preferences.notifyBefore = seconds
    case .notifyVia:
      preferences.notifyVia = try choice(NotifyVia(rawValue: word), text)
    case .notifyCommand:
      // Words split at spaces, never a shell: `notify-send -a youbi`.
      let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
      guard !words.isEmpty else { throw badValue(text) }
      preferences.notifyCommand = words
    }
  }

  /// `watch-on`'s sites: bangumi-data's keys, in order, each once; `none` (or nothing
  /// but spaces) is none, the TV's slot for every show.
  static func sites(_ text: String) throws(BadValue) -> [String] {
    let words = text.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingBlanks
    }
    if words.count == 1 && words[0].lowercased() == "none" { return [] }
    var sites: [String] = []
    for word in words {
      guard !word.isEmpty else {
        throw SettingKey.watchOn.badValue(text)
      }
      guard let key = BangumiSites.key(word) else {
        throw BadValue(reason: SafeText.sanitize(BangumiSites.unknown(word)))
      }
      if !sites.contains(key) { sites.append(key) }
    }
    return sites
  }

  /// The reason for any value this key does not take.
  public func badValue(_ text: String) -> BadValue {
    let found = text.isEmpty ? "nothing" : SafeText.sanitize(Excerpt.quoted(text))
    return BadValue(reason: "expected \(allowed), found \(found)")
  }

  private func choice<Value>(_ value: Value?, _ text: String) throws(BadValue) -> Value {
    guard let value else { throw badValue(text) }
    return value
  }

  private func yesOrNo(_ word: String, _ text: String) throws(BadValue) -> Bool {
    switch word {
    case "yes": return true
    case "no": return false
    default: throw badValue(text)
    }
  }

  /// How old a subscription's copy may get: a span as `DurationText` reads
  /// it (`30m`, `6h`, `1d`), from a minute to a year.
  func refreshSeconds(_ text: String) throws(BadValue) -> Int64 {
    guard let seconds = DurationText.seconds(text), (60...366 * 86_400).contains(seconds) else {
      throw badValue(text)
    }
    return Int64(seconds)
  }

  /// A whole number from 0 to `limit`, digits only (no sign, no spaces).
  private func number(_ text: String, upTo limit: Int) throws(BadValue) -> Int {
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
      let n = Int(text), n <= limit
    else { throw badValue(text) }
    return n
  }
}
