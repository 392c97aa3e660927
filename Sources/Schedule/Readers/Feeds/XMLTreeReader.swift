import CExpat

/// Reads an XML document into a tree of `XMLElement`s through Expat, refusing what a
/// feed never needs and an attacker would use:
/// - an entity declaration of any kind, so no entity is expanded (billion laughs) and
///   none names a file or URL to read (an external entity); Expat's own amplification
///   limits stay on beneath that, and no external entity or DTD is ever loaded (no
///   handler for them, parameter entities never parsed);
/// - nesting deeper than `maxDepth` elements.
///
/// A document that is not well-formed is one diagnostic with Expat's words and where.
final class XMLTreeReader {
  /// The deepest nesting accepted: a feed is four or five deep.
  static let maxDepth = 64

  private var stack: [XMLElement] = []
  private var root: XMLElement?
  /// Why the reading stopped early, with where; nil while it goes on.
  private var refusal: Diagnostic?
  private let parser: XML_Parser

  private init?() {
    guard let parser = XML_ParserCreateNS(nil, 0x20) else { return nil }
    self.parser = parser
  }

  deinit { XML_ParserFree(parser) }

  /// The root element of `bytes`, or the one line that says why there is none.
  static func read(_ bytes: [UInt8]) throws(Diagnostic) -> XMLElement {
    guard bytes.count <= Int(Int32.max), let reader = XMLTreeReader() else {
      throw Diagnostic(.error, "XML: cannot start the parser")
    }
    return try reader.parse(bytes)
  }

  private func parse(_ bytes: [UInt8]) throws(Diagnostic) -> XMLElement {
    let parser = self.parser
    XML_SetUserData(parser, Unmanaged.passUnretained(self).toOpaque())
    _ = XML_SetParamEntityParsing(parser, XML_PARAM_ENTITY_PARSING_NEVER)
    _ = XML_SetBillionLaughsAttackProtectionMaximumAmplification(parser, 10)
    _ = XML_SetBillionLaughsAttackProtectionActivationThreshold(parser, 1 << 20)
    XML_SetElementHandler(
      parser,
      { user, name, attributes in
        XMLTreeReader.from(user).start(name, attributes)
      },
      { user, _ in XMLTreeReader.from(user).end() })
    XML_SetCharacterDataHandler(parser) { user, text, count in
      XMLTreeReader.from(user).characters(text, count)
    }
    XML_SetEntityDeclHandler(parser) { user, _, _, _, _, _, _, _, _ in
      XMLTreeReader.from(user).refuse("entity declarations are not read (DOCTYPE with ENTITY)")
    }
    let status = bytes.withUnsafeBufferPointer { buf in
      buf.withMemoryRebound(to: CChar.self) {
        XML_Parse(parser, $0.baseAddress, Int32($0.count), 1)
      }
    }
    if let refusal { throw refusal }
    guard status == XML_STATUS_OK, let root else {
      let code = XML_GetErrorCode(parser)
      let words = XML_ErrorString(code).map { String(cString: $0) } ?? "not well-formed"
      throw diagnostic("XML: \(words)")
    }
    return root
  }

  private static func from(_ user: UnsafeMutableRawPointer?) -> XMLTreeReader {
    Unmanaged<XMLTreeReader>.fromOpaque(user!).takeUnretainedValue()
  }

  /// An error where the parser is now (lines from 1, columns from 1).
  private func diagnostic(_ message: String) -> Diagnostic {
    Diagnostic(
      .error, line: Int(XML_GetCurrentLineNumber(parser)),
      column: Int(XML_GetCurrentColumnNumber(parser)) + 1, message)
  }

  /// Stops the parser with `message` as the reason.
  private func refuse(_ message: String) {
    guard refusal == nil else { return }
    refusal = diagnostic("XML: " + message)
    _ = XML_StopParser(parser, youbi_XML_FALSE())
  }

  private func start(
    _ name: UnsafePointer<CChar>?, _ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?
  ) {
    guard refusal == nil, let name else { return }
    guard stack.count < Self.maxDepth else {
      refuse("nested deeper than \(Self.maxDepth) elements")
      return
    }
    var found: [String: String] = [:]
    var i = 0
    while let key = attributes?[i], let value = attributes?[i + 1] {
      found[String(cString: key)] = String(cString: value)
      i += 2
    }
    stack.append(
      XMLElement(
        name: String(cString: name), attributes: found, text: "", children: [],
        line: Int(XML_GetCurrentLineNumber(parser)),
        column: Int(XML_GetCurrentColumnNumber(parser)) + 1))
  }

  private func end() {
    guard refusal == nil, let element = stack.popLast() else { return }
    if stack.isEmpty {
      root = element
    } else {
      stack[stack.count - 1].children.append(element)
    }
  }

  private func characters(_ text: UnsafePointer<CChar>?, _ count: Int32) {
    guard refusal == nil, let text, count > 0, !stack.isEmpty else { return }
    let bytes = UnsafeRawBufferPointer(start: text, count: Int(count)).bindMemory(to: UInt8.self)
    stack[stack.count - 1].text += String(decoding: bytes, as: UTF8.self)
  }
}
