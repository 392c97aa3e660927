/// One element of an XML document as Expat reported it: its name (`namespace local`, or
/// the local name alone outside any namespace), attributes, the text directly in it,
/// and its children, with the line and column of its start tag.
///
/// Feeds and OPML files are small (a page of items), so a document is read into a tree
/// and walked, as the API responses are.
struct XMLElement: Sendable {
  var name: String
  var attributes: [String: String]
  /// Its character data, outside its children's, as one string.
  var text: String
  var children: [XMLElement]
  var line: Int
  var column: Int

  /// The Atom namespace, which prefixes every Atom element's name.
  static let atom = "http://www.w3.org/2005/Atom"

  /// Its local name, without the namespace.
  var localName: Substring {
    guard let space = name.lastIndex(of: " ") else { return name[...] }
    return name[name.index(after: space)...]
  }

  /// The first child named `name`.
  func child(_ name: String) -> XMLElement? { children.first { $0.name == name } }

  /// Every child named `name`, in document order.
  func children(_ name: String) -> [XMLElement] { children.filter { $0.name == name } }

  /// The trimmed text of the first child named `name`; nil when absent or blank.
  func text(of name: String) -> String? { child(name)?.trimmedText }

  /// Its text with the white space at both ends removed; nil when nothing is left.
  var trimmedText: String? {
    let trimmed = text.trimmingXMLSpace()
    return trimmed.isEmpty ? nil : trimmed
  }
}

extension String {
  /// The text without XML's white space (space, tab, CR, LF) at either end.
  func trimmingXMLSpace() -> String {
    let space: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r\n" }
    guard let first = firstIndex(where: { !space($0) }) else { return "" }
    let last = lastIndex(where: { !space($0) })!
    return String(self[first...last])
  }
}
