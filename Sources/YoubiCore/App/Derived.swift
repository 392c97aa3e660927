/// A value worked out from the rest of the state and kept with it to save work: the
/// backlog, the rows carried over, the counters that say when to work them out again.
///
/// It takes no part in equality: two states equal in everything else show the same,
/// and one kept from before a change is worked out again before it is used
/// (`refreshBacklog()`), so comparing it would only tell how a state was reached.
struct Derived<Value: Sendable>: Equatable, Sendable {
  var value: Value

  init(_ value: Value) { self.value = value }

  static func == (a: Derived, b: Derived) -> Bool { true }
}
