import TerminalUI

/// What the decoder found in the bytes a terminal sent.
enum DecodedInput: Equatable, Sendable {
  case key(Key)
  case mouse(MouseEvent)
  /// Bracketed paste: text nobody typed, exactly as the terminal sent it (capped).
  case paste(String)
  /// A DECRPM reply (`ESC [ ? mode ; setting $ y`) to a DECRQM question: 0 the
  /// terminal does not know the mode, 1 set, 2 reset, 3 permanently set, 4 permanently reset.
  case modeReport(mode: Int, setting: Int)
}

/// Turns the bytes a terminal sends into keys, mouse events, pastes and replies.
///
/// Pure: no tty and no clock. The reader passes the time bytes arrived, and
/// calls `expire(at:)` once `deadline` has passed with no new byte. That is how
/// a lone ESC becomes an Escape press, and how a truncated sequence is dropped
/// instead of eating the keys after it.
///
/// It decodes what terminals send, whatever terminfo claims: arrows, Home/End,
/// PgUp/PgDn and F-keys in their CSI and SS3 forms, with modifiers (decoded to
/// the plain key), in the rxvt and Linux console variants; mouse reports in the
/// X10, SGR (1006) and urxvt (1015) encodings; bracketed paste; DECRQM replies.
/// Anything else that starts with ESC (focus events, OSC/DCS/APC strings,
/// unknown CSI) is skipped whole, and a byte that is not UTF-8 costs only itself.
struct InputDecoder {
  /// How long after an ESC with nothing following it counts as the Escape key,
  /// and how long a half-received sequence may wait for its rest.
  static let escapeDelay: Duration = .milliseconds(25)
  /// How long a bracketed paste may pause before what arrived is delivered.
  static let pasteDelay: Duration = .milliseconds(500)
  /// Bytes of a paste kept; the rest is read and dropped.
  static let pasteLimit = 1 << 16
  /// Parameter bytes of a CSI or SS3 sequence kept; a longer one is skipped unread.
  static let sequenceLimit = 64

  /// Where the decoder is in a sequence (internal, for the decoder's extension files).
  enum State: Equatable {
    case ground
    /// Inside a UTF-8 scalar: `remaining` continuation bytes to come, the next
    /// one in `next`. Alt+character (`alt`) is read whole and dropped.
    case scalar(value: UInt32, remaining: Int, next: ClosedRange<UInt8>, alt: Bool)
    case escape
    /// `ESC [`, parameters in `sequence`.
    case csi
    /// `ESC O`, parameters in `sequence`.
    case ss3
    /// `ESC [ [`: a Linux console F1–F5 comes next.
    case linuxFunction
    /// `ESC [ M`: three raw bytes of an X10 mouse report, collected in `sequence`.
    case x10
    /// OSC, DCS, APC, PM or SOS: skipped up to BEL or ST (`ESC \`).
    case string(afterEscape: Bool)
    /// Between `ESC [ 200 ~` and `ESC [ 201 ~`.
    case paste
  }

  var state = State.ground
  var sequence: [UInt8] = []
  private var overflowed = false
  private var pasted: [UInt8] = []
  /// Bytes of `pasteEnd` matched so far.
  private var pasteMatched = 0
  private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
  private var lastByteAt = Duration.zero
  /// Whether the left button is down, so motion reads as a drag.
  var buttonDown = false

  /// When what is pending should be resolved if nothing else arrives; nil when nothing is.
  var deadline: Duration? {
    switch state {
    case .ground: nil
    case .paste: lastByteAt + Self.pasteDelay
    case .scalar, .escape, .csi, .ss3, .linuxFunction, .x10, .string: lastByteAt + Self.escapeDelay
    }
  }

  /// Decodes `bytes`, which arrived at `now`, appending what they complete to `out`.
  mutating func feed(
    _ bytes: some Collection<UInt8>, at now: Duration, into out: inout [DecodedInput]
  ) {
    guard !bytes.isEmpty else { return }
    lastByteAt = now
    for b in bytes { consume(b, &out) }
  }

