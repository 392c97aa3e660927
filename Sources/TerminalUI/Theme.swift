/// The colour scheme a person chose: carried from the config file or the
/// command line to the backend, which maps it to colour pairs.
public enum Theme: String, Equatable, Hashable, Sendable, CaseIterable {
  /// Colours for a dark background (today's).
  case dark
  /// Colours that stay readable on a white background.
  case light
  /// No colour: bold, reverse and underline only, as with `NO_COLOR`.
  case mono
}
