/// Which releases Youbi announces while it runs (config `notify`).
public enum NotifyScope: String, CaseIterable, Sendable {
  /// Starred serials only: the default.
  case starred
  /// The serials followed (`Following`): starred, marked, or of a week followed whole.
  case followed
  case all
  case off
}

/// How a notification is sent (config `notify-via`).
public enum NotifyVia: String, CaseIterable, Sendable {
  /// Chosen from what the terminal says about itself (`NotifyRoute.choose`).
  case auto
  case osc9, osc777, osc99, bell, command
}

/// How notifications go out, decided once at start from the settings and the environment.
public struct NotifyRoute: Equatable, Sendable {
  public enum Form: Equatable, Sendable {
    case osc9, osc777, osc99, bell
    /// A program and its first arguments; the title and the body follow as two more.
    case command([String])
  }

  public var form: Form
  /// Inside tmux: a terminal sequence is wrapped for passthrough.
  public var tmux: Bool

  public init(form: Form, tmux: Bool = false) {
    self.form = form
    self.tmux = tmux
  }

  /// Whether the footer says it too: the bell carries no words.
  public var needsNotice: Bool { form == .bell }

  /// The route for `via`: `command` runs `command` (`notify-send` when none is set);
  /// `auto` runs `command` when one is set, and otherwise reads the terminal from
  /// `environment`:
  ///
  /// - inside tmux (`TMUX`) or screen (`STY`, `TERM=screen…`), the bell, which they turn
  ///   into their own alert (the terminal outside is unknown, and passthrough may be off);
  /// - kitty (`KITTY_WINDOW_ID`, `TERM=xterm-kitty`): OSC 99;
  /// - foot, Ghostty, urxvt (`TERM=foot…`, `xterm-ghostty`, `rxvt-unicode…`,
  ///   `TERM_PROGRAM=ghostty`): OSC 777;
  /// - iTerm2, WezTerm, Windows Terminal (`TERM_PROGRAM=iTerm.app`, `WezTerm`,
  ///   `WT_SESSION`): OSC 9;
  /// - anything else: the bell (and the footer says what came out).
  ///
  /// An explicit OSC form inside tmux is wrapped for passthrough.
  public static func choose(
    _ via: NotifyVia, command: [String]?, environment: [String: String]
  ) -> NotifyRoute {
    let term = environment["TERM"] ?? ""
    let program = environment["TERM_PROGRAM"] ?? ""
    let tmux = environment["TMUX"].map { !$0.isEmpty } ?? false
    switch via {
    case .osc9: return NotifyRoute(form: .osc9, tmux: tmux)
    case .osc777: return NotifyRoute(form: .osc777, tmux: tmux)
    case .osc99: return NotifyRoute(form: .osc99, tmux: tmux)
    case .bell: return NotifyRoute(form: .bell)
    case .command: return NotifyRoute(form: .command(command ?? ["notify-send"]))
    case .auto: break
    }
    if let command { return NotifyRoute(form: .command(command)) }
    if tmux || environment["STY"] != nil || term.hasPrefix("screen") || program == "tmux" {
      return NotifyRoute(form: .bell)
    }
    if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" {
      return NotifyRoute(form: .osc99)
    }
    if term.hasPrefix("foot") || term == "xterm-ghostty" || term.hasPrefix("rxvt-unicode")
      || program == "ghostty"
    {
      return NotifyRoute(form: .osc777)
    }
    if program == "iTerm.app" || program == "WezTerm" || environment["WT_SESSION"] != nil {
      return NotifyRoute(form: .osc9)
    }
    return NotifyRoute(form: .bell)
  }
}

/// What the app needs to know to announce releases.
public struct NotifySettings: Equatable, Sendable {
  public var scope: NotifyScope
  /// How long before its release a serial is announced, in seconds.
  public var before: Int
  public var route: NotifyRoute

  public init(scope: NotifyScope = .off, before: Int = 0, route: NotifyRoute = .init(form: .bell)) {
    self.scope = scope
    self.before = before
    self.route = route
  }
}
