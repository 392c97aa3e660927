import Foundation
import TestSupport
import Testing

/// The package's control fields, from `scripts/deb.sh` over a stand-in binary: quick,
/// without the static build `DebTests` needs.
@Suite("End to end: the package's maintainer", .serialized)
struct DebControlTests {
  /// `deb.sh` run from the checkout on a copy of /bin/true, with `environment` added;
  /// the control file's fields, or the failure.
  func control(_ environment: [String: String]) throws -> ProcessResult {
    let dpkg = try #require(findExecutable("dpkg-deb"), "dpkg-deb is missing")
    let dir = TemporaryDirectory.scratch()
    defer { dir.remove() }
    let bin = dir.write("", to: "youbi", executable: true)
    _ = try runProcess("/bin/cp", ["/bin/true", bin])
    var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    env["DEB_MAINTAINER"] = nil
    env["DEB_MAINTAINER_EMAIL"] = environment["DEB_MAINTAINER_EMAIL"]
    let built = try runProcess(
      "/bin/sh",
      [
        "-c", "cd \"$0\" && bash scripts/deb.sh 0.0.0 \"$1\" \"$2\"",
        packagePath(""), bin, dir.path,
      ], environment: env, timeout: 120)
    guard built.status == 0 else { return built }
    let deb = built.out.trimmingCharacters(in: .whitespacesAndNewlines)
    return try runProcess(dpkg, ["--field", deb])
  }

  @Test("the maintainer is the project at a real address, and there is no Homepage yet")
  func maintainer() throws {
    let fields = try control(["DEB_MAINTAINER_EMAIL": "dev@example.org"])
    #expect(fields.status == 0, "\(fields.err)")
    #expect(
      fields.out.contains("\nMaintainer: Youbi developers <dev@example.org>\n"), "\(fields.out)")
    #expect(!fields.out.contains("localhost.invalid") && !fields.out.contains("Homepage:"))
    // From the last commit's author when nothing says otherwise.
    let gitPath = try #require(findExecutable("git"), "git is missing")
    let git = try runProcess(gitPath, ["-C", packagePath(""), "log", "-1", "--format=%ae"])
    let author = git.out.trimmingCharacters(in: .whitespacesAndNewlines)
    if git.status == 0 && !author.isEmpty {
      let fromGit = try control([:])
      #expect(
        fromGit.out.contains("\nMaintainer: Youbi developers <\(author)>\n"), "\(fromGit.out)")
    }
  }
}
