import Schedule
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// A request as curl gets it: URLs taken as written, and what a request adds (a
/// method, headers, a body) kept out of the argument vector.
@Suite struct CurlRequestTests {
  let url = try! WebURL(checking: "https://example.org/q?filter[season]=fall&t={One,Two}")

  @Test func bracketsAndBracesAreNeverGlobs() {
    let arguments = Curl.arguments(url, validators: .init(), headers: "/c/h", userAgent: "youbi")
    #expect(arguments.contains("--globoff"))
    #expect(Array(arguments.suffix(2)) == ["--url", url.text])
  }

  @Test func aPlainGETReadsNoConfig() {
    let arguments = Curl.arguments(Curl.Request(url: url), headers: "/c/h", userAgent: "youbi")
    #expect(!arguments.contains("--config") && !arguments.contains("--request"))
    #expect(Curl.config(Curl.Request(url: url)) == nil)
  }

  @Test func headersAndABodyGoInTheConfigNotTheArguments() {
    let request = Curl.Request(
      url: url, method: "POST", headers: ["Authorization: Bearer s3cret"],
      body: "{\"query\": \"a \\\"b\\\"\nc\"}")
    let arguments = Curl.arguments(request, headers: "/c/h", userAgent: "youbi")
    #expect(!arguments.joined(separator: " ").contains("s3cret"))
    let i = arguments.firstIndex(of: "--request")
    #expect(i.map { arguments[$0 + 1] } == "POST")
    let c = arguments.firstIndex(of: "--config")
    #expect(c.map { arguments[$0 + 1] } == "-")
    let config = String(decoding: Curl.config(request) ?? [], as: UTF8.self)
    #expect(
      config == """
        header = "Authorization: Bearer s3cret"
        data-binary = "{\\"query\\": \\"a \\\\\\"b\\\\\\"\\nc\\"}"

        """)
  }
}
