import Posix

#if canImport(Glibc)
  import Glibc
#endif

extension FileWatcher {
  /// A watched name in a watched directory, and the path the caller knows it by.
  struct Entry: Equatable, Sendable {
    /// The watched directory, as it was named when it was watched.
    var directory: String
    var name: String
    var path: String
    /// The name is a directory on the way to `path` that is not there: its
    /// coming back is a change of `path` (the file may be in it already).
    var onTheWay = false
  }

  /// What the watcher's inotify instance watches for its paths, kept on its thread.
  struct Table: Sendable {
    let inotify: Int32
    let paths: [String]
    /// Watch descriptor → the entries in that directory.
    private(set) var entries: [Int32: [Entry]] = [:]

    init(inotify: Int32, paths: [String]) {
      self.inotify = inotify
      self.paths = paths
    }

    /// Watches, for each path, what tells of its changes now, and drops the
    /// watches nothing needs any more; returns a line for each path whose
    /// directory cannot be watched.
    ///
    /// A path's own directory, as the path names it (a link is a name there);
    /// when it resolves elsewhere (a link, a linked directory), the directory
    /// of the file it resolves to. When its directory is not there, the
    /// nearest directory above it that is, for the next name on the way.
    /// Watching a directory already watched gives back its descriptor, so
    /// arming again changes nothing that did not move.
    mutating func arm() -> [String] {
      var next: [Int32: [Entry]] = [:]
      var failures: [String] = []
      for path in paths {
        let (directory, name) = Paths.split(path)
        let wd = watch(directory)
        if wd >= 0 {
          next[wd, default: []].append(Entry(directory: directory, name: name, path: path))
        } else {
          failures.append("cannot watch \(directory): \(FileWatcher.describe(errno))")
          if let above = nearestAbove(directory) {
            next[above.wd, default: []].append(
              Entry(directory: above.directory, name: above.name, path: path, onTheWay: true))
          }
        }
        if let real = Self.realPath(path), real != path {
          let (realDirectory, realName) = Paths.split(real)
          let wd = watch(realDirectory)
          if wd >= 0 {
            next[wd, default: []].append(
              Entry(directory: realDirectory, name: realName, path: path))
          }
        }
      }
      for wd in entries.keys where next[wd] == nil { inotify_rm_watch(inotify, wd) }
      entries = next
      return failures
    }

    private func watch(_ directory: String) -> Int32 {
      inotify_add_watch(inotify, directory, FileWatcher.mask)
    }

    /// The nearest directory above `directory` that can be watched, and the
    /// name in it on the way down to `directory`.
    private func nearestAbove(_ directory: String) -> (wd: Int32, directory: String, name: String)?
    {
      var below = directory
      while true {
        let (above, name) = Paths.split(below)
        guard above != below, !name.isEmpty else { return nil }
        let wd = watch(above)
        if wd >= 0 { return (wd, above, name) }
        guard errno == ENOENT || errno == ENOTDIR else { return nil }
        below = above
      }
    }

    /// The watched paths a buffer of `inotify_event`s touches.
    func paths(in bytes: ArraySlice<UInt8>) -> [String] {
      var result: [String] = []
      var i = bytes.startIndex
      let header = 16  // int wd; uint32 mask, cookie, len
      while i + header <= bytes.endIndex {
        let wd = Int32(bitPattern: Self.word(bytes, i))
        let mask = Self.word(bytes, i + 4)
        let length = Int(Self.word(bytes, i + 12))
        let nameBytes = bytes[(i + header)..<min(bytes.endIndex, i + header + length)]
        i += header + length
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
          // Events were lost: any file may have changed.
          result += paths
          continue
        }
        guard let here = entries[wd] else { continue }
        if mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
          result += here.map(\.path)  // the directory itself went: so did its files
          continue
        }
        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
        result += here.filter { $0.name == name }.map(\.path)
      }
      return result
    }

    private static func word(_ bytes: ArraySlice<UInt8>, _ at: Int) -> UInt32 {
      (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + $1]) << (8 * $1) }  // little-endian
    }

    private static func realPath(_ path: String) -> String? {
      guard let resolved = realpath(path, nil) else { return nil }
      defer { free(resolved) }
      return String(cString: resolved)
    }
  }
}
