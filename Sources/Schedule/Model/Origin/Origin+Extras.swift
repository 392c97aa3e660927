/// The fields of an `Origin` that few have, in an object of their own: a slot read
/// from a large catalogue has none of them, and its origin then costs 112 bytes
/// instead of 288.
extension Origin {
  /// The fields few origins have; nil in the origin when every one is empty.
  final class Extras: Sendable {
    let episode: EpisodeAnchor?
    let givenLinks: [Link]
    let siteLinks: SiteLinks?
    let progress: TrackerProgress?
    let release: String?
    let otherIDs: [String]
    let slots: [PlatformSlot]
    let platform: String?
    let tvAiring: Airing?

    init(
      episode: EpisodeAnchor?, givenLinks: [Link], siteLinks: SiteLinks?,
      progress: TrackerProgress?, release: String?, otherIDs: [String], slots: [PlatformSlot],
      platform: String?, tvAiring: Airing?
    ) {
      self.episode = episode
      self.givenLinks = givenLinks
      self.siteLinks = siteLinks
      self.progress = progress
      self.release = release
      self.otherIDs = otherIDs
      self.slots = slots
      self.platform = platform
      self.tvAiring = tvAiring
    }

    var isEmpty: Bool {
      episode == nil && givenLinks.isEmpty && siteLinks == nil && progress == nil
        && release == nil && otherIDs.isEmpty && slots.isEmpty && platform == nil
        && tvAiring == nil
    }
  }
}
