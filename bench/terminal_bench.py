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
  - peak memory (VmHWM), read once the screen is quiet.

Only the python3 standard library. Not part of `make test` (it measures, it does
not assert); `make bench` runs it. Takes well under a minute.
"""
import argparse
import atexit
import fcntl
import os
import resource
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

RIGHT = b"\x1bOC"  # kcuf1 in xterm-256color (ncurses turns keypad mode on)
CLK_TCK = os.sysconf("SC_CLK_TCK")


ISOLATED = tempfile.mkdtemp(prefix="youbi-bench-home-")
atexit.register(shutil.rmtree, ISOLATED, True)


class Child:
    """youbi on the slave side of a fresh pty of the given size."""

    def __init__(self, binary, args, cols, rows):
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = dict(os.environ)
        env.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        env.update(
            XDG_CONFIG_HOME=os.path.join(ISOLATED, "config"),
            XDG_STATE_HOME=os.path.join(ISOLATED, "state"),
        )
        env.pop("NO_COLOR", None)
        env.pop("YOUBI_SCHEDULE", None)
        self.t0 = time.monotonic()
        pid = os.fork()
        if pid == 0:  # child
            try:
                os.close(self.master)
                os.login_tty(slave)
                for sig in (signal.SIGINT, signal.SIGQUIT, signal.SIGPIPE, signal.SIGTSTP):
                    signal.signal(sig, signal.SIG_DFL)
                os.execve(binary, [binary] + args, env)
            finally:
                os._exit(127)
        os.close(slave)
        self.pid = pid
        self.buffer = bytearray()
        self.watch = None  # bytes whose first appearance time is recorded in self.seen
        self.seen = None
        self.rusage = None
        self.status = None

    def read(self, timeout):
        """Reads what arrives within `timeout` s; returns the bytes (b'' on timeout/EOF)."""
        r, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        if not r:
            return b""
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: the child closed the pty
            return b""
        self.buffer += data
        if self.watch and self.seen is None and self.watch in self.buffer:
            self.seen = time.monotonic()
        return data

    def read_until(self, predicate, timeout):
        """Reads until predicate(buffer) holds; returns the time it did, or None."""
        deadline = time.monotonic() + timeout
        while not predicate(self.buffer):
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            if not self.read(min(left, 0.5)) and self.exited():
                return None
        return time.monotonic()

    def drain_until_quiet(self, quiet, limit=30.0):
        """Reads until nothing arrived for `quiet` s; returns (bytes, bursts)."""
        total, bursts, last = 0, 0, None
        end = time.monotonic() + limit
        while time.monotonic() < end:
            data = self.read(quiet)
            if not data:
                break
            now = time.monotonic()
            if last is None or now - last > 0.004:
                bursts += 1
            last = now
            total += len(data)
        return total, bursts

    def send(self, data):
        os.write(self.master, data)

    def cpu_ms(self):
        with open("/proc/%d/stat" % self.pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        # fields[0] is the state (field 3); utime and stime are fields 14 and 15
        return (int(fields[11]) + int(fields[12])) * 1000.0 / CLK_TCK

    def exited(self):
        if self.status is not None:
            return True
        pid, status, rusage = os.wait4(self.pid, os.WNOHANG)
        if pid == self.pid:
            self.status, self.rusage = status, rusage
            return True
        return False

    def peak_kib(self):
        """The high-water mark of the child's resident memory (VmHWM), in KiB."""
        try:
            with open("/proc/%d/status" % self.pid) as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return None

    def quit(self, timeout=5.0):
        """Sends q, waits for the exit; returns the peak RSS in KiB (None if it had to be killed)."""
        peak = self.peak_kib()
        if self.status is None:
            try:
                self.send(b"q")
            except OSError:
                pass
            deadline = time.monotonic() + timeout
            while not self.exited() and time.monotonic() < deadline:
                self.read(0.05)
            if self.status is None:
                os.kill(self.pid, signal.SIGKILL)
                _, self.status, self.rusage = os.wait4(self.pid, 0)
                os.close(self.master)
                return None
        os.close(self.master)
        return peak


def tab_bar(buf):
    return b"Mon" in buf and b"Sun" in buf


def percentile(values, p):
    values = sorted(values)
    k = (len(values) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


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
    c = Child(binary, ["--labels", "en", "--day", "monday"], cols, rows)
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


def fmt(v):
    if v is None:
        return "n/a"
    if isinstance(v, float):
        return "%.1f" % v if v >= 10 else "%.2f" % v
    return str(v)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--bin", required=True, action="append", help="path to a youbi binary (repeatable)"
    )
    ap.add_argument("--quick", action="store_true", help="shorter idle window, smaller schedules")
    ap.add_argument("--installed", help="the installed youbi, measured beside the C floor")
    ap.add_argument("--floor", help="bench/floor.c, the C floor (needs --installed)")
    ap.add_argument("--only-floor", action="store_true", help="only the installed-vs-floor table")
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
