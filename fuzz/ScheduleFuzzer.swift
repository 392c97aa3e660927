// libFuzzer entry point for the schedule loader: `make fuzz`.
//
// Built by the Makefile with `swiftc -sanitize=fuzzer,address` together with
// Tests/ScheduleTests/Fuzz/ScheduleOracle.swift and
// Sources/TerminalUI/SafeText.swift, against the JSON and Schedule modules.
// An input that breaks one of the oracle's promises stops the run with the
// reason; libFuzzer saves that input as crash-<hash> under .build/fuzz/.

@_cdecl("LLVMFuzzerTestOneInput")
public func scheduleFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  if let failure = ScheduleOracle.failure(for: bytes) {
    fatalError("schedule oracle: \(failure)")
  }
  return 0
}
