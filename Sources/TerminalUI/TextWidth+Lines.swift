/// Fitting text into columns a whole character at a time.
extension TextWidth {
  /// The end of `text` that fits in `width` columns, whole characters only:
  /// what a one-line prompt shows of a long entry.
  ///
  /// - Complexity: O(characters × columns); prompts are short.
  public static func tail(of text: String, fitting width: Int) -> String {
    guard width > 0 else { return "" }
    var tail = Substring(text)
    while of(String(tail)) > width, !tail.isEmpty { tail = tail.dropFirst() }
    return String(tail)
  }

  /// The start of `text` that fits in `width` columns, ending in `…` when it was
  /// cut: a status bar's one short line.
  ///
  /// - Complexity: O(characters).
  public static func head(of text: String, fitting width: Int) -> String {
    guard of(text) > width else { return text }
    guard width > 1 else { return width == 1 ? "…" : "" }
    var head = ""
    var used = 0
    for character in text {
      let w = of(String(character))
      if used + w > width - 1 { break }
      head.append(character)
      used += w
    }
    return head + "…"
  }

  /// `text` cut into lines of at most `width` columns, at spaces where it
  /// can, else between characters.
  public static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var line: [Character] = []
    var used = 0
    for character in text {
      let w = of(String(character))
      if used + w > width && !line.isEmpty {
        if character != " ", let space = line.lastIndex(of: " "), space > 0 {
          lines.append(String(line[..<space]))
          line = Array(line[(space + 1)...])
        } else {
          lines.append(String(line))
          line = []
        }
        used = of(String(line))
        if character == " " { continue }
      }
      line.append(character)
      used += w
    }
    if !line.isEmpty { lines.append(String(line)) }
    return lines
  }

  /// `label` followed by `value`, cut into lines of at most `width` columns with a
  /// hanging indent: the first line starts with the label, and the lines after it start
  /// `indent` columns in, where the value does (the label's display width, wide
  /// characters counted as two columns), so a wrapped value reads on under itself. A
  /// label wider than half the width is not hung from: the whole is wrapped as one text
  /// (`indent` 0).
  public static func wrap(_ value: String, width: Int, after label: String) -> (
    indent: Int, lines: [String]
  ) {
    let indent = of(label)
    guard indent > 0, indent <= width / 2 else { return (0, wrap(label + value, width: width)) }
    let lines = wrap(value, width: width - indent)
    guard let first = lines.first else { return (indent, [label]) }
    return (indent, [label + first] + lines.dropFirst())
  }
}
