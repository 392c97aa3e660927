import Foundation
import JSON
import TestSupport
import Testing

@testable import YoubiCore

/// `#` after white space starts a comment, as in most config formats; quotes keep one.
@Suite struct ConfigCommentTests {
  let file = "/home/u/.config/youbi/config"

  func parse(_ text: String) throws(ConfigError) -> Config {
    try Config.parse(Array(text.utf8), file: file, home: "/home/u")
  }

  func refusal(_ text: String) -> String? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func aCommentAfterAValueIsLeftOut() throws {
    let config = try parse("labels = ja  # Japanese\nmouse = no\t# the terminal's\n")
    #expect(config.preferences == Preferences(labels: .ja, mouse: false))
  }

  @Test func aHashInsideAWordOrQuotesIsKept() throws {
    let config = try parse(
      """
      schedule = ~/a#b.json
      schedule = "~/my #1 week.json"   # quoted: the # is the name's
      schedule = "~/two"
      """)
    #expect(
      config.schedules.map(\.path) == [
        "/home/u/a#b.json", "/home/u/my #1 week.json", "/home/u/two",
      ])
  }

  @Test func aValueThatIsOnlyACommentIsNothing() {
    #expect(
      refusal("labels = # later")
        == "youbi: \(Excerpt.path(file)):1: labels: expected ja or en, found nothing")
  }

  @Test func aQuoteMustCloseAndEndTheValue() {
    #expect(
      refusal("schedule = \"~/week.json")
        == "youbi: \(Excerpt.path(file)):1: schedule: a quote is never closed")
    #expect(
      refusal("schedule = \"~/a\" b")
        == "youbi: \(Excerpt.path(file)):1: schedule: text after the closing quote: \"b\"")
  }

  /// The sample configs of the README and the usage reference, as written there, are
  /// accepted.
  @Test(arguments: ["README.md", "docs/Usage.md"])
  func theSamplesAreAccepted(document: String) throws {
    let text = try String(contentsOfFile: packagePath(document), encoding: .utf8)
    let start = try #require(text.range(of: "```\n# ~/.config/youbi/config\n"))
    let rest = text[start.upperBound...]
    let end = try #require(rest.range(of: "```"))
    let sample = String(rest[..<end.lowerBound])
    let config = try parse(sample)
    #expect(
      config.schedules.count == sample.split(separator: "\n").count { $0.hasPrefix("schedule =") })
    #expect(config.schedules.count >= 2)
    #expect(config.preferences.dayStartHour == 5)
  }
}

/// Every path and value a config message quotes is cut to 40 characters.
@Suite struct ConfigMessageCutTests {
  let long = String(repeating: "u", count: 100_000)

  func message(_ text: String, file: String = "/home/u/.config/youbi/config") -> String {
    do {
      _ = try Config.parse(Array(text.utf8), file: file, home: "/home/u")
      return "parsed"
    } catch {
      return error.message
    }
  }

  @Test func longValuesKeysAndLinesAreCut() {
    let cut = String(repeating: "u", count: 40) + "…"
    #expect(message("labels = \(long)").hasSuffix("labels: expected ja or en, found \"\(cut)\""))
    #expect(message("x\(long)").contains("found \"x\(cut.dropLast(2))…\""))
    #expect(message("\(long) = 1").contains("unknown key \"\(cut)\""))
    for text in ["labels = \(long)", "x\(long)", "\(long) = 1"] {
      #expect(message(text).count < 300)
    }
  }

  @Test func aLongFileNameKeepsItsEnd() {
    let path = "/" + String(repeating: "d", count: 1000) + "/config"
    let text = message("labels = jp", file: path)
    #expect(text.hasPrefix("youbi: …" + String(repeating: "d", count: 32) + "/config:1: "))
  }
}
