#!/usr/bin/env python3
"""Key to first byte, two youbi binaries side by side (an A/B check of a change).

    python3 bench/key_ab.py OLD NEW [ROUNDS] [--wide[=COLUMNS]]

Each round starts both binaries at 80x24 on the embedded week, in alternating
order (so a machine that speeds up or slows down during the run sways both
alike), sends 30 keys (j, k) to each and takes the median latency of the
round. Prints the median of the rounds' medians and every round's figure, and the
median of the rounds' differences (the two binaries of a round run back to back).
`--columns 1` is passed only to a binary whose --help knows it (older builds
do not). With `--wide`, the wide view's key instead: 200x60 with five columns (or COLUMNS),
20 day switches (→, ←) a round, each read until the slide is over.
"""

import statistics
import subprocess
import sys

from benchlib import Child, tab_bar
from terminal_bench import key_latencies


WIDE_ARGS = [a for a in sys.argv if a == "--wide" or a.startswith("--wide=")]
WIDE = bool(WIDE_ARGS)
WIDE_COLUMNS = WIDE_ARGS[0].partition("=")[2] or "5" if WIDE else "1"


def arguments(binary):
    helptext = subprocess.run([binary, "--help"], capture_output=True, text=True).stdout
    columns = WIDE_COLUMNS
    return ["--labels", "en", "--day", "monday"] + (
        ["--columns", columns] if "--columns" in helptext else []
    )


def round_median(binary, args):
    c = Child(binary, args, *((200, 60) if WIDE else (80, 24)))
    try:
        if c.read_until(tab_bar, 10.0) is None:
            sys.exit("key_ab: %s drew no tab bar" % binary)
        c.drain_until_quiet(0.3)
        if WIDE:
            return statistics.median(key_latencies(c, [b"\x1bOC", b"\x1bOD"], 20, quiet=0.35))
        return statistics.median(key_latencies(c, [b"j", b"k"], 30))
    finally:
        c.quit()


def main():
    argv = [a for a in sys.argv if a not in WIDE_ARGS]
    if len(argv) < 3:
        sys.exit(__doc__)
    binaries = argv[1:3]
    rounds = int(argv[3]) if len(argv) > 3 else 10
    args = {b: arguments(b) for b in binaries}
    figures = {b: [] for b in binaries}
    for r in range(rounds):
        for b in binaries if r % 2 == 0 else binaries[::-1]:
            figures[b].append(round_median(b, args[b]))
    for b in binaries:
        v = sorted(figures[b])
        print("%s\n  median %.3f ms over %d rounds: %s"
              % (b, statistics.median(v), rounds, " ".join("%.2f" % x for x in v)))
    # Each round ran both back to back: its difference is the less noisy figure on a
    # shared machine, where the rounds themselves spread by more than a change moves them.
    a, b = (figures[x] for x in binaries)
    d = sorted(y - x for x, y in zip(a, b))
    print("second − first, paired by round: median %+.3f ms (%d of %d rounds faster): %s"
          % (statistics.median(d), sum(x < 0 for x in d), rounds,
             " ".join("%+.2f" % x for x in d)))


if __name__ == "__main__":
    main()
