import Schedule
import TerminalUI

/// The account lines: a tracker's user, its API's address, and where its token is.
///
///     anilist = NAME
///     anilist-token-file = ~/.config/youbi/anilist-token
///     mal = NAME
///     mal-client-id = 0123abcd…
///     mal-token-command = pass show myanimelist
///
/// Each account is a schedule source, as a `schedule` line is.
extension Config {
  /// One account line's value (a path already expanded) and its line.
  public struct AccountLine: Equatable, Sendable {
    public var value: String
    public var line: Int
  }

  /// The keys read here rather than into the preferences.
  static let accountKeys: Set<SettingKey> = [
    .anilist, .mal, .malClientID, .anilistAPI, .malAPI, .anilistTokenFile,
    .anilistTokenCommand, .malTokenFile, .malTokenCommand,
  ]

  /// Reads one account line's value into `accountLines`, checked.
  mutating func readAccount(_ key: SettingKey, _ value: String, line: Int, home: String?)
    throws(SettingKey.BadValue)
  {
    var kept = value
    switch key {
    case .anilist, .mal:
      guard Account.isName(value) else { throw key.badValue(value) }
    case .malClientID:
      guard !value.isEmpty, value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
        throw key.badValue(value)
      }
    case .anilistAPI, .malAPI:
      do {
        _ = try WebURL(checking: value)
      } catch {
        throw SettingKey.BadValue(reason: "\(error)")
      }
    case .anilistTokenFile, .malTokenFile:
      kept = try expand(value, home: home)
    case .anilistTokenCommand, .malTokenCommand:
      guard !value.split(separator: " ").isEmpty else { throw key.badValue(value) }
    case .schedule, .labels, .duration, .mouse, .theme, .dayStarts, .loop, .indicator, .cursor,
      .refresh, .notify, .notifyBefore, .notifyVia, .notifyCommand, .titles, .backlog, .columns,
      .watchOn, .reference:
      throw key.badValue(value)
    }
    accountLines[key] = AccountLine(value: kept, line: line)
  }

  /// Refuses settings that need an account line they lack: a MyAnimeList account
  /// needs its client id.
  func checkAccounts() throws(ConfigError) {
    if let mal = accountLines[.mal], accountLines[.malClientID] == nil {
      throw ConfigError(
        file: file, line: mal.line,
        "mal: MyAnimeList needs a client id: add \"mal-client-id = ID\" (see docs/Sources.md)")
    }
  }

  /// The accounts named, AniList first.
  public var accounts: [Account] {
    var accounts: [Account] = []
    if let name = accountLines[.anilist]?.value {
      accounts.append(
        Account(
          tracker: .aniList, name: name,
          api: url(.anilistAPI) ?? Account.aniListAPI,
          token: token(file: .anilistTokenFile, command: .anilistTokenCommand)))
    }
    if let name = accountLines[.mal]?.value {
      accounts.append(
        Account(
          tracker: .myAnimeList, name: name, api: url(.malAPI) ?? Account.myAnimeListAPI,
          clientID: accountLines[.malClientID]?.value,
          token: token(file: .malTokenFile, command: .malTokenCommand)))
    }
    return accounts
  }

  /// The line of the first account line, for the lookup's rule.
  var firstAccountLine: Int? {
    [accountLines[.anilist]?.line, accountLines[.mal]?.line].compactMap { $0 }.min()
  }

  private func url(_ key: SettingKey) -> WebURL? {
    accountLines[key].flatMap { try? WebURL(checking: $0.value) }
  }

  private func token(file: SettingKey, command: SettingKey) -> TokenSource? {
    if let path = accountLines[file]?.value { return .file(path) }
    if let words = accountLines[command]?.value {
      return .command(words.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init))
    }
    return nil
  }
}
