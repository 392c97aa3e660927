import JSON

/// One bangumi-data item: read, checked, and placed on the local calendar.
extension BangumiDataReader {
  /// What an item says, as read.
  struct Item {
    var title: String?
    var language = "ja"
    var translations: [Title] = []
    var officialSite: String?
    var begin: (text: String, at: Int)?
    var broadcast: (text: String, at: Int)?
    var end: (text: String, at: Int)?
    var bangumiID: String?
    var links: [(index: Int32, id: String)] = []
    /// Its ids on AniList and MyAnimeList (`sites` of `anilist`, `mal`): what joins it
    /// to the same show on a tracker's list.
    var otherIDs: [String] = []
    /// The sites with a `begin` or a `broadcast` of their own, as read.
    var platforms: [SiteTimes] = []
  }

  /// A site's own `begin` and `broadcast`, and the path of the entry for messages.
  struct SiteTimes {
    var site: String
    var path: String
    var begin: (text: String, at: Int)?
    var broadcast: (text: String, at: Int)?
  }

  mutating func item(path: String) throws(Diagnostic) {
    let start = reader.offset
    guard reader.nextKind == .object else {
      problems.warn(
        &reader, at: start, path: path, "expected an item (an object), found \(reader.found)")
      return try skip()
    }
    try step { (r: inout JSONReader) throws(JSONError) in try r.beginObject() }
    var item = Item()
    while let key = try step({ (r: inout JSONReader) throws(JSONError) in try r.nextKey() }) {
      let at = reader.offset
      if reader.matches(key.name, "title") {
        item.title = try string(path: path + ".title")
      } else if reader.matches(key.name, "lang") {
        item.language = try string(path: path + ".lang") ?? item.language
      } else if reader.matches(key.name, "titleTranslate") {
        item.translations = try translations(path: path + ".titleTranslate")
      } else if reader.matches(key.name, "officialSite") {
        item.officialSite = try string(path: path + ".officialSite")
      } else if reader.matches(key.name, "begin") {
        item.begin = try string(path: path + ".begin").map { ($0, at) }
      } else if reader.matches(key.name, "broadcast") {
        item.broadcast = try string(path: path + ".broadcast").map { ($0, at) }
      } else if reader.matches(key.name, "end") {
        item.end = try string(path: path + ".end").map { ($0, at) }
      } else if reader.matches(key.name, "sites") {
        try itemSites(path: path + ".sites", into: &item)
      } else {
        try skip()
      }
    }
    place(&item, path: path, at: start)
  }

  /// `titleTranslate`: language → titles.
  mutating func translations(path: String) throws(Diagnostic) -> [Title] {
    guard reader.nextKind == .object else {
      problems.warn(
        &reader, at: reader.offset, path: path, "expected an object, found \(reader.found)")
      try skip()
      return []
    }
    try step { (r: inout JSONReader) throws(JSONError) in try r.beginObject() }
    var found: [Title] = []
    while let key = try step({ (r: inout JSONReader) throws(JSONError) in try r.nextKey() }) {
      let language = reader.string(key.name)
      guard reader.nextKind == .array else {
        problems.warn(
          &reader, at: reader.offset, path: "\(path).\(Excerpt.cut(language))",
          "expected an array of titles, found \(reader.found)")
        try skip()
        continue
      }
      try step { (r: inout JSONReader) throws(JSONError) in try r.beginArray() }
      var index = 0
      while try step({ (r: inout JSONReader) throws(JSONError) in try r.nextElement() }) {
        if let text = try string(path: "\(path).\(Excerpt.cut(language))[\(index)]"), !text.isEmpty
        {
          found.append(Title(language, text))
        }
        index += 1
      }
    }
    return found
  }

