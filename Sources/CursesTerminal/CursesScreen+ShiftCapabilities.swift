import CNcurses

extension CursesScreen {
  /// The terminal's parametrised delete and insert character, when it has both, and the
  /// short cursor motions that take the cursor from one shifted row to the next.
  struct ShiftCapabilities {
    let delete: UnsafeMutablePointer<CChar>
    let insert: UnsafeMutablePointer<CChar>
    let cursor: UnsafeMutablePointer<CChar>
    /// `cud1`, one row down keeping the column, when terminfo has it.
    let down: String?
    /// `el`, erase to the end of the row, when terminfo has it.
    let erase: String?
    /// `cr`, `cub1` and `cuf1`: to the row's start, one column left, one right.
    let start: String?
    let left: String?
    let right: String?

    /// `dch`, `ich` and `cup` from terminfo, or nil when one is missing.
    static func load() -> ShiftCapabilities? {
      guard let dch = tigetstr("dch"), Int(bitPattern: dch) != -1,
        let ich = tigetstr("ich"), Int(bitPattern: ich) != -1,
        let cup = tigetstr("cup"), Int(bitPattern: cup) != -1
      else { return nil }
      return ShiftCapabilities(
        delete: dch, insert: ich, cursor: cup, down: string("cud1"), erase: string("el"),
        start: string("cr"), left: string("cub1"), right: string("cuf1"))
    }

    /// A string capability without parameters, when terminfo has it.
    static func string(_ name: String) -> String? {
      guard let text = tigetstr(name), Int(bitPattern: text) != -1 else { return nil }
      return String(cString: text)
    }

    /// A one-number capability with its number (delays, `$<…>`, are not expected here).
    func format(_ capability: UnsafeMutablePointer<CChar>, _ n: Int) -> String {
      guard let text = youbi_tiparm1(capability, Int32(n)) else { return "" }
      return String(cString: text)
    }

    /// The cursor at `row`, `column`.
    func address(_ row: Int32, _ column: Int32) -> String {
      guard let text = youbi_tiparm2(cursor, row, column) else { return "" }
      return String(cString: text)
    }

    /// The shortest bytes that take the cursor from `from` (nil: unknown) to `to`.
    ///
    /// One row down is `cud1` (a line feed: curses turns `onlcr` off), then the row's
    /// start or a column either way when that is where it goes; anything else, or a
    /// longer way, an address. The row below exists, so a line feed never scrolls.
    func motion(from: (row: Int32, column: Int32)?, to: (row: Int32, column: Int32)) -> String {
      let address = address(to.row, to.column)
      guard let from, from != to else { return from == nil ? address : "" }
      guard from.row + 1 == to.row, let down else { return address }
      let step = to.column - from.column
      let across =
        step == 0 ? "" : step == -1 ? left : step == 1 ? right : to.column == 0 ? start : nil
      guard let across, down.utf8.count + across.utf8.count < address.utf8.count else {
        return address
      }
      return down + across
    }
  }
}
