/// What a section's serials are: the words for marking a release seen follow it
/// (watched, read, done).
public enum SectionKind: String, CaseIterable, Equatable, Hashable, Sendable {
  case anime, manga, other
}
