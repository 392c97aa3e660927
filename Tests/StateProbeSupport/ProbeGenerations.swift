import Schedule
import YoubiCore
import YoubiRuntime

/// The documents the crash test's probe saves, one per generation, and how to
/// tell which generation a file holds.
///
/// Generation `g` marks 24 serials, each read or not by the bits of `g`, all
/// stamped at `base + g` milliseconds. Every generation's stamps are later
/// than the previous one's, so merging generation `g` into a file holding
/// `g - 1` gives exactly generation `g`: a file left by a killed save must be
/// one whole generation, the old one or the new one, never a mixture.
public enum ProbeGenerations {
  public static let schedule = ScheduleKey.path("/probe/week.json")
  public static let week = ISOWeek(year: 2026, week: 49)
  static let base: Int64 = 1_795_996_800_000
  static let serials = (0..<24).map { SerialID(title: "serial \($0)") }

  /// The marks of generation `g` (1 or more).
  public static func marks(_ g: Int) -> Marks {
    var entries: [SerialID: Marks.Entry] = [:]
    for (i, id) in serials.enumerated() {
      let stamp = Stamp(isOn: (g >> (i % 20)) & 1 == 1 || i == g % 24, time: base + Int64(g))
      entries[id] = Marks.Entry(
        star: i == 0 ? stamp : nil, read: [week: stamp], items: items(g, i))
    }
    return Marks(schedules: [schedule: entries])
  }

  /// The marks by item (format 3) of serial `i` in generation `g`: every fourth serial
  /// holds two feed releases of one date, each seen or not by other bits of `g` than
  /// the serial's own, with ids that need escaping in the file.
  static func items(_ g: Int, _ i: Int) -> [String: ItemMark] {
    guard i % 4 == 1 else { return [:] }
    let time = base + Int64(g)
    let date = week.monday.adding(days: i % 7)
    return [
      "tag:ü,\"\(i)\"/a": ItemMark(
        stamp: Stamp(isOn: (g >> ((i + 3) % 20)) & 1 == 1, time: time), date: date, episode: i),
      "https://w.example/\(i)?b&c": ItemMark(
        stamp: Stamp(isOn: (g >> ((i + 11) % 20)) & 1 == 0, time: time), date: date),
    ]
  }

  /// The feed serial both markers of `youbi-state-probe mark` mark releases of, each its
  /// own items (`<prefix>-<n>`), so two processes merge item marks of one serial.
  public static let feed = SerialID(id: "feed:https://w.example/")

  /// The generation `marks` is exactly, or nil when it is none (torn, mixed).
  public static func generation(of marks: Marks) -> Int? {
    guard let any = marks.schedules[schedule]?.first?.value.read[week] else { return nil }
    let g = Int(any.time - base)
    return g >= 1 && marks == Self.marks(g) ? g : nil
  }
}
