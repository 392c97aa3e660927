/// Bytes for the terminal that are not a frame: a notification, the bell, a link.
///
/// The only ways to make one are the constructors here, and each makes the text it
/// carries safe first (`SafeText`, then the form's own rules), so no character from a
/// schedule can end the sequence early or start another: a backend may write
/// `bytes` as they are. What each form is:
///
/// - OSC 9 (iTerm2, WezTerm, Windows Terminal, kitty): `ESC ] 9 ; text BEL`, one text.
/// - OSC 777 (foot, Ghostty, urxvt, WezTerm): `ESC ] 777 ; notify ; title ; body BEL`.
/// - OSC 99 (kitty): title and body as two parts of one notification, each base64
///   (`e=1`), so the text cannot touch the sequence's own syntax.
/// - The bell: `BEL`.
///
/// Inside tmux a sequence is wrapped for passthrough (`ESC P tmux ; … ESC \`, each
/// `ESC` inside doubled); tmux passes it on when `allow-passthrough` is on.
public struct ControlSequence: Equatable, Sendable {
  /// What the terminal is sent.
  public let bytes: [UInt8]

  private init(_ text: String) { bytes = Array(text.utf8) }

  /// The bell: terminals flash or beep, tmux marks the window.
  public static let bell = ControlSequence("\u{07}")

  /// An OSC 9 notification of `text`.
  public static func osc9(_ text: String) -> ControlSequence {
    ControlSequence("\u{1B}]9;" + oscText(text) + "\u{07}")
  }

  /// An OSC 777 notification: `title` and `body` (no `;` in either, which would move
  /// the fields: each becomes `,`).
  public static func osc777(title: String, body: String) -> ControlSequence {
    func field(_ s: String) -> String { String(oscText(s).map { $0 == ";" ? "," : $0 }) }
    return ControlSequence("\u{1B}]777;notify;" + field(title) + ";" + field(body) + "\u{07}")
  }

  /// A kitty OSC 99 notification with a title and a body, both base64.
  public static func osc99(title: String, body: String) -> ControlSequence {
    let title64 = Base64.encode(Array(oscText(title).utf8))
    let body64 = Base64.encode(Array(oscText(body).utf8))
    return ControlSequence(
      "\u{1B}]99;i=youbi:d=0:e=1:p=title;" + title64 + "\u{1B}\\"
        + "\u{1B}]99;i=youbi:d=1:e=1:p=body;" + body64 + "\u{1B}\\")
  }

  /// OSC 52: asks the terminal (and tmux with `set-clipboard on`) to put `text`
  /// on the clipboard. It works over SSH, where no local tool can. The text is
  /// base64, so it cannot touch the sequence's own syntax.
  public static func clipboard(_ text: String) -> ControlSequence {
    ControlSequence("\u{1B}]52;c;" + Base64.encode(Array(text.utf8)) + "\u{07}")
  }

  /// This sequence wrapped for tmux's passthrough.
  public var forTmux: ControlSequence {
    ControlSequence(
      bytesOf: Array("\u{1B}Ptmux;".utf8) + Self.doublingEscapes(bytes) + Array("\u{1B}\\".utf8))
  }

  private init(bytesOf bytes: [UInt8]) { self.bytes = bytes }

  private static func doublingEscapes(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 8)
    for byte in bytes {
      if byte == 0x1B { out.append(0x1B) }
      out.append(byte)
    }
    return out
  }

  /// Text safe inside an OSC string: no C0 or C1 control (`SafeText`'s placeholders
  /// replace them, so neither BEL, ESC nor ST can end the string), on one line, and
  /// at most 200 columns.
  static func oscText(_ text: String) -> String {
    TextWidth.head(of: SafeText.sanitize(text), fitting: 200)
  }

  /// `text` as an OSC 8 hyperlink to `url`: what `ls --hyperlink` writes.
  ///
  /// The text is made safe; the URL keeps only printable ASCII, every other byte
  /// percent-encoded, so neither can end the sequence.
  public static func hyperlink(_ text: String, to url: String) -> String {
    var target = ""
    for byte in url.utf8 {
      if byte > 0x20 && byte < 0x7F {
        target.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = Array("0123456789ABCDEF".utf8)
        target.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "%")))
        target.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
        target.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 15)]))
      }
    }
    return "\u{1B}]8;;" + target + "\u{1B}\\" + SafeText.sanitize(text) + "\u{1B}]8;;\u{1B}\\"
  }
}
