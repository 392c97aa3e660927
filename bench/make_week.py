#!/usr/bin/env python3
"""Write the bench week: seven days of 40 Japanese serials each.

Usage: bench/make_week.py OUT.json OUT.txt

The same week twice: as a Youbi schedule (JSON) and as plain lines for the C
floor (bench/floor.c), `day<TAB>title<TAB>author`, day 0 = Monday. Titles and
authors are Japanese (two columns a character) with a number, so a 120-column
screen shows the full list; the output is the same on every run.
"""

import json
import sys

DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
TITLES = ["星屑の郵便配達", "月光ベーカリーの朝", "竜の台所", "放課後のアルゴリズム",
          "深夜二時のラーメン探偵", "石の庭の守り人", "週末魔女のアルバイト", "雨宿りの図書室"]
AUTHORS = ["青井ソラ", "小川みのり", "火野あかね", "二階堂ケイ", "味噌川トオル", "千早シオン"]


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: make_week.py OUT.json OUT.txt\n")
        return 64
    days = {day: [] for day in DAYS}
    lines = []
    for d, day in enumerate(DAYS):
        for i in range(40):
            title = f"{TITLES[(d + i) % len(TITLES)]} 第{i + 1}話"
            author = AUTHORS[(d * 3 + i) % len(AUTHORS)]
            days[day].append({"title": title, "author": author})
            lines.append(f"{d}\t{title}\t{author}\n")
    with open(argv[1], "w", encoding="utf-8") as out:
        json.dump({"title": "ベンチの週", "days": days}, out, ensure_ascii=False, indent=1)
        out.write("\n")
    with open(argv[2], "w", encoding="utf-8") as out:
        out.writelines(lines)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
