/// A value worked out from the rest of the state and kept with it to save work: the
/// backlog, the rows carried over, the counters that say when to work them out again.
///
/// It takes no part in equality: it is a function of what does (marks, schedules,
/// the clock), worked out again before it is used (`refreshBacklog()`), so comparing
/// it would only tell how a state was reached (its counters count changes). That is
/// checked, not assumed: `derivedCachesHold` works every cache out afresh and
/// compares, and the app tests' harness asks it after every update, so a whole-state
/// check that passes has compared everything that decides what is shown.
struct Derived<Value: Equatable & Sendable>: Equatable, Sendable {
  var value: Value

  init(_ value: Value) { self.value = value }

  static func == (a: Derived, b: Derived) -> Bool { true }
}
