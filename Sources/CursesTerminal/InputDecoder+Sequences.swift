import TerminalUI

/// What complete escape sequences mean: keys, mouse reports, mode reports.
extension InputDecoder {
  /// Decodes a whole CSI sequence (`ESC [` + `parameters` + `final`); nil for
  /// one that means nothing here (focus events, Insert, Delete, unknown ones).
  mutating func decodeCSI(_ parameters: [UInt8], final: UInt8) -> DecodedInput? {
    let marker = parameters.first.flatMap { (0x3C...0x3F).contains($0) ? $0 : nil }
    let body = marker == nil ? parameters[...] : parameters.dropFirst()
    let intermediates = body.drop(while: { $0 >= 0x30 })
    let numbers = Self.numbers(body.prefix(while: { $0 >= 0x30 }))
    switch (marker, intermediates.first) {
    case (0x3C?, nil) where (final == 0x4D || final == 0x6D) && numbers.count >= 3:
      // SGR (1006): ESC [ < b ; x ; y M, or m for a release.
      return mouse(code: numbers[0], x: numbers[1], y: numbers[2], release: final == 0x6D)
        .map(DecodedInput.mouse)
    case (0x3F?, 0x24?) where final == 0x79 && numbers.count >= 2:
      return .modeReport(mode: numbers[0], setting: numbers[1])
    case (nil, nil):
      if final == 0x4D && numbers.count == 3 {
        // urxvt (1015): ESC [ b ; x ; y M, with b offset by 32 as in X10.
        return mouse(code: numbers[0] - 32, x: numbers[1], y: numbers[2], release: nil)
          .map(DecodedInput.mouse)
      }
      return Self.csiKey(numbers, final: final).map(DecodedInput.key)
    default:
      return nil
    }
  }

  /// The key of a CSI sequence without a private marker; a modifier
  /// parameter (`ESC [ 1 ; 5 C`) is read past, giving the plain key.
  static func csiKey(_ numbers: [Int], final: UInt8) -> Key? {
    switch final {
    case 0x41, 0x61: .up  // A; a is rxvt's Shift+Up
    case 0x42, 0x62: .down
    case 0x43, 0x63: .right
    case 0x44, 0x64: .left
    case 0x48: .home  // H
    case 0x46: .end  // F
    case 0x5A: .backTab  // Z
    case 0x50...0x53 where numbers.isEmpty || numbers[0] == 1:
      // ESC [ 1 ; 2 P: a modified F1–F4. A first number other than 1 is no
      // key (a cursor position report also ends in R).
      .function(Int(final) - 0x4F)
    case 0x7E, 0x5E, 0x40:  // ~, and rxvt's ^ (Ctrl) and @ (Ctrl+Shift)
      numbers.first.flatMap(tildeKey)
    default: nil
    }
  }

  /// The key of `ESC [ n ~` (and rxvt's `^`, `@`, `$` endings) from its parameters.
  static func tildeKey(_ parameters: [UInt8]) -> Key? {
    numbers(parameters[...]).first.flatMap(tildeKey)
  }

  /// The key numbered `n` in `ESC [ n ~`: VT220 and xterm numbering, with
  /// rxvt's 7 and 8 for Home and End. Insert (2) and Delete (3) mean nothing
  /// to the app and have no `Key`, so they are read and dropped.
  static func tildeKey(_ n: Int) -> Key? {
    switch n {
    case 1, 7: .home
    case 4, 8: .end
    case 5: .pageUp
    case 6: .pageDown
    case 11...15: .function(n - 10)
    case 17...21: .function(n - 11)
    case 23...26: .function(n - 12)
    case 28, 29: .function(n - 13)
    case 31...34: .function(n - 14)
    default: nil
    }
  }

