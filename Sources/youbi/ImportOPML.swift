import Schedule

/// `youbi --import-opml FILE`: the `schedule = URL` lines for the config file, one for
/// each feed an OPML subscription list names. Youbi never edits the config itself: the
/// lines are printed to add by hand.
enum ImportOPML {
  static let option = "--import-opml"

  /// The FILE of `arguments` when they ask for this and nothing else
  /// (`--import-opml FILE`, `--import-opml=FILE`); nil otherwise.
  static func file(in arguments: [String]) -> String? {
    if arguments.count == 2, arguments[0] == option { return arguments[1] }
    if arguments.count == 1, arguments[0].hasPrefix(option + "=") {
      return String(arguments[0].dropFirst(option.count + 1))
    }
    return nil
  }

  /// Prints the lines for the OPML file at `path`; a URL that is not http(s) is left
  /// out and counted on standard error.
  static func run(_ path: String) throws(Exit) -> Int32 {
    let found: OPML.Subscriptions
    do {
      found = try OPML.read(path: path)
    } catch {
      throw Exit(error)
    }
    let lines = found.urls.map { "schedule = " + $0.text + "\n" }.joined()
    try writeOutput(lines)
    if found.leftOut > 0 {
      let n = found.leftOut
      fail("youbi: \(path): \(n) feed\(n == 1 ? "" : "s") left out: not an http(s) URL")
    }
    if found.urls.isEmpty {
      throw Exit(65, "youbi: \(path): no feed in it (no outline with an xmlUrl)")
    }
    return 0
  }
}
