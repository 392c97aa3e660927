/// Per-page memory keyed by logical page, so a dummy shares its real page's value.
///
/// Scroll offsets and cursors live here rather than in the page views: the dummy of Monday
/// then shows exactly what Monday will show after the snap, and nothing jumps.
public struct PageMemory<Value: Equatable & Sendable>: Equatable, Sendable {
  /// The value of a page that was never written.
  public let defaultValue: Value
  /// When set, keys wrap modulo this count (looping pagers), so dummies alias real pages.
  public let wrappingCount: Int?
  private var values: [Int: Value] = [:]

  /// Memory whose keys are used as given; pass `pager.logicalPage(_:)` for strip indices.
  public init(default defaultValue: Value) {
    self.defaultValue = defaultValue
    self.wrappingCount = nil
  }

  /// Memory shaped for a pager mode: for a looping pager, any index wraps to its real page.
  ///
  /// With this initialiser `memory[-1]` and `memory[count - 1]` are the same slot, which is
  /// what makes the dummy before page 0 indistinguishable from the last page.
  public init(default defaultValue: Value, mode: PagerMode) {
    self.defaultValue = defaultValue
    if case .looping(let count) = mode, count > 0 {
      self.wrappingCount = count
    } else {
      self.wrappingCount = nil
    }
  }

  /// The logical page a key is stored under.
  public func key(_ page: Int) -> Int {
    guard let n = wrappingCount else { return page }
    return page.wrapped(n)
  }

  /// The value for a page; writing the default value forgets the page.
  ///
  /// Forgetting keeps two memories with the same visible contents `==`.
  public subscript(page: Int) -> Value {
    get { values[key(page)] ?? defaultValue }
    set {
      if newValue == defaultValue {
        values[key(page)] = nil
      } else {
        values[key(page)] = newValue
      }
    }
  }

  /// The logical pages holding a non-default value, in ascending order.
  public var storedPages: [Int] { values.keys.sorted() }

  /// Forget every page.
  public mutating func removeAll() { values.removeAll() }

  /// Forgets every page outside `kept`, so memory for an infinite pager stays bounded
  /// however far one pages.
  ///
  /// - Complexity: O(stored pages).
  public mutating func prune(keeping kept: ClosedRange<Int>) {
    values = values.filter { kept.contains($0.key) }
  }
}
