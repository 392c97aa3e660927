import Schedule
import Synchronization
import YoubiCore
import YoubiRuntime

/// The `reference` catalogues, once read: every schedule read after them is enriched
/// by them (`Reading.load`). Read in the background behind the first frame, so a read
/// begun before holds none yet; the sections are read again when they arrive.
final class References: Sendable {
  /// The references named (files, or URLs read from their cached copy).
  let sources: [ScheduleSource]
  /// How old a URL's copy may get before it is fetched again, in seconds.
  let refresh: Int64
  /// The catalogue read, and whether every reference was read with no warning.
  private let catalogue = Mutex<(read: ReferenceCatalogue?, whole: Bool)>((nil, false))

  init(_ sources: [ScheduleSource], refresh: Int64 = 6 * 3600) {
    self.sources = sources
    self.refresh = refresh
  }

  /// The references that are files, as named: watched while youbi runs.
  var files: [String] {
    sources.compactMap { if case .file(let path) = $0 { path } else { nil } }
  }

  /// The catalogue, once read; nil before.
  var current: ReferenceCatalogue? { catalogue.withLock { $0.read } }

  /// The catalogue, once read, and whether every reference was read with no warning (a
  /// snapshot's key names them all: only then may what they enriched be kept in one).
  var loaded: (read: ReferenceCatalogue?, whole: Bool) { catalogue.withLock { $0 } }

  /// Reads every reference (a URL's cached copy, fetched first when there is none or
  /// it is older than `refresh`; a failed fetch keeps the copy);
  /// the warnings of those that could not be read, one line each.
  func load(calendar: LocalCalendar, fetcher: Fetcher?, now: Int64) -> [String] {
    var paths: [String] = []
    var warnings: [String] = []
    for source in sources {
      switch source {
      case .url(let url):
        if let fetcher, let at = fetcher.cache.fetchedAt(url, now: now), now - at >= refresh {
          _ = fetcher.fetch(url, at: now)
        }
        do {
          paths.append(try Subscriptions.copy(of: url, fetcher: fetcher, now: now))
        } catch {
          warnings.append("youbi: reference: " + error.message.dropFirst("youbi: ".count))
        }
      case .file(let path): paths.append(path)
      case .standardInput, .demo: continue
      }
    }
    let (read, more) = ReferenceCatalogue.load(paths: paths, calendar: calendar)
    let said = warnings + more
    catalogue.withLock { $0 = (read, said.isEmpty) }
    return said
  }
}
