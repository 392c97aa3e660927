import Posix

#if canImport(Glibc)
  import Glibc
#endif

/// The command line's arguments after the program's name.
///
/// On Linux the Swift runtime finds `argv` by walking up the stack from `environ`.
/// A library loaded before it that calls `setenv` first moves `environ`, and
/// `CommandLine.arguments` comes out empty (swiftlang/swift#76080): libfaketime,
/// preloaded, did that, and youbi then ran as if given no argument at all. A process
/// always has its name, so an empty list means that, and the kernel's copy of the
/// command line is read instead.
enum Arguments {
  static var afterName: [String] {
    let given = CommandLine.arguments
    return Array((given.isEmpty ? fromKernel() : given).dropFirst())
  }

  /// `/proc/self/cmdline`: the arguments, each ended by a zero byte.
  static func fromKernel() -> [String] {
    let fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return [] }
    defer { close(fd) }
    guard case .success(let bytes) = FileDescriptor.readAll(fd, limit: 1 << 22) else { return [] }
    var arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    if bytes.last == 0 { arguments.removeLast() }
    return arguments
  }
}