  /// `sites`: the bangumi id, and a link for each place to watch `siteMeta` knows.
  mutating func itemSites(path: String, into item: inout Item) throws(Diagnostic) {
    guard reader.nextKind == .array else {
      problems.warn(
        &reader, at: reader.offset, path: path, "expected an array, found \(reader.found)")
      return try skip()
    }
    try step { (r: inout JSONReader) throws(JSONError) in try r.beginArray() }
    var index = 0
    while try step({ (r: inout JSONReader) throws(JSONError) in try r.nextElement() }) {
      defer { index += 1 }
      guard reader.nextKind == .object else {
        try skip()
        continue
      }
      try step { (r: inout JSONReader) throws(JSONError) in try r.beginObject() }
      var site: String?
      var id: String?
      var url: String?
      var times = SiteTimes(site: "", path: "\(path)[\(index)]")
      while let key = try step({ (r: inout JSONReader) throws(JSONError) in try r.nextKey() }) {
        if reader.matches(key.name, "site") {
          site = try string(path: "\(path)[\(index)].site")
        } else if reader.matches(key.name, "id") {
          id = try string(path: "\(path)[\(index)].id")
        } else if reader.matches(key.name, "url") {
          url = try string(path: "\(path)[\(index)].url")
        } else if reader.matches(key.name, "begin") {
          let at = reader.offset
          times.begin = try string(path: "\(path)[\(index)].begin").map { ($0, at) }
        } else if reader.matches(key.name, "broadcast") {
          let at = reader.offset
          times.broadcast = try string(path: "\(path)[\(index)].broadcast").map { ($0, at) }
        } else {
          try skip()
        }
      }
      guard let site else { continue }
      if site == "bangumi" { item.bangumiID = id }
      if let id, let tracked = Origin.trackerID(site: site, id: id) {
        item.otherIDs.append(tracked)
      }
      if times.begin != nil || times.broadcast != nil {
        times.site = site
        item.platforms.append(times)
      }
      guard let index = sites[site] else { continue }
      if let url {
        item.links.append((-1, url))
      } else if let id {
        item.links.append((index, id))
      }
    }
  }

  /// Places an item that was read, or leaves it out saying why.
  mutating func place(_ item: inout Item, path: String, at start: Int) {
    guard let title = item.title, !title.isEmpty else {
      problems.warn(&reader, at: start, path: path, "item has no \"title\"")
      return
    }
    let slots = platformSlots(item)
    let tv = self.airing(item, path: path, quiet: !slots.isEmpty || catalogue != nil)
    let titles = takeTitles(&item, title: title)
    let url = item.officialSite.flatMap { try? WebURL(checking: $0) }
    let links =
      item.links.isEmpty
      ? nil : SiteLinks(templates: templates, ids: item.links.withUnsafeBufferPointer(Array.init))
    if catalogue != nil {
      let entry = ReferenceCatalogue.Entry(
        titles: titles, tv: tv, slots: slots, sites: links, officialSite: url)
      for id in item.otherIDs { catalogue?[id] = entry }
      if !item.otherIDs.isEmpty {
        catalogueCounts.shows += 1
        catalogueCounts.slots += slots.count
      }
      return
    }
    guard let (airing, platform) = placer.calendar.chosen(tv: tv, slots: slots) else { return }
    let serial = Serial(title: title, url: url)
    let id = "bangumi:" + (item.bangumiID ?? title)
    guard
      var entries = placer.place(
        serial, airing, id: id, titles: titles, links: [], sites: links,
        platforms: (slots, platform, platform == nil ? nil : tv))
    else { return }
    Origin.give(item.otherIDs.withUnsafeBufferPointer(Array.init), to: &entries)
    for (day, entry) in entries
    where listing?[day.rawValue].contains(where: entry.isScheduled(on:)) ?? true {
      days[day.rawValue].appendSparingly(entry)
    }
  }

  /// The item's titles, the original first: an array of its exact size (grown by
  /// appending, a quarter of them would be spare), or for a long list of translations
  /// that list itself, moved rather than held twice.
  func takeTitles(_ item: inout Item, title: String) -> [Title] {
    let own = [Title("original", title), Title(item.language, title)]
    guard item.translations.count <= 64 else {
      var titles = item.translations
      item.translations = []
      titles.insert(contentsOf: own, at: 0)
      return titles
    }
    var titles: [Title] = []
    titles.reserveCapacity(2 + item.translations.count)
    titles += own
    titles += item.translations
    return titles
  }
}
