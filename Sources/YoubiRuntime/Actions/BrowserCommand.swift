import Schedule
import YoubiCore

/// One way of opening a URL: a program and its arguments, from `$BROWSER` or the platform default.
///
/// `$BROWSER` is a colon-separated list of commands, tried in order; each is
/// split into words at spaces and tabs (no shell, no quoting). A word's `%s`
/// becomes the URL and `%%` a single `%`; with no `%s` anywhere, the URL is
/// added as the last argument. Either way the URL is exactly one argument.
public struct BrowserCommand: Equatable, Sendable {
  /// The program (a name looked up in `PATH`, or a path) and its argument templates.
  public var words: [String]

  public init(words: [String]) { self.words = words }

  /// Programs that run in the terminal, which are handed the terminal rather than detached.
  public static let terminalBrowsers: Set<String> = [
    "lynx", "w3m", "links", "links2", "elinks", "browsh", "carbonyl", "www-browser", "cha",
    "netrik", "edbrowse",
  ]

  /// The program's name without its directory.
  public var programName: String {
    String(words.first?.split(separator: "/").last ?? "")
  }

  /// Whether the program is a terminal browser (it needs the terminal while it runs).
  public var runsInTerminal: Bool { Self.terminalBrowsers.contains(programName) }

  /// The argument vector for `url`, the program first.
  public func arguments(for url: WebURL) -> [String] {
    var sawURL = false
    let filled = words.map { word -> String in
      guard word.contains("%") else { return word }
      var out = ""
      var scalars = word.unicodeScalars.makeIterator()
      while let c = scalars.next() {
        guard c == "%" else {
          out.unicodeScalars.append(c)
          continue
        }
        switch scalars.next() {
        case "s":
          out += url.text
          sawURL = true
        case "%": out += "%"
        case let other?: out += "%" + String(other)
        case nil: out += "%"
        }
      }
      return out
    }
    return sawURL ? filled : filled + [url.text]
  }

  /// The commands to try, in order: `$BROWSER`'s, else `xdg-open` (`open` on macOS).
  public static func commands(environment: [String: String]) -> [BrowserCommand] {
    let listed = (environment["BROWSER"] ?? "").split(separator: ":").map { entry in
      BrowserCommand(
        words: entry.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init))
    }.filter { !$0.words.isEmpty }
    if !listed.isEmpty { return listed }
    #if os(macOS)
      return [BrowserCommand(words: ["open"])]
    #else
      return [BrowserCommand(words: ["xdg-open"])]
    #endif
  }
}
