import JSON
import Schedule
import TerminalUI
import YoubiCore

/// One request to a tracker's API, as curl is given it: the whole request (address,
/// method, headers, body) in a config read from standard input (`--config -`), so a
/// token never appears in an argument vector (which any user can read in `/proc`).
///
/// Pure: the config text, the fixed arguments, and the reading of the answer's headers.
/// `APICall+Run` runs it.
struct APICall: Equatable, Sendable {
  var method: String
  var url: String
  var headers: [String]
  var body: String?

  /// The largest answer read: a page of a list is a few hundred kilobytes.
  static let maxBytes = 16 << 20

  /// curl's config for the request: one `name = "value"` line each, quoted as curl's
  /// config reads them (`\\`, `\"`, `\n`, `\r`, `\t`).
  var config: String {
    var lines = ["url = " + Self.quoted(url), "request = " + Self.quoted(method)]
    for header in headers { lines.append("header = " + Self.quoted(header)) }
    if let body { lines.append("data-binary = " + Self.quoted(body)) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` in double quotes, escaped for curl's config.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// The arguments (without the program's name): fixed, whatever the request. No
  /// redirects are followed, so a header is never sent to another host.
  static func arguments(userAgent: String) -> [String] {
    [
      "-q", "--silent", "--show-error", "--globoff",
      "--proto", "=http,https", "--max-redirs", "0",
      "--connect-timeout", String(Curl.connectTimeout), "--max-time", String(Curl.maxTime),
      "--max-filesize", String(maxBytes), "--compressed", "--user-agent", userAgent,
      "--dump-header", "/dev/fd/3", "--output", "-", "--config", "-",
    ]
  }

  /// What came back: the status, `Retry-After` in seconds when it said, and the body.
  struct Answer: Equatable, Sendable {
    var status: Int
    var retryAfter: Int64?
    var body: [UInt8]
  }

  /// The status and `Retry-After` (seconds; an HTTP date is taken as a minute) of the
  /// last response in a header dump; nil when there is none.
  static func head(fromDump bytes: [UInt8]) -> (status: Int, retryAfter: Int64?)? {
    var found: (status: Int, retryAfter: Int64?)? = nil
    for raw in bytes.split(separator: 0x0A) {
      let line = String(decoding: raw.last == 0x0D ? raw.dropLast() : raw, as: UTF8.self)
      if line.hasPrefix("HTTP/") {
        let words = line.split(separator: " ")
        found = words.count > 1 ? Int(words[1]).map { ($0, nil) } : nil
        continue
      }
      guard found != nil, let colon = line.firstIndex(of: ":"),
        line[..<colon].lowercased() == "retry-after"
      else { continue }
      let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t")
      found?.retryAfter = Int64(value).map { min(max($0, 0), 86_400) } ?? 60
    }
    return found
  }

  /// The first `errors[].message` of a GraphQL answer, made safe, cut to a line.
  static func graphQLError(_ body: [UInt8]) -> String? {
    guard let tree = try? JSONValue(parsing: body),
      let message = tree["errors"]?.array?.first?["message"]?.string
    else { return nil }
    return SafeText.sanitize(String(message.prefix(120)))
  }
}

extension APICall {
  /// The `message` (else the `error`) of a REST error answer, as MyAnimeList sends
  /// (`{"error": "invalid_token", "message": "…"}`), made safe.
  static func restError(_ body: [UInt8]) -> String? {
    guard let tree = try? JSONValue(parsing: body) else { return nil }
    let text = tree["message"]?.string ?? tree["error"]?.string
    return text.map { SafeText.sanitize(String($0.prefix(120))) }
  }
}
