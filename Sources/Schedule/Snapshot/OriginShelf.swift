import Synchronization

/// The bodies of a snapshot's origins (titles, airing, links, slots: `Origin.Body`),
/// left in the snapshot's bytes until something asks for one, then read all at once.
///
/// A week printed from bangumi-data's snapshot needs of an origin only that it is one
/// and its episode numbers; reading every body was two thirds of the snapshot's decoding.
/// The snapshot writes the bodies after the schedule (`SnapshotEncoder.shelved`), in the
/// order the origins came, and its checksum covers them: they were checked with the rest.
final class OriginShelf: Sendable {
  private let state = Mutex(State())

  private struct State {
    /// A decoder at the first body, with the strings and site tables read before it;
    /// nil once the bodies are read.
    var pending: SnapshotDecoder?
    var count = 0
    var bodies: [Origin.Body] = []
  }

  /// Hands the shelf the bytes of its `count` bodies, where `decoder` stands. The
  /// decoder's origins and shelf are not kept: no body refers to them, and every origin
  /// shelved here refers to the shelf (a cycle, which a shelf never read would leak).
  func stock(_ decoder: SnapshotDecoder, count: Int) {
    var decoder = decoder
    decoder.origins = []
    decoder.shelf = nil
    state.withLock { [decoder] state in
      state.pending = decoder
      state.count = count
    }
  }

  /// The body at `index`. Bytes that make no body (only a bug could write them: the
  /// checksum held) read as empty bodies, never a trap.
  func body(_ index: Int) -> Origin.Body {
    state.withLock { state in
      if var d = state.pending {
        state.pending = nil
        state.bodies = (try? Self.read(&d, count: state.count)) ?? []
      }
      return index < state.bodies.count ? state.bodies[index] : Origin.Body()
    }
  }

  private static func read(_ d: inout SnapshotDecoder, count: Int) throws(SnapshotError)
    -> [Origin.Body]
  {
    var bodies: [Origin.Body] = []
    bodies.reserveCapacity(count)
    for _ in 0..<count { bodies.append(try Origin.readBody(from: &d)) }
    guard d.isAtEnd else { throw SnapshotError("bytes after the origins") }
    return bodies
  }
}
