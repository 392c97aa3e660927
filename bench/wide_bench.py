"""The wide view's figures: one day switch with k days side by side at 200x60.

For `--columns 1` (one day, as the seed) and `--columns 5` (the wide view `auto`
gives at 200 columns): bytes and write bursts (about one per frame) per switch,
CPU per switch and per frame (the child's threads' run time over the switch, from
schedstat), and key → first byte
of the slide, medians over `presses` switches (→, each read until quiet). The
goal the issue sets is at most 4× the one-day switch's bytes at the same size.

Beside the CPU per frame: one full-screen ncurses update at the same size (every
cell changed, one `doupdate`), by `youbi-bench fullscreen` on a pty of its own,
its process's CPU over the updates (all threads, user and system, as schedstat
counts youbi's), so a frame of the slide can be held against it.

Only the python3 standard library; `make bench` prints it after the main table.
"""
import os
import statistics
import tempfile
import time

from benchlib import Child, fmt, tab_bar

RIGHT = b"\x1bOC"


def bench_switch(binary, columns, cols=200, rows=60, presses=10):
    """Medians over `presses` day switches with `columns` days in view."""
    c = Child(binary, ["--labels", "en", "--day", "monday", "--columns", str(columns)], cols, rows)
    figures = {"bytes": [], "bursts": [], "cpu": [], "cpu per frame": [], "first": []}
    try:
        c.read_until(tab_bar, 10.0)
        c.drain_until_quiet(0.5)
        for _ in range(presses):
            cpu = c.cpu_ms()
            t = time.monotonic()
            c.send(RIGHT)
            first = c.read(2.0)
            if first:
                figures["first"].append((time.monotonic() - t) * 1000.0)
            nbytes, bursts = c.drain_until_quiet(0.5)
            figures["bytes"].append(nbytes + len(first))
            figures["bursts"].append(bursts + 1)
            figures["cpu"].append(c.cpu_ms() - cpu)
            figures["cpu per frame"].append(figures["cpu"][-1] / figures["bursts"][-1])
    finally:
        c.quit()
    return {key: statistics.median(v) if v else None for key, v in figures.items()}


def full_screen_update(bench, cols=200, rows=60, count=200):
    """CPU ms of one full-screen ncurses update (`youbi-bench fullscreen`), or None."""
    if not bench or not os.access(bench, os.X_OK):
        return None
    with tempfile.TemporaryDirectory(prefix="youbi-bench-full-") as tmp:
        path = os.path.join(tmp, "cpu")
        c = Child(bench, ["fullscreen", path, str(count)], cols, rows)
        c.drain_until_quiet(1.0)
        c.quit()
        try:
            with open(path) as f:
                return float(f.read())
        except (OSError, ValueError):
            return None


def bench_wide(binary, presses=10, bench=None):
    """Prints the one-day and five-day figures side by side, and their ratio; with
    `bench` (youbi-bench), one full-screen ncurses update's CPU beside them."""
    one = bench_switch(binary, 1, presses=presses)
    five = bench_switch(binary, 5, presses=presses)
    full = full_screen_update(bench)
    names = [
        ("bytes", "bytes per switch"),
        ("bursts", "write bursts (frames) per switch"),
        ("cpu", "CPU ms per switch"),
        ("cpu per frame", "CPU ms per frame"),
        ("first", "key→first byte ms"),
    ]
    print()
    print("the wide view at 200x60 (medians of %d switches) — %s" % (presses, binary))
    w = max(len(n) for _, n in names)
    print("%-*s  %12s  %12s  %8s" % (w, "metric", "1 column", "5 columns", "5 / 1"))
    print("%s  %s  %s  %s" % ("-" * w, "-" * 12, "-" * 12, "-" * 8))
    for key, name in names:
        a, b = one.get(key), five.get(key)
        ratio = "%.2f×" % (b / a) if a and b is not None else "n/a"
        print("%-*s  %12s  %12s  %8s" % (w, name, fmt(a), fmt(b), ratio))
    if full is not None:
        per = five.get("cpu per frame")
        print("%-*s  %12s  %12s  %8s" % (w, "one full-screen ncurses update", "", fmt(full),
              "%.2f×" % (per / full) if per else "n/a"))
        print("(the last ratio: a five-column frame's CPU over one full-screen update's)")


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True, help="path to a youbi binary")
    ap.add_argument("--presses", type=int, default=10)
    ap.add_argument("--bench", help="youbi-bench, for one full-screen ncurses update")
    a = ap.parse_args()
    bench_wide(a.bin, a.presses, a.bench)
