import Schedule

extension SectionState {
  /// What a section is called: its title, else its file's name (`<stdin>`
  /// for standard input), numbered when the file has several sections.
  public static func name(title: String?, source: ScheduleSource?, part: Int, of parts: Int)
    -> String
  {
    if case .url(let url)? = source, let list = Account.list(at: url) {
      return Account.sectionName(list.tracker, list.name)  // named after the account
    }
    if let title, !title.isEmpty { return title }
    let file: String
    switch source {
    case .file(let path)?: file = path.split(separator: "/").last.map(String.init) ?? path
    case .standardInput?: file = "<stdin>"
    case .url(let url)?: file = Feed.name(of: url)
    case .demo?, nil: file = ""
    }
    return parts > 1 ? "\(file) \(part + 1)" : file
  }

  /// The names of the sections of `schedule`, read from `source`.
  public static func names(of schedule: Schedule, from source: ScheduleSource) -> [String] {
    let count = schedule.sections.count
    return schedule.sections.indices.map { part in
      let title = schedule.sections[part].title ?? (count == 1 ? schedule.title : nil)
      return name(title: title, source: source, part: part, of: count)
    }
  }

  /// The sections one file gives, one per week it holds, each named and
  /// resting on `day`.
  public static func sections(
    of weeks: [SafeSchedule], from source: ScheduleSource, day: Weekday, looping: Bool = true,
    slideDuration: Duration = .milliseconds(250)
  ) -> [SectionState] {
    weeks.enumerated().map { part, week in
      SectionState(
        name: name(title: week.title, source: source, part: part, of: weeks.count),
        source: source, schedule: week, day: day, looping: looping, slideDuration: slideDuration)
    }
  }
}
