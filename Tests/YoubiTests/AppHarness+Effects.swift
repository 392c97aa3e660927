import Schedule
import Testing

@testable import YoubiCore

/// Expects `effects` to be exactly `expected`, in order. On a failure it prints
/// both lists and the actual one as Swift, to paste once a change is checked.
func expectEffects(
  _ effects: [Effect], _ expected: [Effect], sourceLocation: SourceLocation = #_sourceLocation
) {
  guard effects != expected else { return }
  let unasserted = effects.filter { !expected.contains($0) }
  let missing = expected.filter { !effects.contains($0) }
  var text = "effects differ"
  if !unasserted.isEmpty {
    text += "\nunasserted: " + unasserted.map(swiftLiteral).joined(separator: ", ")
  }
  if !missing.isEmpty {
    text += "\nnot received: " + missing.map(swiftLiteral).joined(separator: ", ")
  }
  text += "\nactual: [" + effects.map(swiftLiteral).joined(separator: ", ") + "]"
  Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
}

/// `effect` as the Swift expression that makes it.
func swiftLiteral(_ effect: Effect) -> String {
  switch effect {
  case .quit(let status, let message):
    ".quit(status: \(status)" + (message.map { ", message: \($0.debugDescription)" } ?? "") + ")"
  case .wake(let at): ".wake(at: \(swiftLiteral(at)))"
  case .load(let path, let pages, let horizon):
    ".load(path: \(path.debugDescription)\(pages.isEmpty ? "" : ", pages: \(pages)")"
      + (horizon == Horizon() ? "" : ", horizon: \(horizon)") + ")"
  case .watch(let paths): ".watch(paths: \(paths.map(\.debugDescription)))"
  case .loadState: ".loadState"
  case .save(let marks): ".save(\(marks))"
  case .open(let url): ".open(webURL(\(url.description.debugDescription)))"
  case .copy(let text): ".copy(\(text.debugDescription))"
  case .notify(let notification): ".notify(\(notification))"
  case .deliver(let notification): ".deliver(\(notification))"
  case .fetch(let url, let at): ".fetch(webURL(\(url.description.debugDescription)), at: \(at))"
  case .sync(let request): ".sync(\(request))"
  case .loadReferences: ".loadReferences"
  }
}

/// `duration` as the Swift expression that makes it: whole seconds (or the
/// harness's `beforeMidnight`), then milliseconds or nanoseconds (or `frame`).
func swiftLiteral(_ duration: Duration) -> String {
  if duration == frame { return "frame" }
  let (seconds, attoseconds) = duration.components
  let nanoseconds = attoseconds / 1_000_000_000
  var parts: [String] = []
  if seconds == beforeMidnight.components.seconds {
    parts.append("beforeMidnight")
  } else if seconds != 0 {
    parts.append(".seconds(\(seconds))")
  }
  if nanoseconds % 1_000_000 == 0 && nanoseconds != 0 {
    parts.append("ms(\(nanoseconds / 1_000_000))")
  } else if nanoseconds != 0 {
    parts.append(".nanoseconds(\(nanoseconds))")
  }
  return parts.isEmpty ? ".zero" : parts.joined(separator: " + ")
}