  /// Resolves what is pending once `deadline` has passed: an ESC alone is the
  /// Escape key, a paste delivers what it has, a truncated sequence is dropped.
  mutating func expire(at now: Duration, into out: inout [DecodedInput]) {
    guard let deadline, now >= deadline else { return }
    switch state {
    case .escape: out.append(.key(.escape))
    case .paste: out.append(.paste(String(decoding: pasted, as: UTF8.self)))
    case .ground, .scalar, .csi, .ss3, .linuxFunction, .x10, .string: break
    }
    reset()
  }

  /// The test-friendly form of `feed`: returns what the bytes completed.
  mutating func feed(_ bytes: [UInt8], at now: Duration) -> [DecodedInput] {
    var out: [DecodedInput] = []
    feed(bytes, at: now, into: &out)
    return out
  }

  /// The test-friendly form of `expire`.
  mutating func expire(at now: Duration) -> [DecodedInput] {
    var out: [DecodedInput] = []
    expire(at: now, into: &out)
    return out
  }

  private mutating func reset() {
    state = .ground
    sequence.removeAll(keepingCapacity: true)
    overflowed = false
    pasted = []
    pasteMatched = 0
  }

  private mutating func consume(_ b: UInt8, _ out: inout [DecodedInput]) {
    switch state {
    case .ground: ground(b, &out)
    case .scalar(let value, let remaining, let next, let alt):
      scalar(b, value: value, remaining: remaining, next: next, alt: alt, &out)
    case .escape: escape(b, &out)
    case .csi: csi(b, &out)
    case .ss3:
      switch b {
      case 0x30...0x3F: collect(b)
      case 0x40...0x7E:
        state = .ground
        if let key = Self.ss3Key(final: b) { out.append(.key(key)) }
      default:
        state = .ground
        ground(b, &out)
      }
    case .linuxFunction:
      state = .ground
      switch b {
      case 0x41...0x45: out.append(.key(.function(Int(b) - 0x40)))
      case 0x40...0x7E: break
      default: ground(b, &out)
      }
    case .x10: x10(b, &out)
    case .string(let afterEscape): string(b, afterEscape: afterEscape, &out)
    case .paste: paste(b, &out)
    }
  }

  /// A continuation byte of a UTF-8 scalar (`value` so far, `remaining` bytes to come,
  /// the next one in `next`); an Alt-prefixed one is dropped whole.
  private mutating func scalar(
    _ b: UInt8, value: UInt32, remaining: Int, next: ClosedRange<UInt8>, alt: Bool,
    _ out: inout [DecodedInput]
  ) {
    guard next.contains(b) else {
      // The scalar so far is dropped; this byte starts afresh.
      state = .ground
      return ground(b, &out)
    }
    let v = value << 6 | UInt32(b & 0x3F)
    if remaining > 1 {
      state = .scalar(value: v, remaining: remaining - 1, next: 0x80...0xBF, alt: alt)
      return
    }
    state = .ground
    if !alt, let s = Unicode.Scalar(v) { out.append(.key(.char(s))) }
  }

  mutating func ground(_ b: UInt8, _ out: inout [DecodedInput]) {
    switch b {
    case 0x1B: state = .escape
    case 0x0D, 0x0A: out.append(.key(.enter))  // nonl(): Enter arrives as CR
    case 0x09: out.append(.key(.tab))
    case 0x7F, 0x08: out.append(.key(.backspace))
    case 0x00...0x7F: out.append(.key(.char(Unicode.Scalar(b))))
    case 0xC2...0xF4: startScalar(b, alt: false)
    default: break  // not UTF-8 here (a stray continuation, C0/C1 lead, F5–FF): costs only itself
    }
  }

