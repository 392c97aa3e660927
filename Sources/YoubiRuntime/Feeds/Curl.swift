import Schedule
import TerminalUI
import YoubiCore

/// How youbi asks the system's `curl` for a URL, and how it reads the answer.
///
/// Pure: the argument vector, the response headers curl dumps, and what its
/// exit status means. `Fetcher` runs it. curl is started with `posix_spawn`
/// and this vector, never through a shell; `-q` skips `~/.curlrc`, so the
/// options below hold, while proxies (`http_proxy`, `https_proxy`,
/// `no_proxy`…) and certificates (the system's store, `CURL_CA_BUNDLE`,
/// `SSL_CERT_FILE`) come from the environment as curl reads them.
enum Curl {
  /// The validators of the copy in the cache, for a conditional request.
  struct Validators: Equatable {
    var etag: String?
    var lastModified: String?
  }

  /// The largest body accepted: what a schedule file may be.
  static let maxBytes = ScheduleLoader.maxInputBytes
  static let maxRedirects = 5
  static let connectTimeout = 10
  static let maxTime = 60

  /// What to ask a server: GET unless `method` says otherwise, with `headers`
  /// (`Name: value`) and a text `body`.
  ///
  /// The headers and the body go to curl in a config on its standard input
  /// (`--config -`), never in its argument vector, where `ps` would show a token.
  struct Request: Equatable, Sendable {
    var url: WebURL
    var method = "GET"
    var headers: [String] = []
    var body: String? = nil
    /// The validators of a cached copy, for a conditional request.
    var validators = Validators()
  }

  /// The arguments (without the program's name) to fetch `url` as `userAgent`,
  /// writing the body to standard output and the response headers to `headers`.
  static func arguments(
    _ url: WebURL, validators: Validators, headers: String, userAgent: String
  ) -> [String] {
    arguments(Request(url: url, validators: validators), headers: headers, userAgent: userAgent)
  }

  /// The arguments (without the program's name) for `request`, writing the body to
  /// standard output and the response headers to `headers`. `--globoff`: brackets
  /// and braces in a URL (`?filter[season]=fall`) are the URL's, not curl's globs.
  static func arguments(_ request: Request, headers: String, userAgent: String) -> [String] {
    var arguments = [
      "-q", "--silent", "--show-error", "--location", "--globoff",
      "--max-redirs", String(maxRedirects),
      "--proto", "=http,https", "--proto-redir", "=http,https",
      "--connect-timeout", String(connectTimeout), "--max-time", String(maxTime),
      "--max-filesize", String(maxBytes), "--compressed",
      "--user-agent", userAgent,
      "--dump-header", headers, "--output", "-",
    ]
    if request.method != "GET" { arguments += ["--request", request.method] }
    if let etag = request.validators.etag { arguments += ["--header", "If-None-Match: " + etag] }
    if let date = request.validators.lastModified {
      arguments += ["--header", "If-Modified-Since: " + date]
    }
    if config(request) != nil { arguments += ["--config", "-"] }
    return arguments + ["--url", request.url.text]
  }

  /// The config curl reads on its standard input for `request`'s headers and
  /// body; nil when it has neither.
  static func config(_ request: Request) -> [UInt8]? {
    guard !request.headers.isEmpty || request.body != nil else { return nil }
    func quoted(_ text: String) -> String {
      var out = "\""
      for c in text.unicodeScalars {
        switch c {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default: out.unicodeScalars.append(c)
        }
      }
      return out + "\""
    }
    var lines = request.headers.map { "header = " + quoted($0) }
    if let body = request.body { lines.append("data-binary = " + quoted(body)) }
    return Array((lines.joined(separator: "\n") + "\n").utf8)
  }

  /// The final response in curl's header dump (redirects and `100 Continue`
  /// come before it): its status and validators.
  struct Response: Equatable {
    var status: Int
    var validators: Validators
  }

  /// Reads the last response of a header dump; nil when there is none.
  static func response(fromDump bytes: [UInt8]) -> Response? {
    var last: Response? = nil
    var current: Response? = nil
    // By bytes: as a String, CR LF is one Character and would not split at "\n".
    for raw in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
      let line = String(decoding: raw.last == 0x0D ? raw.dropLast() : raw, as: UTF8.self)
      if line.hasPrefix("HTTP/") {
        let words = line.split(separator: " ")
        current =
          words.count > 1 ? Int(words[1]).map { Response(status: $0, validators: .init()) } : nil
        continue
      }
      if line.isEmpty {
        if let current { last = current }
        current = nil
        continue
      }
      guard current != nil, let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t")
      guard isSafeHeaderValue(value) else { continue }
      if name == "etag" { current?.validators.etag = value }
      if name == "last-modified" { current?.validators.lastModified = value }
    }
    return current ?? last
  }

  /// A value fit to send back in a header: printable ASCII, not too long.
  static func isSafeHeaderValue(_ value: String) -> Bool {
    !value.isEmpty && value.utf8.count <= 512 && value.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  }

  /// What curl's exit status `code` means, with its message (`curl: (6) …`)
  /// as the detail; nil for 0.
  static func failure(exitCode code: Int32, message: String) -> FetchFailure? {
    var detail = message.split(separator: "\n").last.map(String.init) ?? ""
    if detail.hasPrefix("curl: ("), let close = detail.firstIndex(of: ")") {
      detail = String(detail[detail.index(after: close)...]).trimmingCharacters(in: " ")
    }
    detail = SafeText.sanitize(String(detail.prefix(200)))
    switch code {
    case 0: return nil
    case 5, 6, 7: return FetchFailure(.offline, detail)
    case 28: return FetchFailure(.timedOut, detail)
    case 47: return FetchFailure(.tooManyRedirects, detail)
    case 63: return FetchFailure(.tooLarge, detail)
    case 18, 56: return FetchFailure(.cutShort, detail)
    default:
      return FetchFailure(.other, detail.isEmpty ? "curl exited with status \(code)" : detail)
    }
  }
}

extension StringProtocol {
  /// Without leading and trailing characters from `set`.
  func trimmingCharacters(in set: String) -> String {
    guard let first = firstIndex(where: { !set.contains($0) }),
      let last = lastIndex(where: { !set.contains($0) })
    else { return "" }
    return String(self[first...last])
  }
}
