// `make bench`: in-process figures for each layer, in a release build.
// Terminal-level figures (bytes, latency, start-up, memory, idle CPU) come from
// bench/terminal_bench.py, which drives the real binary in a pty.
//
// `youbi-bench schedule` (or pager, render, time, search, marks, state, curses, joins) runs only that part.

let only = CommandLine.arguments.dropFirst().first
if only == nil || only == "pager" { PagerBench.run() }
if only == nil || only == "render" { RenderBench.run() }
if only == nil || only == "schedule" { ScheduleBench.run() }
if only == nil || only == "time" { TimeBench.run() }
if only == nil || only == "search" { SearchBench.run() }
if only == nil || only == "marks" { MarksBench.run() }
if only == nil || only == "state" { StateBench.run() }
if only == nil || only == "curses" { CursesBench.run() }
if only == nil || only == "joins" { JoinBench.run() }
