import Testing

@testable import Schedule

#if canImport(Glibc)
  import Glibc
#endif

/// The loader reads regular files only: a FIFO with no writer once blocked it for good.
@Suite struct ScheduleLoaderKindTests {
  @Test(.timeLimit(.minutes(1))) func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
    let path = "/tmp/youbi-fifo-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    #expect(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    #expect(
      throws: ScheduleError(
        exitCode: 66,
        message: "youbi: \(path): not a regular file (a FIFO); expected a schedule file")
    ) {
      try ScheduleLoader.load(path: path)
    }
  }

  @Test func aDeviceIsRefused() {
    #expect(
      throws: ScheduleError(
        exitCode: 66,
        message: "youbi: /dev/zero: not a regular file (a device); expected a schedule file")
    ) {
      try ScheduleLoader.load(path: "/dev/zero")
    }
  }
}
