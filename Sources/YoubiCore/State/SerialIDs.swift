/// Who each serial of a list is, in order: a day's identities (`SafeSchedule.identities`),
/// or a page's (`DatePage.ids`).
///
/// A day's identities are held in its week's distinct ones: the weekly pieces of one
/// show share its identity, and a daily show is seven pieces, fourteen where a change
/// of offset falls inside the horizon. Each piece is then an index of four bytes, not
/// an identity of 24 (100,000 daily shows in Berlin: 34 MB of identities became 8). A
/// day whose entries share none is a run of the distinct ones, with no index at all.
public struct SerialIDs: RandomAccessCollection, Equatable, Sendable {
  /// The identities held: the list itself (from `start`), or those `slots` index.
  private let known: [SerialID]
  /// For each entry, its identity's index in `known`; nil when the list is the run of
  /// `known` from `start`.
  private let slots: [UInt32]?
  private let start: Int
  public let endIndex: Int

  /// The list `ids`, as it is.
  public init(_ ids: [SerialID] = []) {
    known = ids
    slots = nil
    start = 0
    endIndex = ids.count
  }

  /// The entries `slots`, each an index into `known`: held as a run when they are one.
  init(known: [SerialID], slots: [UInt32]) {
    self.known = known
    endIndex = slots.count
    let first = slots.first.map(Int.init) ?? 0
    let isRun = slots.indices.allSatisfy { Int(slots[$0]) == first + $0 }
    self.slots = isRun ? nil : slots
    start = isRun ? first : 0
  }

  public var startIndex: Int { 0 }

  /// How many identities it holds (the week's, for a day of it), and whether it holds
  /// an index for each entry.
  var heldCount: Int { known.count }
  var isIndexed: Bool { slots != nil }

  public subscript(position: Int) -> SerialID {
    guard let slots else { return known[start + position] }
    return known[Int(slots[position])]
  }

  /// Equal when they list the same identities in the same order, however each is held
  /// (one sharing the other's storage is told at once).
  public static func == (a: SerialIDs, b: SerialIDs) -> Bool {
    (a.start == b.start && a.endIndex == b.endIndex && a.slots == b.slots && a.known == b.known)
      || a.elementsEqual(b)
  }
}

/// Who each serial of a week is, day by day (indexed by `Weekday.rawValue`): each
/// distinct identity held once.
public struct WeekIdentities: RandomAccessCollection, Equatable, Sendable {
  private let days: [SerialIDs]

  /// The week whose day `d` lists `known[slots[d][i]]`.
  init(known: [SerialID], slots: [[UInt32]]) {
    days = slots.map { SerialIDs(known: known, slots: $0) }
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { days.count }
  public subscript(day: Int) -> SerialIDs { days[day] }

  /// How many identities are held: one for each show, however many pieces it has.
  var heldCount: Int { days.first?.heldCount ?? 0 }
}
