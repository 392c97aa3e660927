/// Why a link was not opened, in one line for the footer.
public struct OpenFailure: Error, Equatable, Sendable {
  public var message: String
  public init(_ message: String) { self.message = message }
}
