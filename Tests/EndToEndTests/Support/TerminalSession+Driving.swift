import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension TerminalSession {
  /// `send-keys` with tmux key names, all in ONE tmux command.
  func send(_ keys: String...) throws { try send(keys) }
  func send(_ keys: [String]) throws {
    try server.run(["send-keys", "-t", name] + keys)
  }
  /// Sends text literally (`send-keys -l`).
  func type(_ text: String) throws {
    try server.run(["send-keys", "-t", name, "-l", text])
  }

  /// Sends a mouse report for a cell (0-based `x`, `y`) as tmux would to a
  /// program on its default `TERM=screen`: the X10 encoding `ESC [ M Cb Cx Cy`.
  /// `button` 0 is the left button, 32 added means motion with it held; a
  /// release is button 3. The bytes go straight to the program (`send-keys -H`).
  func mouse(button: Int, x: Int, y: Int, release: Bool = false) throws {
    let cb = 32 + (release ? 3 : button)
    try raw([0x1B, 0x5B, 0x4D, UInt8(cb), UInt8(33 + x), UInt8(33 + y)])
  }

  /// Sends raw bytes to the program, as a terminal would (`send-keys -H`).
  func raw(_ bytes: [UInt8]) throws {
    try server.run(["send-keys", "-t", name, "-H"] + bytes.map { String($0, radix: 16) })
  }
  func raw(_ text: String) throws { try raw(Array(text.utf8)) }

  func resize(width: Int, height: Int) throws {
    try server.run(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
  }

  var programPID: pid_t? {
    dir.text("pid").flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
  }

  func signal(_ sig: Int32) throws {
    guard let pid = programPID else { throw HarnessError("program pid unknown") }
    guard kill(pid, sig) == 0 else { throw HarnessError("kill(\(pid), \(sig)) failed") }
  }
}
