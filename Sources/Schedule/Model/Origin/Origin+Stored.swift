/// Where an origin keeps what its source said of the show: in itself, or still in a
/// snapshot's bytes (`OriginShelf`) until something reads it.
extension Origin {
  /// Where an origin's body is.
  enum Stored: Sendable {
    /// Read: a source's reader made it, or a snapshot's shelf was read.
    case here(Body)
    /// On a snapshot's shelf (`OriginShelf`), read on first use; what a week's list
    /// needs of it beside it. Boxed, so an origin read from its source carries one
    /// reference for it, not the listing's room.
    case shelved(Shelved)
  }

  /// Where a shelved body is, and the listing kept beside it.
  final class Shelved: Sendable {
    let shelf: OriginShelf
    let index: Int
    let listing: Listing

    init(_ shelf: OriginShelf, _ index: Int, _ listing: Listing) {
      self.shelf = shelf
      self.index = index
      self.listing = listing
    }
  }

  /// What a week's list reads of every origin (its episode numbers, its platform, its
  /// marks and progress): kept in the origin while its body is shelved.
  struct Listing: Sendable {
    var episode: EpisodeAnchor?
    var platform: String?
    var release: String?
    var progress: TrackerProgress?
  }

  var listing: Listing {
    switch stored {
    case .here(let body):
      Listing(
        episode: body.extras?.episode, platform: body.extras?.platform,
        release: body.extras?.release, progress: body.extras?.progress)
    case .shelved(let shelved): shelved.listing
    }
  }

  /// Every field but `id` and `isExpected`.
  struct Body: Sendable {
    var titles: [Title] = []
    var airing: Airing?
    var extras: Extras?
  }

  var body: Body {
    switch stored {
    case .here(let body): body
    case .shelved(let shelved): shelved.shelf.body(shelved.index)
    }
  }
}
