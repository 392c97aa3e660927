import Schedule

/// One line for the footer: what an action did, or what went wrong with the state file.
public struct Notice: Equatable, Sendable {
  /// What the line is about, so a later event can clear the right one.
  public enum Topic: Equatable, Sendable {
    /// A load or save failed; cleared by the next one that succeeds.
    case stateFile
    /// The state file was unreadable and moved aside; stays until replaced.
    case stateFileMovedAside
    case link
    case clipboard
    /// What `m` or `M` did, or why not; gone at the next key.
    case marks
    /// `n` or `N` went round an end of the matches; gone at the next key.
    case search
    /// A release was announced with the bell: what came out; gone at the next key.
    case notification
    /// A tracker refused the token of an account: said once, until it is taken.
    case account
    /// A word on how to do what a key did not (Esc on the page: how to quit); gone at
    /// the next key.
    case hint
    /// A `reference` that could not be read; gone at the next key.
    case reference
  }

  public var topic: Topic
  public var text: String
  public var isError: Bool

  public init(_ topic: Topic, _ text: String, isError: Bool = false) {
    self.topic = topic
    self.text = text
    self.isError = isError
  }

  /// A load or save that failed (`update` tries the save again later).
  public init(_ error: StateFileError) { self.init(.stateFile, error.message, isError: true) }

  /// How an `.open` ended, in `labels`' words when it worked.
  public init(_ result: Result<WebURL, OpenFailure>, labels: Labels) {
    switch result {
    case .success: self.init(.link, labels.opened)
    case .failure(let failure): self.init(.link, failure.message, isError: true)
    }
  }

  /// An unreadable state file, kept under another name.
  public static func stateFileMovedAside(to path: String) -> Notice {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return Notice(
      .stateFileMovedAside, "state file unreadable: moved aside to \(name)", isError: true)
  }
}
