import Schedule

extension SearchIndex {
  /// The index as it is folded, serial by serial.
  struct Builder {
    var text = Folded()
    var shared = Folded()
    var sharers: [[Int]] = []
    var sharedNumbers: [String: Int] = [:]
    var titles = Folded()
    var titlesOf: [Int32] = []
    var origins: [ObjectIdentifier: Int32] = [:]
    var dayStarts: [Int] = []
    /// The serial being folded, counted over every day.
    var number = 0

    /// Reserves what folding `days` takes, counted in one pass over them.
    mutating func reserve(for days: [[Serial]]) {
      var (bytes, titleBytes, serialCount) = (0, 0, 0)
      func size(_ field: String?) -> Int {
        let count = field?.utf8.count ?? 0
        return (count < SearchIndex.sharedLength ? count : 0) + 1
      }
      for serials in days {
        serialCount += serials.count
        for serial in serials {
          bytes += size(SearchIndex.ownTitle(serial)) + size(serial.author) + size(serial.note)
          guard let origin = serial.origin, origins.updateValue(0, forKey: .init(origin)) == nil
          else { continue }
          for other in origin.titles { titleBytes += other.text.utf8.count + 1 }
        }
      }
      origins.removeAll(keepingCapacity: true)
      text.bytes.reserveCapacity(bytes)
      text.starts.reserveCapacity(serialCount + 1)
      titles.bytes.reserveCapacity(titleBytes)
      titlesOf.reserveCapacity(serialCount)
    }

    /// Folds one serial: its title, author and note, and its source's other titles
    /// (whichever is shown: `one piece` finds ワンピース).
    mutating func add(_ serial: Serial) {
      text.starts.append(text.bytes.count)
      if let origin = serial.origin, !origin.titles.isEmpty {
        titlesOf.append(unit(of: origin))
      } else {
        titlesOf.append(-1)
      }
      add(SearchIndex.ownTitle(serial))
      add(serial.author)
      add(serial.note)
      number += 1
    }

    /// Folds one field: a long one once into `shared`, for every serial that has it.
    mutating func add(_ field: String?) {
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
        if sharers[n].last != number { sharers[n].append(number) }
      } else if let field {
        SearchFolding.appendFolded(field, to: &text.bytes)
      }
      text.bytes.append(0)
    }

    /// The unit of `titles` of `origin`, folded when first met.
    mutating func unit(of origin: Origin) -> Int32 {
      if let known = origins[.init(origin)] { return known }
      let n = Int32(titles.starts.count)
      origins[.init(origin)] = n
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
