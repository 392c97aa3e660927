// `make bench`: in-process figures for each layer, in a release build.
// Terminal-level figures (bytes, latency, start-up, memory, idle CPU) come from
// bench/terminal_bench.py, which drives the real binary in a pty.
//
// `youbi-bench schedule` (or pager, render, time, search, marks, state, curses, joins, wide) runs only that part.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let only = CommandLine.arguments.dropFirst().first
// `youbi-bench fullscreen PATH [N]`: run on a pty by bench/wide_bench.py (WideBench).
if only == "fullscreen" {
  let rest = Array(CommandLine.arguments.dropFirst(2))
  WideBench.fullScreenOnTerminal(
    path: rest.first ?? "/dev/null", count: rest.count > 1 ? Int(rest[1]) ?? 100 : 100)
  exit(0)
}
// `youbi-bench cold [COLUMNS [SWITCHES]]`: the wide view's first frame after an idle wait (WideBench).
if only == "cold" {
  let rest = CommandLine.arguments.dropFirst(2).compactMap { Int($0) }
  WideBench.measureCold(columns: rest.first ?? 5, switches: rest.dropFirst().first ?? 40)
  exit(0)
}
if only == nil || only == "pager" { PagerBench.run() }
if only == nil || only == "render" { RenderBench.run() }
if only == nil || only == "schedule" { ScheduleBench.run() }
if only == nil || only == "time" { TimeBench.run() }
if only == nil || only == "search" { SearchBench.run() }
if only == nil || only == "marks" { MarksBench.run() }
if only == nil || only == "state" { StateBench.run() }
if only == nil || only == "curses" { CursesBench.run() }
if only == nil || only == "joins" { JoinBench.run() }
if only == nil || only == "wide" { WideBench.run() }
