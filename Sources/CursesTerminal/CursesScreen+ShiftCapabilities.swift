import CNcurses

extension CursesScreen {
  /// The terminal's parametrised delete and insert character, when it has both, and the
  /// short cursor motions that take the cursor from one shifted row to the next.
  struct ShiftCapabilities {
    /// `dch` and `ich` for 1 … `maximumShift` characters, worked out once (terminfo's
    /// `tiparm` is an interpreter: a tenth of a wide frame's CPU, called twice a row).
    let deletes: [String]
    let inserts: [String]
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
      let counts = 1...CursesScreen.maximumShift
      return ShiftCapabilities(
        deletes: counts.map { format(dch, $0) }, inserts: counts.map { format(ich, $0) },
        cursor: cup, down: string("cud1"), erase: string("el"),
        start: string("cr"), left: string("cub1"), right: string("cuf1"))
    }

    /// A string capability without parameters, when terminfo has it.
    static func string(_ name: String) -> String? {
      guard let text = tigetstr(name), Int(bitPattern: text) != -1 else { return nil }
      return String(cString: text)
    }

    /// A one-number capability with its number (delays, `$<…>`, are not expected here).
    static func format(_ capability: UnsafeMutablePointer<CChar>, _ n: Int) -> String {
      guard let text = youbi_tiparm1(capability, Int32(n)) else { return "" }
      return String(cString: text)
    }

    /// Deleting `n` characters at the cursor (1 … `maximumShift`).
    func delete(_ n: Int) -> String { deletes[n - 1] }

    /// Inserting `n` blanks at the cursor (1 … `maximumShift`).
    func insert(_ n: Int) -> String { inserts[n - 1] }

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
      guard let from, from != to else { return from == nil ? address(to.row, to.column) : "" }
      guard from.row + 1 == to.row, let down else { return address(to.row, to.column) }
      let step = to.column - from.column
      let across =
        step == 0 ? "" : step == -1 ? left : step == 1 ? right : to.column == 0 ? start : nil
      // An address is at least six bytes on the terminals that have these (`\e[1;1H`).
      guard let across else { return address(to.row, to.column) }
      let short = down + across
      if short.utf8.count <= 4 { return short }
      let address = address(to.row, to.column)
      return short.utf8.count < address.utf8.count ? short : address
    }
  }
}