  /// Starts a multi-byte scalar, with the range its second byte must be in
  /// (which rules out overlong forms, surrogates and values past U+10FFFF).
  private mutating func startScalar(_ b: UInt8, alt: Bool) {
    switch b {
    case 0xC2...0xDF:
      state = .scalar(value: UInt32(b & 0x1F), remaining: 1, next: 0x80...0xBF, alt: alt)
    case 0xE0: state = .scalar(value: 0, remaining: 2, next: 0xA0...0xBF, alt: alt)
    case 0xED: state = .scalar(value: 0x0D, remaining: 2, next: 0x80...0x9F, alt: alt)
    case 0xE1...0xEF:
      state = .scalar(value: UInt32(b & 0x0F), remaining: 2, next: 0x80...0xBF, alt: alt)
    case 0xF0: state = .scalar(value: 0, remaining: 3, next: 0x90...0xBF, alt: alt)
    case 0xF4: state = .scalar(value: 4, remaining: 3, next: 0x80...0x8F, alt: alt)
    case 0xF1...0xF3:
      state = .scalar(value: UInt32(b & 0x07), remaining: 3, next: 0x80...0xBF, alt: alt)
    default: state = .ground
    }
  }

  mutating func escape(_ b: UInt8, _ out: inout [DecodedInput]) {
    sequence.removeAll(keepingCapacity: true)
    overflowed = false
    switch b {
    case 0x5B: state = .csi
    case 0x4F: state = .ss3
    case 0x5D, 0x50, 0x5F, 0x5E, 0x58: state = .string(afterEscape: false)  // OSC DCS APC PM SOS
    case 0x1B: out.append(.key(.escape))  // Esc twice: the first is a press, the second waits
    case 0x00...0x7F: state = .ground  // Alt+key: no Escape, and no key the app knows
    case 0xC2...0xF4: startScalar(b, alt: true)
    default: break  // not UTF-8: costs only itself, the ESC still waits
    }
  }

  private mutating func csi(_ b: UInt8, _ out: inout [DecodedInput]) {
    switch b {
    case 0x24 where sequence.first.map({ !(0x3C...0x3F).contains($0) }) ?? false:
      // rxvt ends Shift+key with `$` (`ESC [ 5 $`); with a private marker
      // (`ESC [ ? 2026 ; 2 $ y`) it is an intermediate byte.
      state = .ground
      if !overflowed, let key = Self.tildeKey(sequence) { out.append(.key(key)) }
    case 0x20...0x3F: collect(b)
    case 0x40...0x7E:
      state = .ground
      if !overflowed { dispatchCSI(final: b, &out) }
    default:
      // A control byte or non-ASCII is part of no sequence: drop the sequence, keep the byte.
      state = .ground
      ground(b, &out)
    }
  }

  private mutating func collect(_ b: UInt8) {
    if sequence.count < Self.sequenceLimit { sequence.append(b) } else { overflowed = true }
  }

  private mutating func dispatchCSI(final: UInt8, _ out: inout [DecodedInput]) {
    if sequence.isEmpty {
      switch final {
      case 0x4D:  // ESC [ M: an X10 report, three raw bytes follow
        state = .x10
        return
      case 0x5B:  // ESC [ [
        state = .linuxFunction
        return
      default: break
      }
    }
    if final == 0x7E && sequence == [0x32, 0x30, 0x30] {  // ESC [ 200 ~
      state = .paste
      pasted = []
      pasteMatched = 0
      return
    }
    if let decoded = decodeCSI(sequence, final: final) { out.append(decoded) }
  }

  private mutating func paste(_ b: UInt8, _ out: inout [DecodedInput]) {
    if b == Self.pasteEnd[pasteMatched] {
      pasteMatched += 1
      if pasteMatched == Self.pasteEnd.count {
        out.append(.paste(String(decoding: pasted, as: UTF8.self)))
        reset()
      }
      return
    }
    // What looked like the end marker was text after all (ESC occurs once in
    // the marker, so matching restarts only at an ESC).
    appendPasted(Self.pasteEnd[0..<pasteMatched])
    pasteMatched = b == 0x1B ? 1 : 0
    if pasteMatched == 0 { appendPasted(CollectionOfOne(b)) }
  }

  private mutating func appendPasted(_ bytes: some Collection<UInt8>) {
    let room = Self.pasteLimit - pasted.count
    if room > 0 { pasted.append(contentsOf: bytes.prefix(room)) }
  }
}
