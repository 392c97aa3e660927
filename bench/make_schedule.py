#!/usr/bin/env python3
"""Write a schedule JSON with N entries to OUT (for the terminal bench).

Usage: bench/make_schedule.py N OUT

Entries are spread evenly over the seven days (Monday gets the remainder
first), alternate between the plain-string and the object form, and mix
ASCII and Japanese titles, so loading and drawing cost what a real file
would. Output is deterministic for a given N.
"""

import json
import sys

DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


def entry(n):
    kind = n % 4
    if kind == 0:
        return f"Serial {n}"
    if kind == 1:
        return {"title": f"星屑の郵便配達 {n}", "author": "青井ソラ"}
    if kind == 2:
        return {"title": f"Long title number {n} — part two", "note": "new"}
    return {"title": f"Night Train {n} 🚂", "author": "M. Okada"}


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: make_schedule.py N OUT\n")
        return 64
    try:
        count = int(argv[1])
        if count < 0:
            raise ValueError
    except ValueError:
        sys.stderr.write(f"make_schedule.py: N must be a whole number, not {argv[1]!r}\n")
        return 64
    days = {day: [] for day in DAYS}
    for n in range(count):
        days[DAYS[n % 7]].append(entry(n))
    with open(argv[2], "w", encoding="utf-8") as out:
        json.dump({"title": f"Bench week ({count} entries)", "days": days}, out,
                  ensure_ascii=False, indent=1)
        out.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
