// INTERIM, deleted when the `JSON` target lands on main: the slice of its API
// (`JSONValue`, `JSONNumber`, `JSONWriter`) that `Marks+JSON.swift` uses, so
// the state file can be built and tested first. Parsing borrows Foundation;
// no parser is written here.
import Foundation

struct JSONNumber: Hashable, Sendable {
  let text: String
  init(_ value: Int) { text = String(value) }
  var int: Int? { Int(text) }
}

struct JSONValue: Equatable, Sendable {
  enum Content: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object([Member])
  }
  struct Member: Equatable, Sendable {
    var key: String
    var value: JSONValue
    init(_ key: String, _ value: JSONValue) {
      self.key = key
      self.value = value
    }
  }
  var content: Content
  init(_ content: Content) { self.content = content }

  static func bool(_ b: Bool) -> JSONValue { JSONValue(.bool(b)) }
  static func number(_ n: Int) -> JSONValue { JSONValue(.number(JSONNumber(n))) }
  static func string(_ s: String) -> JSONValue { JSONValue(.string(s)) }
  static func array(_ a: [JSONValue]) -> JSONValue { JSONValue(.array(a)) }
  static func object(_ m: [Member]) -> JSONValue { JSONValue(.object(m)) }

  subscript(key: String) -> JSONValue? { members?.first { $0.key == key }?.value }
  subscript(index: Int) -> JSONValue? {
    guard let a = array, a.indices.contains(index) else { return nil }
    return a[index]
  }
  var bool: Bool? { if case .bool(let b) = content { b } else { nil } }
  var number: JSONNumber? { if case .number(let n) = content { n } else { nil } }
  var string: String? { if case .string(let s) = content { s } else { nil } }
  var array: [JSONValue]? { if case .array(let a) = content { a } else { nil } }
  var members: [Member]? { if case .object(let m) = content { m } else { nil } }

  struct ParseError: Error { var message: String }

  init(parsing bytes: [UInt8]) throws(ParseError) {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    } catch {
      throw ParseError(message: "\(error)")
    }
    self = Self.from(object)
  }

  private static func from(_ any: Any) -> JSONValue {
    switch any {
    case let b as Bool where "\(type(of: any))".contains("Bool"): return .bool(b)
    case let n as NSNumber: return .number(n.intValue)
    case let s as String: return .string(s)
    case let a as [Any]: return .array(a.map(from))
    case let d as [String: Any]: return .object(d.map { Member($0.key, from($0.value)) })
    default: return JSONValue(.null)
    }
  }
}

struct JSONWriter {
  var sortedKeys: Bool
  var indent: Int
  func write(_ value: JSONValue) throws -> [UInt8] {
    var out = ""
    func go(_ v: JSONValue) {
      switch v.content {
      case .null: out += "null"
      case .bool(let b): out += b ? "true" : "false"
      case .number(let n): out += n.text
      case .string(let s):
        out += "\""
        for u in s.unicodeScalars {
          switch u {
          case "\"": out += "\\\""
          case "\\": out += "\\\\"
          case _ where u.value < 0x20:
            out +=
              "\\u" + String(repeating: "0", count: 4 - String(u.value, radix: 16).count)
              + String(u.value, radix: 16)
          default: out.unicodeScalars.append(u)
          }
        }
        out += "\""
      case .array(let a):
        out += "["
        for (i, e) in a.enumerated() {
          if i > 0 { out += "," }
          go(e)
        }
        out += "]"
      case .object(let m):
        out += "{"
        let ordered =
          sortedKeys ? m.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : m
        for (i, e) in ordered.enumerated() {
          if i > 0 { out += "," }
          go(.string(e.key))
          out += ":"
          go(e.value)
        }
        out += "}"
      }
    }
    go(value)
    return Array(out.utf8)
  }
}
