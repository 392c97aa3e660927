/// Titles in the language asked for.
extension Schedule {
  /// The schedule with each show whose source gives titles by language titled in
  /// `language`, or its original title when it has none in it; other entries as they are.
  ///
  /// - Complexity: O(entries); nothing is copied for `original`.
  public func showingTitles(_ language: TitleLanguage) -> Schedule {
    guard language != .original else { return self }
    var shown = self
    for s in shown.sections.indices {
      var days: [Weekday: [Serial]] = [:]
      for day in Weekday.allCases {
        days[day] = shown.sections[s][day].map { serial in
          guard let title = serial.origin?.title(in: language), !title.isEmpty else {
            return serial
          }
          var titled = serial
          titled.title = title
          return titled
        }
      }
      shown.sections[s] = Section(title: shown.sections[s].title, days: days)
    }
    return shown
  }
}

extension Serial {
  /// The episode number shown for its release on `date`: a source's number when it
  /// gives one, else the week count from `start` for an entry that runs more than one
  /// date; nil otherwise.
  public func shownEpisode(on date: CivilDate) -> Int? {
    if origin == nil && start != nil && start == end { return nil }
    return episode(on: date)
  }
}
