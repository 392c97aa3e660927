"""The installed youbi beside the C floor, a plain C ncurses pager of the same week
(terminal_bench.py --installed PATH --floor SOURCE; make bench).

With --installed PATH (the binary `make install` installs) and --floor SOURCE
(bench/floor.c, compiled here with cc): both show the bench week (7 days of 40
Japanese serials, bench/make_week.py) at 80x24, 120x40 and 200x60, 21 starts
each (alternating, after both are dropped from the page cache and started once),
and the medians are printed side by side, with their ratios:
  - first frame: from fork to the first output holding the tab bar;
  - first full frame: from fork until the whole screen is out: the tab bar,
    Monday's first serial and the footer's "q quit", drawn last (youbi may draw the
    week in a second frame; the floor writes its screen a row at a time, so the
    first serial alone would stop its clock a few rows in);
  - CPU to full frame: the CPU time all its threads used until then (from
    /proc/PID/task/*/schedstat), which other work on the machine does not inflate;
  - peak memory (VmHWM), read once the screen is quiet;
  - the full frame's ratio start by start too (each youbi start over the floor's
    right after it: median and middle half), which the machine speeding up or
    slowing down during a run sways less.

Only the python3 standard library. Measures; asserts nothing.
"""
import os
import shutil
import statistics
import subprocess
import sys

from benchlib import Child, fmt, percentile, tab_bar

WEEK_FIRST = "星屑の郵便配達 第1話".encode()  # make_week.py's first Monday entry
FOOTER = b"q quit"  # the last row, in both youbi's footer and the floor's, at every size


def start_once(argv, cols, rows):
    """One start of argv at cols x rows: (first frame ms, first full frame ms, peak KiB)."""
    c = Child(argv[0], argv[1:], cols, rows)
    try:
        t = c.read_until(tab_bar, 10.0)
        first = (t - c.t0) * 1000.0 if t else None
        t = c.read_until(lambda buf: tab_bar(buf) and WEEK_FIRST in buf and FOOTER in buf, 10.0)
        full = (t - c.t0) * 1000.0 if t else None
        cpu = cpu_on_all_threads_ms(c.pid) if t else None
        c.drain_until_quiet(0.3)
    finally:
        peak = c.quit()
    return first, full, cpu, peak


def cpu_on_all_threads_ms(pid):
    """CPU time the process has run so far, every thread, in ms (/proc/PID/task/*/schedstat).

    Unlike wall-clock times it does not grow when other work shares the machine.
    """
    total = 0
    try:
        for task in os.listdir("/proc/%d/task" % pid):
            with open("/proc/%d/task/%s/schedstat" % (pid, task)) as f:
                total += int(f.read().split()[0])
    except OSError:
        return None
    return total / 1e6


def evict(path):
    """Drops `path`'s pages from the page cache (posix_fadvise), so a start reads it
    as after a reboot rather than as `install` just wrote it (see peak memory above)."""
    try:
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)
    except OSError:
        pass


def bench_floor(installed, floor_source, tmp, runs=21):
    """The installed youbi beside the C floor on the bench week, at three sizes.

    Both executables are dropped from the page cache first and started once
    unmeasured, so both are read in the same way (a file just written sits in
    large folios, which a start maps whole). Then, at each size, their starts
    alternate, so whatever else the machine does weighs on both alike.
    """
    week_json, week_txt = os.path.join(tmp, "week.json"), os.path.join(tmp, "week.txt")
    here = os.path.dirname(os.path.abspath(__file__))
    subprocess.run([sys.executable, os.path.join(here, "make_week.py"), week_json, week_txt],
                   check=True)
    floor = os.path.join(tmp, "floor")
    # cc, or the toolchain's own clang where no C compiler is installed.
    compiler = shutil.which("cc") or shutil.which("clang") or "cc"
    subprocess.run([compiler, "-O2", floor_source, "-lncursesw", "-o", floor], check=True)
    programs = [
        ("youbi (installed)", [installed, "--labels", "en", "--day", "monday", week_json]),
        ("C floor", [floor, week_txt]),
    ]
    sizes = [(80, 24), (120, 40), (200, 60)]
    for _, argv in programs:
        evict(argv[0])
        start_once(argv, 80, 24)
    rows = {}
    paired = {}  # youbi's full frame over the floor's started right after it, start by start
    for cols, rows_ in sizes:
        got = {name: [] for name, _ in programs}
        for _ in range(runs):
            for name, argv in programs:
                got[name].append(start_once(argv, cols, rows_))
        paired[(cols, rows_)] = sorted(
            y[1] / f[1] for y, f in zip(got[programs[0][0]], got[programs[1][0]]) if y[1] and f[1])
        for name, _ in programs:
            rows[(name, cols, rows_)] = [
                statistics.median([x for x in v if x is not None])
                if any(x is not None for x in v) else None for v in zip(*got[name])]
    print()
    print("the bench week (7 x 40 Japanese serials), median of %d starts, alternating" % runs)
    print("%-18s %-8s %12s %17s %19s %13s" % (
        "", "size", "first frame", "first full frame", "CPU to full frame", "peak RSS MiB"))
    for name, _ in programs:
        for cols, rows_ in sizes:
            med = rows[(name, cols, rows_)]
            print("%-18s %-8s %12s %17s %19s %13s" % (
                name, "%dx%d" % (cols, rows_), fmt(med[0]) + " ms", fmt(med[1]) + " ms",
                fmt(med[2]) + " ms", fmt(med[3] / 1024.0 if med[3] else None)))
    for cols, rows_ in sizes:
        y, f = rows[(programs[0][0], cols, rows_)], rows[(programs[1][0], cols, rows_)]
        if y[1] and f[1] and y[2] and f[2]:
            print("youbi / floor %-8s first full frame %.2fx, CPU to it %.2fx" % (
                "%dx%d" % (cols, rows_), y[1] / f[1], y[2] / f[2]))
        ratios = paired[(cols, rows_)]
        if ratios:
            # Less swayed by the machine speeding up or slowing down during the run.
            print("              %-8s start by start: median %.2fx, middle half %.2f–%.2fx" % (
                "", percentile(ratios, 0.5), percentile(ratios, 0.25), percentile(ratios, 0.75)))
