import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Tracker accounts in the real terminal: an AniList and a MyAnimeList list shown with
/// their progress as marks, progress written back through the queue, and the token kept
/// out of every argument vector and file. The trackers are `tracker_server.py` on
/// 127.0.0.1; curl is run through a stand-in first on PATH that logs its arguments.
@Suite("End to end: accounts", .serialized, youbiRequired)
struct AccountTests {
  static let token = "tok-3f9a1c77e2b04d5e"

  /// The XDG directories shared by the youbis of one test, the server, the token file.
  final class Fixture: @unchecked Sendable {
    let scratch = TemporaryDirectory.scratch()
    let server: TrackerServer
    /// When the show's latest episode (#4) came out: a minute ago, today.
    let released = Int(time(nil)) / 60 * 60 - 60

    init(progress: Int = 2, tokenMode: Int = 0o600) throws {
      let tokyo = TimeZone(identifier: "Asia/Tokyo")!
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = tokyo
      let date = Date(timeIntervalSince1970: TimeInterval(released))
      let parts = calendar.dateComponents([.hour, .minute, .weekday], from: date)
      let formatter = DateFormatter()
      formatter.timeZone = tokyo
      formatter.dateFormat = "yyyy-MM-dd"
      let start = formatter.string(from: date.addingTimeInterval(-21 * 86_400))
      let day = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"][
        parts.weekday! - 1]
      server = try TrackerServer(state: [
        "token": AccountTests.token, "client_id": "cid-42",
        "anilist": [
          "alice": [
            [
              "id": 101, "idMal": 201, "title": "Alpha Show", "progress": progress,
              "updatedAt": 1000, "episodes": 12, "airingAt": released + 7 * 86_400,
              "episode": 5,
            ]
          ]
        ],
        "mal": [
          "bob": [
            [
              "id": 301, "title": "Mal Show", "progress": progress, "episodes": 12,
              "start_date": start, "day": day,
              "time": String(format: "%02d:%02d", parts.hour!, parts.minute!),
            ],
            [
              "id": 302, "title": "Mal Other", "progress": 0, "start_date": start, "day": "sunday",
              "time": "23:00",
            ],
            [
              "id": 303, "title": "Mal Third", "progress": 0, "start_date": start, "day": "sunday",
              "time": "23:30",
            ],
          ]
        ],
      ])
      let token = scratch.write(AccountTests.token + "\n", to: "config/youbi/token")
      chmod(token, mode_t(tokenMode))
      let real = findExecutable("curl") ?? "/usr/bin/curl"
      _ = scratch.write(
        """
        #!/bin/sh
        for a in "$@"; do printf '%s\\037' "$a"; done >> \(scratch("curl.log"))
        printf '\\n' >> \(scratch("curl.log"))
        exec \(real) "$@"

        """, to: "bin/curl", executable: true)
    }

    var tokenPath: String { scratch("config/youbi/token") }

    /// A config with one account: `anilist` or `mal`, with its token file.
    func config(_ tracker: String) -> String {
      tracker == "anilist"
        ? """
        labels = en
        anilist = alice
        anilist-api = \(server.base)
        anilist-token-file = \(tokenPath)

        """
        : """
        labels = en
        mal = bob
        mal-client-id = cid-42
        mal-api = \(server.base)/v2
        mal-token-file = \(tokenPath)

        """
    }

    var environment: [String: String] {
      [
        "XDG_CONFIG_HOME": scratch("config"), "XDG_STATE_HOME": scratch("state"),
        "XDG_CACHE_HOME": scratch("cache"), "TZ": "UTC", "no_proxy": "127.0.0.1",
        "NO_PROXY": "127.0.0.1",
        "PATH": scratch("bin") + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? ""),
      ]
    }

    func start(_ tracker: String) throws -> TerminalSession {
      _ = scratch.write(config(tracker), to: "config/youbi/config")
      return try startYoubi([], environment: environment)
    }

    /// youbi outside the terminal with `arguments`.
    func run(_ tracker: String, _ arguments: [String]) throws -> ProcessResult {
      _ = scratch.write(config(tracker), to: "config/youbi/config")
      let env = try isolatedProcessEnvironment(scratch).merging(environment) { $1 }
      return try runProcess(try YoubiBinary.path(), arguments, environment: env)
    }

    /// Every argument vector curl ran with.
    func curlArguments() -> [[String]] {
      (scratch.text("curl.log") ?? "").split(separator: "\n").map {
        $0.split(separator: "\u{1F}").map(String.init)
      }
    }

    /// The files under the XDG directories that hold the token, but its own.
    func filesHoldingTheToken() -> [String] {
      var found: [String] = []
      for base in ["config", "state", "cache"] {
        let root = scratch(base)
        let walker = FileManager.default.enumerator(atPath: root)
        while let name = walker?.nextObject() as? String {
          let path = root + "/" + name
          guard path != tokenPath, let data = FileManager.default.contents(atPath: path) else {
            continue
          }
          if String(decoding: data, as: UTF8.self).contains(AccountTests.token) {
            found.append(path)
          }
        }
      }
      return found
    }

    func close() {
      server.stop()
      scratch.remove()
    }
  }

  /// The token was in no argument vector and no file but its own.
  func expectTokenKept(_ f: Fixture, sourceLocation: SourceLocation = #_sourceLocation) {
    let vectors = f.curlArguments()
    #expect(!vectors.isEmpty, "curl ran", sourceLocation: sourceLocation)
    #expect(
      !vectors.contains { $0.contains { $0.contains(Self.token) } }, "\(vectors)",
      sourceLocation: sourceLocation)
    #expect(f.filesHoldingTheToken() == [], sourceLocation: sourceLocation)
  }

  /// The row of `title`'s episode 4 (released a minute ago), if it is on screen.
  func row(in screen: Screen, _ title: String) -> String? {
    screen.rows.first { $0.contains(title) && $0.contains("#4") }
  }

  func saves(_ f: Fixture, _ op: String) -> [[String: Any]] {
    f.server.requests(op).filter { $0["status"] as? Int == 200 }
  }
}
