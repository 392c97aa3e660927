import Schedule

/// The files whose sections show a snapshot (the weeks around today) rather than the whole
/// file, and the dates those snapshots hold whole: each is read whole once something needs
/// more than those weeks (`AppState.needsWhole`), and not before, so that looking at this
/// week over a big file costs what the snapshot costs.
public struct PartialReads: Equatable, Sendable {
  /// The files still to be read whole.
  public internal(set) var paths: Set<String> = []
  /// The dates every snapshot shown holds whole.
  public internal(set) var dates: Range<CivilDate>? = nil

  public init() {}
}
