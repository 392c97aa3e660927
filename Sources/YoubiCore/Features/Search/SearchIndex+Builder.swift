import Schedule

extension SearchIndex {
  /// The index as it is folded, serial by serial.
  struct Builder {
    var text = Folded()
    var shared = Folded()
    var sharers: [[UInt32]] = []
    var sharedNumbers: [String: Int] = [:]
    var titles = Folded()
    /// The last piece folded of each origin met so far, by its number: its unit of
    /// `text` is that piece's, its unit of `titles` the show's.
    var origins: [ObjectIdentifier: UInt32] = [:]
    /// For each unit of `text`, its show's unit of `titles` (-1: none), up to the last
    /// unit with one.
    var titlesOf: [Int32] = []
    var unitOf: [UInt32] = []
    var dayStarts: [Int] = []
    /// The serial being folded, counted over every day.
    var number = 0
    /// The days being folded, for a piece to be compared with the last of its show.
    let days: [[Serial]]

    init(days: [[Serial]]) { self.days = days }

    /// Reserves what folding `days` takes, counted in one pass over them: a piece of a
    /// show with an origin is counted once for all of them (the pieces of a show whose
    /// fields differ then take more), each other piece once.
    mutating func reserve(for days: [[Serial]]) {
      var (bytes, titleBytes, serialCount, unitCount) = (0, 0, 0, 0)
      func size(_ field: String?) -> Int {
        let count = field?.utf8.count ?? 0
        return (count < SearchIndex.sharedLength ? count : 0) + 1
      }
      for serials in days {
        serialCount += serials.count
        for serial in serials {
          if let origin = serial.origin {
            guard origins.updateValue(0, forKey: .init(origin)) == nil
            else { continue }
            for other in origin.titles { titleBytes += other.text.utf8.count + 1 }
          }
          bytes += size(SearchIndex.ownTitle(serial)) + size(serial.author) + size(serial.note)
          unitCount += 1
        }
      }
      origins.removeAll(keepingCapacity: true)
      text.bytes.reserveCapacity(bytes)
      text.starts.reserveCapacity(unitCount + 1)
      titles.bytes.reserveCapacity(titleBytes)
      unitOf.reserveCapacity(serialCount)
    }

    /// Folds one serial: its title, author and note, and its source's other titles
    /// (whichever is shown: `one piece` finds ワンピース). A piece with the fields of the
    /// last piece of its show folded is that piece's unit again.
    mutating func add(_ serial: Serial) {
      defer { number += 1 }
      guard let origin = serial.origin else {
        unitOf.append(unit(of: serial, titles: -1))
        return
      }
      let id = ObjectIdentifier(origin)
      let unit: UInt32
      if let last = origins[id] {
        let lastUnit = unitOf[Int(last)]
        guard !Self.sameFields(serial, self.serial(Int(last))) else {
          unitOf.append(lastUnit)
          return
        }
        let titles = Int(lastUnit) < titlesOf.count ? titlesOf[Int(lastUnit)] : -1
        unit = self.unit(of: serial, titles: titles)
      } else {
        unit = self.unit(of: serial, titles: origin.titles.isEmpty ? -1 : self.unit(of: origin))
      }
      unitOf.append(unit)
      origins[id] = UInt32(number)
    }

    /// The serial numbered `n` (counted over every day from Monday's first).
    private func serial(_ n: Int) -> Serial {
      var day = dayStarts.count - 1
      while dayStarts[day] > n { day -= 1 }
      return days[day][n - dayStarts[day]]
    }

    /// Whether two serials fold to the same unit of `text`.
    private static func sameFields(_ a: Serial, _ b: Serial) -> Bool {
      a.author == b.author && a.note == b.note && ownTitle(a) == ownTitle(b)
    }

    /// Folds `serial`'s own fields as a new unit of `text`, its show's titles `titles`.
    private mutating func unit(of serial: Serial, titles: Int32) -> UInt32 {
      let n = UInt32(text.starts.count)
      text.starts.append(text.bytes.count)
      if titles >= 0 {
        titlesOf += repeatElement(-1, count: Int(n) - titlesOf.count)
        titlesOf.append(titles)
      }
      add(SearchIndex.ownTitle(serial), unit: n)
      add(serial.author, unit: n)
      add(serial.note, unit: n)
      return n
    }

    /// Folds one field of unit `unit`: a long one once into `shared`, for every unit
    /// that has it.
    mutating func add(_ field: String?, unit: UInt32) {
      if let field, field.utf8.count >= SearchIndex.sharedLength {
        let known = sharedNumbers[field]
        let n = known ?? sharers.count
        if known == nil {
          sharedNumbers[field] = n
          sharers.append([])
          shared.starts.append(shared.bytes.count)
          SearchFolding.appendFolded(field, to: &shared.bytes)
          shared.bytes.append(0)
        }
        if sharers[n].last != unit { sharers[n].append(unit) }
      } else if let field {
        SearchFolding.appendFolded(field, to: &text.bytes)
      }
      text.bytes.append(0)
    }

    /// Folds `origin`'s titles as a new unit of `titles`, each distinct title once.
    private mutating func unit(of origin: Origin) -> Int32 {
      let n = Int32(titles.starts.count)
      titles.starts.append(titles.bytes.count)
      var seen: Set<String> = []
      for other in origin.titles where seen.insert(other.text).inserted {
        SearchFolding.appendFolded(other.text, to: &titles.bytes)
        titles.bytes.append(0)
      }
      return n
    }
  }
}
