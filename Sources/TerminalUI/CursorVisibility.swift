/// Whether the terminal's own cursor is shown.
///
/// Hidden by default; either way it rests where a screen reader should look
/// (`Canvas.cursor`), so a magnifier or screen reader can follow it when shown.
public enum CursorVisibility: String, Equatable, Hashable, Sendable, CaseIterable {
  case hidden, visible
}
