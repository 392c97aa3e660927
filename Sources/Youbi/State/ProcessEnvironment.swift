#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's environment as a dictionary: read once, in `main`, and passed
/// down, so nothing below it reads the real environment (tests pass their own).
public enum ProcessEnvironment {
  public static func current() -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        let key = String(text[..<equals])
        // The first definition wins, as getenv(3) reads it.
        if result[key] == nil { result[key] = String(text[text.index(after: equals)...]) }
      }
      entry += 1
    }
    return result
  }
}
