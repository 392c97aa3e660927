#!/usr/bin/env python3
"""Terminal-level benchmark of the youbi binary, driven through a real pty.

Usage: python3 bench/terminal_bench.py --bin PATH [--bin PATH2 ...] [--quick]

Each --bin is measured in turn (make bench passes the dynamic release build and
the static one `make install` installs); the large-schedule figures are taken
for the first. Every run gets an empty temporary XDG_CONFIG_HOME and
XDG_STATE_HOME and no YOUBI_SCHEDULE, so a developer's own config or schedule
never changes the figures.

For 80x24 and 200x60 (TIOCSWINSZ on the pty, TERM=xterm-256color, LANG=C.UTF-8):
  - start to first frame: from fork to the first output holding the tab bar ("Mon");
  - bytes (and write bursts) for one slide: Right, then read until quiet >= 500 ms;
  - key-to-first-byte latency, median and p95 over 30 presses (j and k alternating);
  - peak memory: VmHWM of the child (/proc/PID/status) just before quitting with q.
    Not ru_maxrss: a forked child's ru_maxrss includes the pages of this Python
    process it was copied from before exec (~10 MiB), which hid every difference.
  - CPU used while idle for 5 s (utime+stime from /proc/PID/stat), in ms.
    Peak memory is mostly the binary's own pages, and how many of those a start
    maps depends on the page cache (a file just written can show more); after
    `echo 3 > /proc/sys/vm/drop_caches` the figure is the one a first start gets.
And for each binary: its size, stripped size (what `make install` installs)
and how many shared libraries it loads.
If bench/make_schedule.py exists beside this script:
  - start to first frame with a 100,000-entry schedule;
  - key-to-first-byte latency while a 1,000,000-entry schedule loads (and when the
    schedule's first entry is shown, to see that the keys did arrive during the load).

With --installed PATH and --floor SOURCE, the installed binary beside the C floor
first (floor_bench.py says how).

Only the python3 standard library. Not part of `make test` (it measures, it does
not assert); `make bench` runs it. Takes well under a minute.
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

from benchlib import Child, fmt, percentile, tab_bar
from floor_bench import bench_floor
from wide_bench import bench_wide

RIGHT = b"\x1bOC"  # kcuf1 in xterm-256color (ncurses turns keypad mode on)


def key_latencies(child, keys, count, quiet=0.06):
    """Latency from writing a key to the first byte back, over `count` presses."""
    out = []
    child.drain_until_quiet(0.3)
    for i in range(count):
        key = keys[i % len(keys)]
        t = time.monotonic()
        child.send(key)
        data = child.read(2.0)
        if data:
            out.append((time.monotonic() - t) * 1000.0)
        child.drain_until_quiet(quiet)
    return out


def bench_size(binary, cols, rows, quick):
    res = {}
    # One day, as the seed (at 200 columns `auto` shows five; bench_wide has those).
    args = ["--labels", "en", "--day", "monday", "--columns", "1"]
    c = Child(binary, args, cols, rows)
    try:
        t = c.read_until(tab_bar, 10.0)
        res["first frame ms"] = (t - c.t0) * 1000.0 if t else None
        c.drain_until_quiet(0.5)
        c.send(RIGHT)
        nbytes, bursts = c.drain_until_quiet(0.5)
        res["slide bytes"] = nbytes
        res["slide write bursts"] = bursts
        lat = key_latencies(c, [b"j", b"k"], 30)
        if lat:
            res["key→byte median ms"] = statistics.median(lat)
            res["key→byte p95 ms"] = percentile(lat, 0.95)
        c.drain_until_quiet(0.3)
        idle = 1.0 if quick else 5.0
        before = c.cpu_ms()
        end = time.monotonic() + idle
        while time.monotonic() < end:
            c.read(end - time.monotonic())
        res["idle CPU ms / %gs" % idle] = c.cpu_ms() - before
    finally:
        rss = c.quit()
    res["peak RSS MiB"] = rss / 1024.0 if rss else None
    res["exit status"] = os.waitstatus_to_exitcode(c.status) if c.status is not None else None
    return res


def bench_large(binary, make_schedule, tmp, quick):
    res = {}
    n_small = 1_000
    n_big, n_huge = (10_000, 100_000) if quick else (100_000, 1_000_000)
    small = os.path.join(tmp, "small.json")
    big = os.path.join(tmp, "big.json")
    huge = os.path.join(tmp, "huge.json")
    for n, path in ((n_small, small), (n_big, big), (n_huge, huge)):
        subprocess.run([sys.executable, make_schedule, str(n), path], check=True)

    first_entry = b"Serial 0"  # make_schedule's first Monday entry
    for n, path in ((n_small, small), (n_big, big)):
        c = Child(binary, ["--labels", "en", "--day", "monday", path], 80, 24)
        c.watch = first_entry
        try:
            t = c.read_until(tab_bar, 30.0)
            res["first frame ms, %d entries" % n] = (t - c.t0) * 1000.0 if t else None
            c.read_until(lambda buf: first_entry in buf, 30.0)
            res["schedule shown ms, %d entries" % n] = (c.seen - c.t0) * 1000.0 if c.seen else None
        finally:
            rss = c.quit()
        res["peak RSS MiB, %d entries" % n] = rss / 1024.0 if rss else None

    c = Child(binary, ["--labels", "en", "--day", "monday", huge], 80, 24)
    c.watch = first_entry
    try:
        t = c.read_until(tab_bar, 30.0)
        res["first frame ms, %d entries" % n_huge] = (t - c.t0) * 1000.0 if t else None
        # Keys while it loads: Right / Left alternately, first byte back.
        lat = []
        keys_from = (time.monotonic() - c.t0) * 1000.0
        for i in range(10):
            k = time.monotonic()
            c.send(RIGHT if i % 2 == 0 else b"\x1bOD")
            if c.read(5.0):
                lat.append((time.monotonic() - k) * 1000.0)
            c.drain_until_quiet(0.02, limit=0.1)
        if lat:
            res["key→byte while loading %d, median ms" % n_huge] = statistics.median(lat)
            res["key→byte while loading %d, max ms" % n_huge] = max(lat)
        res["key presses answered while loading"] = "%d/10" % len(lat)
        res["keys sent from–to ms"] = "%.0f–%.0f" % (keys_from, (time.monotonic() - c.t0) * 1000.0)
        c.read_until(lambda buf: first_entry in buf, 60.0)
        res["schedule shown ms, %d entries" % n_huge] = (c.seen - c.t0) * 1000.0 if c.seen else None
    finally:
        rss = c.quit(timeout=20.0)
    res["peak RSS MiB, %d entries" % n_huge] = rss / 1024.0 if rss else None
    return res


def bench_next(binary, make_schedule, tmp, quick):
    """`youbi --next` as a status bar runs it: a whole process, start to exit, each time."""
    res = {}
    runs = 10 if quick else 40
    env = dict(os.environ, XDG_STATE_HOME=os.path.join(tmp, "state"),
               XDG_CONFIG_HOME=os.path.join(tmp, "config"), YOUBI_SCHEDULE="")
    env.pop("YOUBI_SCHEDULE")
    cases = [("demo week", [])]
    for n in (1_000, 10_000):
        path = os.path.join(tmp, "next-%d.json" % n)
        subprocess.run([sys.executable, make_schedule, str(n), path], check=True)
        cases.append(("%d entries" % n, [path]))
    for name, files in cases:
        for extra in ([], ["--short"]):
            times, cpu = [], []
            for _ in range(runs):
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                t0 = time.monotonic()
                subprocess.run([binary, "--next"] + extra + files, env=env, check=True,
                               stdout=subprocess.DEVNULL)
                times.append((time.monotonic() - t0) * 1000.0)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
                           * 1000.0)
            label = "--next%s, %s" % (" --short" if extra else "", name)
            # Wall time on a busy machine is mostly waiting for a core: the fastest run
            # and the CPU time say what the program itself costs.
            res[label + ", median ms"] = statistics.median(times)
            res[label + ", fastest ms"] = min(times)
            res[label + ", CPU ms"] = statistics.median(cpu)
    return res


def binary_facts(binary):
    """Size on disk, stripped as `make install` installs it, and the shared libraries it loads."""
    facts = {"binary size MiB": os.path.getsize(binary) / (1 << 20)}
    with tempfile.TemporaryDirectory() as tmp:
        stripped = os.path.join(tmp, "youbi")
        done = subprocess.run(["strip", "-o", stripped, binary], capture_output=True)
        facts["stripped size MiB"] = (
            os.path.getsize(stripped) / (1 << 20) if done.returncode == 0 else None
        )
    try:
        out = subprocess.run(
            ["readelf", "-d", binary], capture_output=True, text=True, check=True
        ).stdout
        needed = [line.split("[")[-1].rstrip("]") for line in out.splitlines() if "(NEEDED)" in line]
        facts["shared libraries"] = len(needed)
        facts["links libswift*.so"] = "yes" if any("libswift" in n for n in needed) else "no"
    except (OSError, subprocess.CalledProcessError):
        facts["shared libraries"] = "n/a"
        facts["links libswift*.so"] = "n/a"
    return facts


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--bin", required=True, action="append", help="path to a youbi binary (repeatable)"
    )
    ap.add_argument("--quick", action="store_true", help="shorter idle window, smaller schedules")
    ap.add_argument("--installed", help="the installed youbi, measured beside the C floor")
    ap.add_argument("--floor", help="bench/floor.c, the C floor (needs --installed)")
    ap.add_argument("--only-floor", action="store_true", help="only the installed-vs-floor table")
    ap.add_argument("--bench", help="youbi-bench: one full-screen ncurses update beside the wide view")
    a = ap.parse_args()
    binaries = [os.path.abspath(b) for b in a.bin]
    for binary in binaries:
        if not os.access(binary, os.X_OK):
            sys.exit("terminal_bench: %s is not an executable file (build it: make release)" % binary)

    started = time.monotonic()
    if a.installed and a.floor:
        with tempfile.TemporaryDirectory(prefix="youbi-bench-floor-") as tmp:
            bench_floor(os.path.abspath(a.installed), os.path.abspath(a.floor), tmp)
        if a.only_floor:
            return
    sizes = [(80, 24), (200, 60)]
    for n, binary in enumerate(binaries):
        results = {"%dx%d" % s: bench_size(binary, s[0], s[1], a.quick) for s in sizes}
        rows = []
        for key in results["80x24"]:
            rows.append((key, [fmt(results[s].get(key)) for s in results]))
        for key, val in binary_facts(binary).items():
            rows.append((key, [fmt(val), ""]))
        w = max(len(r[0]) for r in rows)
        if n:
            print()
        print("youbi terminal bench — %s" % binary)
        print("%-*s  %12s  %12s" % (w, "metric", "80x24", "200x60"))
        print("%s  %s  %s" % ("-" * w, "-" * 12, "-" * 12))
        for key, vals in rows:
            print("%-*s  %12s  %12s" % (w, key, vals[0], vals[1]))
    binary = binaries[0]
    bench_wide(binary, presses=4 if a.quick else 10, bench=a.bench)

    make_schedule = os.path.join(os.path.dirname(os.path.abspath(__file__)), "make_schedule.py")
    if os.path.exists(make_schedule):
        with tempfile.TemporaryDirectory(prefix="youbi-bench-") as tmp:
            large = bench_large(binary, make_schedule, tmp, a.quick)
        print()
        print("large schedules (80x24) — %s" % binary)
        w = max(len(k) for k in large)
        for key, val in large.items():
            print("%-*s  %12s" % (w, key, fmt(val)))
        for binary in binaries:
            with tempfile.TemporaryDirectory(prefix="youbi-bench-") as tmp:
                figures = bench_next(binary, make_schedule, tmp, a.quick)
            print()
            print("--next for a status bar (whole process) — %s" % binary)
            w = max(len(k) for k in figures)
            for key, val in figures.items():
                print("%-*s  %12s" % (w, key, fmt(val)))
    else:
        print("\n(bench/make_schedule.py not found: large-schedule figures skipped)")
    print("\ntotal bench time %.1f s" % (time.monotonic() - started))


if __name__ == "__main__":
    main()
