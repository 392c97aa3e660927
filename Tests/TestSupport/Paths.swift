/// The path of `examples/<name>` in the package.
public func examplePath(_ name: String) -> String {
  packagePath("examples/" + name)
}

/// The path of `relative` (such as `fuzz/corpus`) in the package.
public func packagePath(_ relative: String) -> String {
  var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
  parts.removeLast(3)  // Tests/TestSupport/Paths.swift
  return parts.joined(separator: "/") + "/" + relative
}

/// The path of `Tests/Fixtures/probe/<name>`: inputs that once broke Youbi under probing.
public func probePath(_ name: String) -> String {
  packagePath("Tests/Fixtures/probe/" + name)
}
