/// The words notifications add to a release's time.
extension Labels {
  /// After the time of a release only expected (a feed's inferred slot): it may not come.
  var expected: String {
    switch self {
    case .ja: "（予定）"
    case .en: " (expected)"
    }
  }
}
