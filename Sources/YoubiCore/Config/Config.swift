import Schedule

/// What the config file says: the schedules it names and one layer of preferences.
///
/// The file is plain `key = value` lines with `#` comments, in the manner of
/// `mpv.conf` and `kitty.conf`:
///
///     # ~/.config/youbi/config
///     schedule = ~/notes/week.json
///     labels   = ja
///     duration = 0
///
/// It is read once, at start, and never written.
public struct Config: Equatable, Sendable {
  /// A schedule named by the file: the path as youbi opens it (`~` expanded,
  /// relative paths taken from the config file's directory), or a URL, and
  /// its line.
  public struct SchedulePath: Equatable, Sendable {
    public var path: String
    public var line: Int
    /// A URL's own `refresh=…`, in seconds; nil: the config's `refresh`.
    public var refreshSeconds: Int64?
    /// Its `kind=…`: what its sections hold; nil: what the file says.
    public var kind: SectionKind?
    /// `follow=all`: every serial of it is followed, whatever its format.
    public var followsAll = false

    public init(
      _ path: String, line: Int, refreshSeconds: Int64? = nil, kind: SectionKind? = nil
    ) {
      self.path = path
      self.line = line
      self.refreshSeconds = refreshSeconds
      self.kind = kind
    }
  }

  /// The config file, as messages name it.
  public var file: String
  /// Every `schedule` line, in order (the key may be repeated).
  public var schedules: [SchedulePath]
  /// Every `reference` line, in order: bangumi-data catalogues that are not shown as
  /// sections but enrich the shows of every other source through their ids.
  public var references: [SchedulePath] = []
  /// Every other setting; the last line wins when a key is repeated.
  public var preferences: Preferences
  /// The account lines (`anilist`, `mal` and their settings), by key: the last wins.
  public var accountLines: [SettingKey: AccountLine] = [:]

  public init(file: String, schedules: [SchedulePath] = [], preferences: Preferences = .init()) {
    self.file = file
    self.schedules = schedules
    self.preferences = preferences
  }
}
