import Schedule

/// Who the serials of a section are, for marks, stars and the starred filter.
extension Section {
  /// The positions in `day`'s whole list of the serials its page lists; nil
  /// when it lists them all (no filter).
  ///
  /// - Complexity: O(serials of the day) with the filter on, else O(1).
  public func shownIndices(_ day: Weekday) -> [Int]? {
    guard let starFilter, let schedule else { return nil }
    return schedule.identities[day.rawValue].indices.filter {
      starFilter.contains(schedule.identities[day.rawValue][$0])
    }
  }

  /// The identities of the serials `day`'s page lists, in order.
  public func ids(_ day: Weekday) -> [SerialID] {
    guard let schedule else { return [] }
    let all = schedule.identities[day.rawValue]
    guard let shown = shownIndices(day) else { return all }
    return shown.map { all[$0] }
  }
}

extension Section {
  /// Under `*`, for each weekday and each position in its whole list, where
  /// that serial is listed (nil: filtered out); nil when all are listed.
  ///
  /// - Complexity: O(serials).
  public func listedPositions() -> [[Int?]]? {
    guard starFilter != nil, let schedule else { return nil }
    return Weekday.allCases.map { day in
      var rows = [Int?](repeating: nil, count: schedule[day].count)
      for (row, index) in (shownIndices(day) ?? []).enumerated() { rows[index] = row }
      return rows
    }
  }
}