  /// The key of `ESC O` + `final` (application cursor and keypad modes, and
  /// F1–F4); modifier digits before the final byte are read past.
  static func ss3Key(final: UInt8) -> Key? {
    switch final {
    case 0x41, 0x61: .up  // A; a is rxvt's Ctrl+Up
    case 0x42, 0x62: .down
    case 0x43, 0x63: .right
    case 0x44, 0x64: .left
    case 0x48: .home
    case 0x46: .end
    case 0x50...0x53: .function(Int(final) - 0x4F)
    case 0x4D: .enter  // keypad Enter
    case 0x70...0x79: .char(Unicode.Scalar(final - 0x40))  // keypad 0–9
    case 0x6A...0x6F: .char(Unicode.Scalar(final - 0x40))  // keypad * + , - . /
    case 0x58: .char("=")
    default: nil
    }
  }

  /// The semicolon-separated numbers of a parameter string; an empty one is
  /// 0, a sub-parameter (after `:`) is ignored, and values are capped.
  static func numbers(_ parameters: ArraySlice<UInt8>) -> [Int] {
    guard !parameters.isEmpty else { return [] }
    var result: [Int] = []
    var current = 0
    var inSubparameter = false
    for b in parameters {
      switch b {
      case 0x30...0x39 where !inSubparameter: current = min(current * 10 + Int(b - 0x30), 1 << 20)
      case 0x3B:
        result.append(current)
        current = 0
        inSubparameter = false
      case 0x3A: inSubparameter = true
      default: break
      }
    }
    result.append(current)
    return result
  }

  /// A mouse report as an event, tracking the left button so motion while it
  /// is down reads as a drag.
  ///
  /// `code` is the xterm button byte (low two bits the button, 3 a release
  /// in X10 and urxvt; +32 motion; +64 the wheel; +128 buttons 8–11; +4, +8,
  /// +16 modifiers). `x`, `y` count from 1. `release` is the SGR final byte's
  /// answer (`m`), nil for encodings that send release as button 3. Middle
  /// and right buttons, and motion with no button down, are not reported.
  mutating func mouse(code: Int, x: Int, y: Int, release: Bool?) -> MouseEvent? {
    guard code >= 0, x >= 1, y >= 1 else { return nil }
    func event(_ kind: MouseEvent.Kind) -> MouseEvent { MouseEvent(kind, x: x - 1, y: y - 1) }
    if code & 128 != 0 { return nil }
    let button = code & 3
    if code & 64 != 0 {
      guard release != true else { return nil }
      switch button {
      case 0: return event(.wheelUp)
      case 1: return event(.wheelDown)
      default: return nil  // horizontal wheel
      }
    }
    if code & 32 != 0 { return button == 0 && buttonDown ? event(.drag) : nil }
    if release ?? (button == 3) {
      // X10 and urxvt releases do not say which button; SGR ones do.
      guard buttonDown, release == nil || button == 0 else { return nil }
      buttonDown = false
      return event(.release)
    }
    guard button == 0 else { return nil }
    buttonDown = true
    return event(.press)
  }

  /// A byte of an X10 mouse report's three-byte payload.
  mutating func x10(_ b: UInt8, _ out: inout [DecodedInput]) {
    // Every payload byte is 32 or more; a control byte means this was no report.
    guard b >= 0x20 else {
      state = .ground
      return ground(b, &out)
    }
    sequence.append(b)
    guard sequence.count == 3 else { return }
    state = .ground
    let (code, x, y) = (Int(sequence[0]) - 32, Int(sequence[1]) - 32, Int(sequence[2]) - 32)
    if let m = mouse(code: code, x: x, y: y, release: nil) { out.append(.mouse(m)) }
  }

  /// A byte of a string sequence (OSC, DCS, APC, PM, SOS), dropped whole.
  mutating func string(_ b: UInt8, afterEscape: Bool, _ out: inout [DecodedInput]) {
    if afterEscape {
      // ST ends the string; any other ESC sequence cuts it short and starts anew.
      state = .ground
      if b != 0x5C {
        state = .escape
        escape(b, &out)
      }
      return
    }
    switch b {
    case 0x07, 0x18, 0x1A: state = .ground  // BEL ends an OSC; CAN and SUB cancel
    case 0x1B: state = .string(afterEscape: true)
    default: break
    }
  }
}
