import JSON

/// Reader steps that turn JSON errors into diagnostics, and the recording of
/// problems.
extension ScheduleParser {
  // MARK: - Reader steps

  mutating func begin() throws(Diagnostic) {
    do { try reader.begin() } catch { throw diagnostic(error, path: nil) }
  }

  mutating func beginObject() throws(Diagnostic) {
    do { try reader.beginObject() } catch { throw diagnostic(error, path: nil) }
  }

  mutating func beginArray() throws(Diagnostic) {
    do { try reader.beginArray() } catch { throw diagnostic(error, path: nil) }
  }

  mutating func nextElement() throws(Diagnostic) -> Bool {
    do { return try reader.nextElement() } catch { throw diagnostic(error, path: nil) }
  }

  /// The next key of the current object; a duplicate is reported under `path`.
  mutating func nextKey(path: @autoclosure () -> String?) throws(Diagnostic) -> JSONKey? {
    do {
      return try reader.nextKey()
    } catch {
      if case .duplicateKey = error.reason { throw diagnostic(error, path: path()) }
      throw diagnostic(error, path: nil)
    }
  }

  mutating func readString() throws(Diagnostic) -> String {
    do { return reader.string(try reader.readString()) } catch {
      throw diagnostic(error, path: nil)
    }
  }

  mutating func readNull() throws(Diagnostic) {
    do { try reader.readLiteral("null") } catch { throw diagnostic(error, path: nil) }
  }

  mutating func skipValue() throws(Diagnostic) {
    do { try reader.skipValue() } catch { throw diagnostic(error, path: nil) }
  }

  // MARK: - Problems

  func diagnostic(_ error: JSONError, path: String?) -> Diagnostic {
    Diagnostic(
      .error, line: error.position.line, column: error.position.column, path: path, error.message)
  }

  /// An error at byte `at` that stops reading.
  mutating func diagnostic(at: Int, path: String? = nil, _ message: String) -> Diagnostic {
    let position = reader.position(of: at)
    return Diagnostic(
      .error, line: position.line, column: position.column, path: path, message)
  }

  /// A problem with the shape at byte `at`. An error stops loading (it is
  /// thrown); when collecting errors, and for every warning, it is recorded
  /// and reading goes on.
  mutating func problem(
    _ severity: Diagnostic.Severity = .error, at: Int, path: String? = nil, _ message: String
  ) throws(Diagnostic) {
    if severity == .error && !collectsErrors { throw diagnostic(at: at, path: path, message) }
    if severity == .warning { warningCount += 1 }
    guard problems.count < ScheduleLoader.maxDiagnostics else {
      if severity == .error { unlistedErrors += 1 } else { unlistedWarnings += 1 }
      return
    }
    let position = reader.position(of: at)
    problems.append(
      Diagnostic(severity, line: position.line, column: position.column, path: path, message))
  }

  /// A value of the wrong kind at `offset`: reported, then skipped.
  mutating func mismatch(path: String?, _ message: String) throws(Diagnostic) {
    try problem(at: reader.offset, path: path, message)
    try skipValue()
  }

  /// The problems recorded, in file order. They are found in reading order,
  /// which differs where a check needs the whole object (an entry with no
  /// title, an end before its start is reported after its fields).
  var problemsInFileOrder: [Diagnostic] {
    problems.enumerated().sorted { a, b in
      let x = (a.element.line ?? 0, a.element.column ?? 0, a.offset)
      let y = (b.element.line ?? 0, b.element.column ?? 0, b.offset)
      return x < y
    }.map(\.element)
  }

  /// One line for the problems past the listing limit, if there were any.
  var unlistedSummary: Diagnostic? {
    let count = unlistedErrors + unlistedWarnings
    guard count > 0 else { return nil }
    let what =
      unlistedErrors == 0
      ? "warning"
      : unlistedWarnings == 0 ? "error" : "problem"
    return Diagnostic(
      unlistedErrors > 0 ? .error : .warning,
      "\(count) more \(what)\(count == 1 ? "" : "s") not listed")
  }
}

extension ScheduleParser {
  /// A `"timezone"`: a zone name such as `Asia/Tokyo` (which zones exist, the zone
  /// database says when the schedule is placed), and its line.
  mutating func timezone(path: String) throws(Diagnostic) -> (name: String, line: Int)? {
    let at = reader.offset
    guard let name = try optionalString(path: path) else { return nil }
    guard SystemTimeZones.isZoneName(name) || name == "UTC" else {
      try problem(
        at: at, path: path,
        "expected a time zone name such as \"Asia/Tokyo\", found \(Excerpt.quoted(name))")
      return nil
    }
    return (name, reader.position(of: at).line)
  }
}
