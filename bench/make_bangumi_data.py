#!/usr/bin/env python3
"""Writes a synthetic file in the shape of bangumi-data's dist/data.json.

Usage: python3 bench/make_bangumi_data.py OUT [--items N] [--seed S]

The real file (https://unpkg.com/bangumi-data@0.3/dist/data.json, CC BY 4.0) is
about 7.7 MB with about 8,800 items; this one has the same shape and size: a
siteMeta of two dozen sites, then items from 1970 to 2026 with translated
titles, a weekly broadcast (some daily, some single airings, a few other
periods), begin and end, and a dozen sites each. Deterministic for a seed, so
make bench measures the same bytes every time. Only the standard library.
"""
import argparse
import json
import random
from datetime import datetime, timedelta, timezone

SITES = ["bangumi", "acfun", "bilibili", "bilibili_hk_mo_tw", "sohu", "youku", "qq",
         "iqiyi", "letv", "mgtv", "nicovideo", "netflix", "gamer", "muse_hk", "ani_one",
         "ani_one_asia", "viu", "mytv", "disneyplus", "abema", "unext", "dmhy", "mal",
         "aniList"]


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.000Z")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--items", type=int, default=8800)
    ap.add_argument("--seed", type=int, default=21)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    meta = {}
    for name in SITES:
        kind = "info" if name in ("bangumi", "mal", "aniList") else (
            "resource" if name == "dmhy" else "onair")
        meta[name] = {"title": name.capitalize(), "urlTemplate":
                      "https://%s.example/anime/{{id}}" % name, "type": kind}
        if kind == "onair" and rng.random() < 0.5:
            meta[name]["regions"] = ["CN"]
    items = []
    start = datetime(1970, 1, 1, tzinfo=timezone.utc)
    span = (datetime(2026, 12, 1, tzinfo=timezone.utc) - start).days
    for i in range(args.items):
        # More shows in recent years, as in the real file.
        day = int(span * (rng.random() ** 0.35))
        begin = start + timedelta(days=day, hours=rng.choice([12, 13, 14, 15, 16, 17, 18]),
                                  minutes=rng.choice([0, 0, 30, 45]))
        weeks = rng.choice([1, 12, 12, 13, 13, 24, 25, 50])
        end = begin + timedelta(weeks=weeks - 1, minutes=25)
        kind = rng.choices(["tv", "web", "movie", "ova"], [70, 10, 12, 8])[0]
        item = {
            "title": "番組 %d ・第%d期" % (i, rng.randint(1, 4)),
            "titleTranslate": {
                "en": ["Programme %d Season %d" % (i, rng.randint(1, 4))],
                "zh-Hans": ["节目 %d 第%d季" % (i, rng.randint(1, 4)), "节目%d" % i],
                "zh-Hant": ["節目 %d" % i],
            },
            "type": kind,
            "lang": "ja",
            "officialSite": "https://anime-%d.example.jp/" % i,
            "begin": iso(begin),
        }
        roll = rng.random()
        if kind == "movie":
            item["end"] = ""
        elif roll < 0.9:
            item["broadcast"] = "R/%s/P7D" % iso(begin)
            item["end"] = iso(end) if rng.random() < 0.93 else ""
        elif roll < 0.95:
            item["broadcast"] = "R/%s/P1D" % iso(begin)
            item["end"] = iso(begin + timedelta(days=20))
        else:
            item["broadcast"] = "R/%s/P0D" % iso(begin)
            item["end"] = ""
        item["comment"] = ""
        sites = [{"site": "bangumi", "id": str(100000 + i)}]
        for name in rng.sample(SITES[1:], rng.randint(2, 7)):
            site = {"site": name, "id": "%x" % rng.getrandbits(40)}
            if meta[name]["type"] == "onair":
                t = begin + timedelta(hours=rng.choice([0, 1, 24]))
                site["begin"] = iso(t)
                site["broadcast"] = "R/%s/P7D" % iso(t)
            sites.append(site)
        item["sites"] = sites
        items.append(item)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump({"siteMeta": meta, "items": items}, f, ensure_ascii=False,
                  separators=(",", ":"))


if __name__ == "__main__":
    main()
