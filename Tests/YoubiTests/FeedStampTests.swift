import Posix
import Schedule
import TestSupport
import Testing

@testable import YoubiCore
@testable import YoubiRuntime

/// When a cached copy counts as current: a stamp from a torn or hand-made
/// metadata file, or from a clock that was wrong, never traps and never keeps a
/// copy fresh for a year.
@Suite struct FeedStampTests {
  let dir = TemporaryDirectory("youbi-stamps")
  let url = try! WebURL(checking: "https://example.org/week.json")

  @Test(arguments: [Int64.max, Int64.max - 100, Int64.min, Int64.min + 1])
  func aStampAtAnEndOfInt64IsDueWithoutATrap(stamp: Int64) {
    var feed = Feed(url: url, bodyPath: "/x.body", hasCopy: true, fetchedAt: stamp)
    #expect(feed.due != nil)
    feed.failures = 3
    feed.lastAttempt = Int64.max - 1
    #expect(feed.due == Int64.max)
  }

  /// A cache holding a good copy whose metadata says it was fetched at `stamp`.
  func cache(stamped stamp: Int64?) throws -> FeedCache {
    let cache = FeedCache(directory: dir.path)
    let info = try AtomicFile.write(Array("{}".utf8), to: cache.bodyPath(url))
    var meta = FeedMeta(url: url.text, status: "updated")
    meta.fetchedAt = stamp
    meta.bodyStamp = FeedCache.stamp(info)
    try AtomicFile.write(meta.json, to: cache.metaPath(url))
    return cache
  }

  @Test func aCopyStampedInThePastCounts() throws {
    #expect(try cache(stamped: 1_000).fetchedAt(url, now: 2_000) == 1_000)
  }

  @Test(arguments: [2_001, 2_000 + 365 * 86_400, Int64.max, -1, Int64.min] as [Int64])
  func aCopyStampedInTheFutureOrBefore1970IsStale(stamp: Int64) throws {
    #expect(try cache(stamped: stamp).fetchedAt(url, now: 2_000) == nil)
  }

  @Test func aCopyTheMetadataDoesNotDescribeIsStale() throws {
    let cache = try cache(stamped: 1_000)
    try AtomicFile.write(Array("{\"days\": {}}".utf8), to: cache.bodyPath(url))
    #expect(cache.fetchedAt(url, now: 2_000) == nil)
  }
}
