// A test-only program that saves marks the way youbi does, for the tests that
// need whole processes: one killed with SIGKILL mid-save, two saving at once.
//
//   youbi-state-probe crash <state.json> [<generation on disk>]
//       Saves generation after generation (see `ProbeGenerations`), writing
//       one byte to standard output after each save, until it is killed.
//   youbi-state-probe mark <state.json> <prefix> <count>
//       Marks <prefix>-0 … <prefix>-<count-1> read one by one, and with each the
//       feed release of item <prefix>-<n> (`ProbeGenerations.feed`), saving each
//       change as the run loop performs a `.save` (no debounce), then exits.
import StateProbeSupport
import YoubiCore
import YoubiRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// Writes `text` to standard error.
func complain(_ text: String) {
  let bytes = Array((text + "\n").utf8)
  _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  complain("usage: youbi-state-probe crash|mark <state.json> …")
  exit(64)
}
let store = StateStore(path: arguments[2], clock: SystemClock())

switch arguments[1] {
case "crash":
  // Continue from the generation the last (killed) run left on disk: given
  // by the test, which has just read it, or read here.
  var generation =
    arguments.count > 3
    ? Int(arguments[3]) ?? 0
    : ProbeGenerations.generation(of: (try? store.load().marks) ?? Marks()) ?? 0
  while true {
    generation += 1
    do {
      _ = try store.save(ProbeGenerations.marks(generation))
    } catch {
      complain("save failed: \(error.message)")
      exit(1)
    }
    var byte: UInt8 = 0x2E
    _ = write(1, &byte, 1)
  }
case "mark" where arguments.count == 5:
  let prefix = arguments[3]
  let count = Int(arguments[4]) ?? 0
  var marks = Marks()
  for i in 0..<count {
    marks.setRead(
      true, SerialID(title: "\(prefix)-\(i)"), in: ProbeGenerations.schedule,
      week: ProbeGenerations.week, at: WallTime(seconds: 1_795_996_800 + Int64(i)))
    marks.setSeen(
      true, ProbeGenerations.feed, in: ProbeGenerations.schedule,
      on: ProbeGenerations.week.monday, item: "\(prefix)-\(i)",
      at: WallTime(seconds: 1_795_996_800 + Int64(i)))
    // As the saver does, a save that found the lock held too long is tried again: on
    // a loaded machine the other marker can hold it, save after save, for seconds.
    var tries = 0
    while true {
      do {
        marks = try store.save(marks).marks
        break
      } catch let failure where failure.reason == .locked && tries < 5 {
        tries += 1
      } catch {
        complain("save failed: \(error.message)")
        exit(1)
      }
    }
  }
default:
  complain("youbi-state-probe: unknown command")
  exit(64)
}
