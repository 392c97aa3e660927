// `make bench`: in-process figures for each layer, in a release build.
// Terminal-level figures (bytes, latency, start-up, memory, idle CPU) come from
// bench/terminal_bench.py, which drives the real binary in a pty.

PagerBench.run()
RenderBench.run()
ScheduleBench.run()
StateBench.run()
CursesBench.run()
