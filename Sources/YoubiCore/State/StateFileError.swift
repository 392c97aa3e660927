/// Why the state file could not be read or written, in one line for the footer.
public struct StateFileError: Error, Equatable, Sendable {
  public enum Reason: Equatable, Sendable {
    /// Neither `$XDG_STATE_HOME` nor `$HOME` says where state lives.
    case noLocation
    /// A system call failed with this errno (read-only, full disk, permissions…).
    case system(errno: Int32)
    /// Another youbi held the lock for too long.
    case locked
    /// The file is from a newer youbi; it is left alone rather than rewritten.
    case newerVersion(Int)
  }

  public var reason: Reason
  /// One line, such as `cannot save marks: No space left on device`.
  public var message: String

  public init(_ reason: Reason, _ message: String) {
    self.reason = reason
    self.message = message
  }
}

/// A state file that is not a state document (torn, hand-edited, not JSON).
public struct StateDecodeError: Error, Equatable, Sendable {
  public var message: String
  public init(_ message: String) { self.message = message }
}
