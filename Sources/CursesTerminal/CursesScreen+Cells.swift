import TerminalUI

/// Reading canvas cells as two machine words: to find the rows that changed and
/// the blanks an erased window has already.
extension CursesScreen {
  /// Whether row `y` of the canvas at `cells` equals that row of `old` (same width).
  ///
  /// Compares what cells mean, never their padding byte: that is
  /// uninitialised memory, and a `memcmp` over it makes valgrind report every
  /// frame. `Cell` is 15 bytes of fields (scalar, two marks, width, style) and
  /// one byte of padding, so each cell is two 64-bit words with the padding
  /// masked off; `==` (not inlinable across modules, far slower) is the
  /// fallback should the layout ever change.
  @inline(__always)
  static func rowsEqual(_ cells: UnsafePointer<Cell>, _ old: Canvas, row y: Int) -> Bool {
    let w = old.size.width
    return old.cells.withUnsafeBufferPointer { previous in
      let before = previous.baseAddress! + y * w
      guard cellIsTwoWords else {
        for x in 0..<w where cells[x] != before[x] { return false }
        return true
      }
      // One pass with no early exit: most rows are unchanged, and those are
      // read to the end anyway.
      let a = UnsafeRawPointer(cells)
      let b = UnsafeRawPointer(before)
      let mask = cellMask
      var difference = SIMD2<UInt64>()
      var offset = 0
      let end = w &* 16
      while offset < end {
        difference |=
          (a.loadUnaligned(fromByteOffset: offset, as: SIMD2<UInt64>.self)
            ^ b.loadUnaligned(fromByteOffset: offset, as: SIMD2<UInt64>.self)) & mask
        offset &+= 16
      }
      return difference == .zero
    }
  }

  /// Whether a cell is a plain blank (`Cell()`), read as two words as `rowsEqual`
  /// reads cells (`==` is not inlinable across modules). Made once per frame: the
  /// statics it reads are lazily made globals, a call each time they are read.
  struct BlankTest {
    let twoWords = CursesScreen.cellIsTwoWords
    let mask = CursesScreen.cellMask
    let words = CursesScreen.plainBlankWords

    @inline(__always)
    func matches(_ cell: UnsafePointer<Cell>) -> Bool {
      guard twoWords else { return cell.pointee == Cell() }
      return UnsafeRawPointer(cell).loadUnaligned(as: SIMD2<UInt64>.self) & mask == words
    }
  }

  /// The 15 bytes of a cell's fields (byte 15 is padding).
  ///
  /// Computed, so it is a constant where it is read (a `static let` is a lazily made
  /// global: a call to `swift_once` each time, a few per cell where cells are compared).
  static var cellMask: SIMD2<UInt64> {
    SIMD2<UInt64>(~0, UInt64(littleEndian: 0x00FF_FFFF_FFFF_FFFF))
  }

  /// Whether two cells are the same, read as two words as `rowsEqual` reads them. Made
  /// once per row: `cellIsTwoWords` is a lazily made global, a call each time it is read.
  struct CellEquality {
    let twoWords = CursesScreen.cellIsTwoWords

    @inline(__always)
    func callAsFunction(_ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>) -> Bool {
      guard twoWords else { return a.pointee == b.pointee }
      let mask = CursesScreen.cellMask
      return UnsafeRawPointer(a).loadUnaligned(as: SIMD2<UInt64>.self) & mask
        == UnsafeRawPointer(b).loadUnaligned(as: SIMD2<UInt64>.self) & mask
    }
  }

  /// `Cell()` as `BlankTest` reads it.
  static let plainBlankWords: SIMD2<UInt64> = {
    var blank = [Cell()]
    return blank.withUnsafeMutableBytes { $0.loadUnaligned(as: SIMD2<UInt64>.self) } & cellMask
  }()

  /// Whether `Cell` has the layout `rowsEqual` reads: fields in bytes 0–14
  /// (scalar at 0, the two marks at 4 and 8, width at 12, style at 13–14) and
  /// padding in byte 15.
  static let cellIsTwoWords =
    MemoryLayout<Cell>.size == 15 && MemoryLayout<Cell>.stride == 16
    && MemoryLayout<Cell>.offset(of: \.scalar) == 0 && MemoryLayout<Cell>.offset(of: \.width) == 12
    && MemoryLayout<Cell>.offset(of: \.style) == 13 && MemoryLayout<Style>.size == 2
}
