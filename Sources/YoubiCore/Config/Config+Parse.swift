import JSON
import Schedule
import TerminalUI

extension Config {
  /// The largest config file read: far more than any config needs.
  public static let maxBytes = 1 << 20

  /// Reads config text; `file` names it in messages and anchors relative
  /// schedule paths, `home` expands `~`.
  ///
  /// The rules, each broken one with its own message:
  /// - a line is blank, a comment (`#` first, after any spaces), or `key = value`;
  /// - a `#` after a space or a tab starts a comment (`labels = ja  # Japanese`);
  /// - spaces around the key and value are dropped; a value in double quotes
  ///   keeps what is inside them as it is, `#` included;
  /// - the key is one of `SettingKey` (a near miss gets a did-you-mean);
  /// - the value is one the key takes (the message lists them);
  /// - the file is UTF-8 (a leading BOM is allowed), with no control
  ///   characters but tabs; lines may end in CR LF.
  public static func parse(_ bytes: [UInt8], file: String, home: String?) throws(ConfigError)
    -> Config
  {
    if bytes.count > maxBytes {
      throw ConfigError(file: file, "too large for a config file (\(bytes.count) bytes)")
    }
    var config = Config(file: file)
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    for (index, raw) in body.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      var lineBytes = raw
      if lineBytes.last == 0x0D { lineBytes = lineBytes.dropLast() }
      guard let line = String(validating: lineBytes, as: UTF8.self) else {
        throw ConfigError(file: file, line: number, "not UTF-8")
      }
      if let bad = line.unicodeScalars.first(where: {
        $0.value < 0x20 && $0 != "\t" || $0 == "\u{7F}"
      }) {
        let code = String(bad.value, radix: 16, uppercase: true)
        throw ConfigError(
          file: file, line: number,
          "control character U+\(String(repeating: "0", count: 4 - code.count))\(code)")
      }
      try config.read(line: line, number: number, home: home)
    }
    try config.checkAccounts()
    return config
  }

  /// Reads one line into the config.
  private mutating func read(line: String, number: Int, home: String?) throws(ConfigError) {
    let text = line.trimmingBlanks
    if text.isEmpty || text.hasPrefix("#") { return }
    guard let equals = text.firstIndex(of: "=") else {
      throw ConfigError(
        file: file, line: number,
        "expected \"key = value\", found \(SafeText.sanitize(Excerpt.quoted(text)))")
    }
    let name = String(text[..<equals]).trimmingBlanks
    guard !name.isEmpty else {
      throw ConfigError(file: file, line: number, "expected a key before \"=\"")
    }
    guard let key = SettingKey(rawValue: name) else {
      throw ConfigError(file: file, line: number, Self.unknownKey(name))
    }
    do {
      let rest = text[text.index(after: equals)...]
      if key == .schedule {
        schedules.append(try schedulePath(rest, line: number, home: home))
      } else if key == .reference {
        references.append(try schedulePath(rest, line: number, home: home))
      } else if Self.accountKeys.contains(key) {
        try readAccount(key, try Self.value(rest), line: number, home: home)
      } else {
        try key.read(try Self.value(rest), into: &preferences)
      }
    } catch {
      throw ConfigError(file: file, line: number, "\(key.rawValue): \(error.reason)")
    }
  }

  /// The value after `=`: without the spaces around it and a comment after it (a `#`
  /// that follows a space or a tab); in double quotes, what is inside them as it is,
  /// `#` included, and then only a comment may follow.
  static func value(_ text: Substring) throws(SettingKey.BadValue) -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    let rest = text.drop(while: blank)
    /// Whether `tail` is blank or a comment.
    func isEnd(_ tail: Substring) -> Bool {
      let tail = tail.drop(while: blank)
      return tail.isEmpty
        || tail.first == "#" && tail.startIndex != tail.base.startIndex
          && blank(tail.base[tail.base.index(before: tail.startIndex)])
    }
    if rest.first == "\"" {
      let inside = rest.dropFirst()
      guard let close = inside.firstIndex(of: "\"") else {
        throw SettingKey.BadValue(reason: "a quote is never closed")
      }
      let after = inside[inside.index(after: close)...]
      guard isEnd(after) else {
        throw SettingKey.BadValue(
          reason: "text after the closing quote: \(Excerpt.quoted(after.trimmingBlanks))")
      }
      return String(inside[..<close])
    }
    var end = rest.endIndex
    var previous: Character = " "  // a `#` first is a comment too
    for index in rest.indices {
      if rest[index] == "#" && blank(previous) {
        end = index
        break
      }
      previous = rest[index]
    }
    return rest[..<end].trimmingBlanks
  }

  /// The path a `schedule` value names: `~` is the home directory, and a
  /// relative path is taken from the config file's directory.
  func expand(_ value: String, home: String?) throws(SettingKey.BadValue) -> String {
    guard !value.isEmpty else { throw SettingKey.schedule.badValue(value) }
    if value == "~" || value.hasPrefix("~/") {
      guard let home, !home.isEmpty else {
        throw SettingKey.BadValue(reason: "cannot expand \"~\": HOME is not set")
      }
      return home + value.dropFirst()
    }
    if value.hasPrefix("/") { return value }
    guard let slash = file.lastIndex(of: "/") else { return value }
    return file[...slash] + value
  }

  /// `unknown key "lables"; did you mean "labels"?`, or the list of keys.
  static func unknownKey(_ name: String) -> String {
    let shown = "unknown key \(SafeText.sanitize(Excerpt.quoted(name)))"
    let keys = SettingKey.allCases.map(\.rawValue)
    if let near = Suggestion.nearest(to: name.replacingUnderscores, among: keys) {
      return "\(shown); did you mean \"\(near)\"?"
    }
    // An account's own settings (mal-client-id…) and `reference` are left out, so the
    // line stays short.
    let listed = SettingKey.allCases.filter {
      $0 != .reference && (!accountKeys.contains($0) || $0 == .anilist || $0 == .mal)
    }
    return "\(shown); the keys are \(listed.map(\.rawValue).joined(separator: ", "))"
  }
}

extension StringProtocol {
  /// Without leading and trailing spaces and tabs.
  var trimmingBlanks: String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) })
    else { return "" }
    return String(self[first...last])
  }

  /// `day_starts` read as `day-starts`, for suggestions.
  fileprivate var replacingUnderscores: String {
    String(map { $0 == "_" ? "-" : $0 })
  }
}
