extension Array {
  /// Moves the elements to an array of their size, unless the room held is near it: an
  /// array grown by appending may hold twice the room its elements take, for as long
  /// as it is kept.
  public mutating func dropSpareRoom() {
    guard capacity > count + count / 8 else { return }
    var exact: [Element] = []
    exact.reserveCapacity(count)
    exact += self
    self = exact
  }
}

extension Array where Element == Serial {
  /// Appends `entry`, growing by a quarter when full, not by doubling: a catalogue's
  /// seven day lists grow together (a daily show is on each), and doubling could leave
  /// half of each spare, and three times a list's room held while it grows.
  mutating func appendSparingly(_ entry: Serial) {
    if count == capacity, count >= 1024 { reserveCapacity(count + count / 4) }
    append(entry)
  }
}
