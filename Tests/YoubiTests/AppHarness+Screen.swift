import TerminalUI
import Testing

/// Expects `canvas` to show exactly `lines` (trailing spaces ignored); on a
/// failure, prints both screens side by side with the differing rows marked.
func expectScreen(
  _ canvas: Canvas, _ lines: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
  let actual = canvas.lines
  let expected = lines + Array(repeating: "", count: max(0, actual.count - lines.count))
  guard actual != expected else { return }
  let diff = screenDiff(expected: expected, actual: actual)
  // The actual screen as a literal too, to paste once a change is checked by eye.
  let literal = actual.map { "  " + $0.debugDescription + "," }.joined(separator: "\n")
  Issue.record(
    Comment(rawValue: "screen differs (expected | actual):\n\(diff)\nactual:\n[\n\(literal)\n]"),
    sourceLocation: sourceLocation)
}

/// Two screens row by row, `!` marking the rows that differ.
func screenDiff(expected: [String], actual: [String]) -> String {
  let width = expected.map { TextWidth.of($0) }.max() ?? 0
  return (0..<max(expected.count, actual.count)).map { i in
    let e = i < expected.count ? expected[i] : ""
    let a = i < actual.count ? actual[i] : ""
    let pad = String(repeating: " ", count: max(0, width - TextWidth.of(e)))
    return "\(e == a ? " " : "!")\(i < 10 ? " " : "")\(i) |\(e)\(pad)| \(a)"
  }.joined(separator: "\n")
}
