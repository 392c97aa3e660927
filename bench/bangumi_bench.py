#!/usr/bin/env python3
"""bangumi-data at full size beside the bench week: what a run costs with and without
a snapshot.

Usage: python3 bench/bangumi_bench.py --bin PATH [--runs N]

Writes the bench week (bench/make_week.py: 280 serials) and a synthetic file in
bangumi-data's shape and size (bench/make_bangumi_data.py: 8,800 items, about 7.7 MB)
into a temporary directory, then measures each command, median of N whole processes:
  - the bench week;
  - bangumi-data with the snapshots off (YOUBI_SNAPSHOTS=0: what every run cost before);
  - bangumi-data cold: no snapshot (the cache emptied before each run, which parses and
    writes one);
  - bangumi-data warm: the snapshot the run before wrote;
CPU (user + system, from wait4) and peak memory (GNU time's), and warm's ratios to the
bench week. Warm --next and --upcoming read the snapshot of what comes next; warm
--print the one of the weeks around today. Then the same with bangumi-data as the bench
week's `reference` (a config file, reference = data.json): the week with no reference,
then with it, snapshots off, cold and warm.
Then the pager in a private tmux (tmux -L, no config; one server kept alive by an idle
session, a session a run): the time until the week is on the screen, and its peak
memory (VmHWM) half a second later, after what is read behind the first frame; the
bangumi-data file, and the bench week with it as the reference.
Only the python3 standard library (and tmux). Measures; asserts nothing.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def spawn(argv, env):
    """Runs argv, its output to /dev/null; returns (CPU ms, status): wait4's, for the
    process spawned (posix_spawn: nothing of this one's)."""
    null = [(os.POSIX_SPAWN_OPEN, fd, os.devnull, os.O_WRONLY, 0) for fd in (1, 2)]
    pid = os.posix_spawn(argv[0], argv, env, file_actions=null)
    _, status, usage = os.wait4(pid, 0)
    return (usage.ru_utime + usage.ru_stime) * 1000, os.waitstatus_to_exitcode(status)


def peak(argv, env, tmp):
    """Runs argv, its output to /dev/null; returns its peak KiB: GNU time's (-f %M). A
    child made by vfork, as posix_spawn makes one, starts in this process's memory, and
    its own ru_maxrss counts that."""
    report = os.path.join(tmp, "time.txt")
    subprocess.run(["/usr/bin/time", "-o", report, "-f", "%M"] + argv, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(report) as f:
        return int(f.read().split()[-1])


def measure(argv, env, tmp, runs, before=None):
    """Median CPU ms and median peak KiB of `runs` runs each; `before` runs ahead of
    each run."""
    cpu, peaks = [], []
    for _ in range(runs):
        if before:
            before()
        c, status = spawn(argv, env)
        if status != 0:
            sys.exit("failed (%d): %s" % (status, " ".join(argv)))
        cpu.append(c)
        if before:
            before()
        peaks.append(peak(argv, env, tmp))
    return statistics.median(cpu), statistics.median(peaks)


# A private tmux server for the whole run, kept alive by an idle session: a server
# whose last session ends exits, and a new-session right after races its exit.
TMUX = ["tmux", "-L", "bangumi-bench-%d" % os.getpid(), "-f", "/dev/null"]


def interactive(binary, path, env, tmp, want, run, config=None):
    """Runs the pager on path until its screen shows want; returns (ms until shown,
    peak KiB: VmHWM half a second later)."""
    pidfile = os.path.join(tmp, "pager.pid")
    if os.path.exists(pidfile):
        os.remove(pidfile)
    name = "run%d" % run
    line = "echo $$ > %s; exec env -i %s %s %s %s" % (
        pidfile, " ".join("%s=%s" % kv for kv in sorted(env.items())), binary,
        "--config " + config if config else "--no-config", path)
    start = time.perf_counter()
    subprocess.run(TMUX + ["new-session", "-d", "-s", name, "-x", "100", "-y", "30",
                           "sh", "-c", line], check=True)
    try:
        shown = None
        deadline = start + 60
        while time.perf_counter() < deadline:
            screen = subprocess.run(TMUX + ["capture-pane", "-p", "-t", name],
                                    capture_output=True, text=True).stdout
            if want in screen and "serial" in screen:
                shown = time.perf_counter() - start
                break
            time.sleep(0.002)
        if shown is None:
            sys.exit("the pager never showed the week of " + path)
        with open(pidfile) as f:
            pid = int(f.read())
        time.sleep(0.5)  # the whole file read behind the first frame
        with open("/proc/%d/status" % pid) as f:
            peak = next(int(l.split()[1]) for l in f if l.startswith("VmHWM"))
        return shown * 1000, peak
    finally:
        subprocess.run(TMUX + ["kill-session", "-t", name], stderr=subprocess.DEVNULL)


def row(label, cells, ratios):
    text = "  %-24s" % label
    for cpu, peak in cells:
        text += " %7.1f ms %5.1f MiB" % (cpu, peak / 1024)
    return text + "   %5.1fx %5.2fx" % ratios


# The shapes of a big source whose memory the probe of issue 32 measured: many small
# items, each the least its format allows (100,000 of them, or one item with 500,000
# titles). The bound: the peak within 8 times the file's size.
SHAPES = {
    "tiny weekly": lambda: {"siteMeta": {}, "items": [
        {"title": f"t{i}", "broadcast": "R/2026-01-05T15:00:00Z/P7D"} for i in range(100_000)]},
    "Jikan": lambda: {"data": [
        {"mal_id": i, "title": f"t{i}",
         "broadcast": {"day": "Sundays", "time": "01:30", "timezone": "Asia/Tokyo"}}
        for i in range(100_000)]},
    "AniList airings": lambda: {"data": {"Page": {"airingSchedules": [
        {"id": i, "airingAt": 1796000000 + i * 60, "episode": i,
         "media": {"id": i % 1000, "title": {"romaji": f"t{i % 1000}"}}}
        for i in range(100_000)]}}},
    "500k titles": lambda: {"siteMeta": {}, "items": [
        {"title": "w", "broadcast": "R/2026-01-05T15:00:00Z/P7D",
         "titleTranslate": {"en": ["x%d" % i for i in range(500_000)]}}]},
    "daily since 1970": lambda: {"siteMeta": {}, "items": [
        {"title": f"d{i}", "begin": "1970-01-01T00:00:00Z",
         "broadcast": "R/1970-01-01T00:00:00Z/P1D"} for i in range(100_000)]},
}


def shapes(binary, env, tmp):
    """`--print` over each of SHAPES with no cache, in Tokyo and in Berlin: its peak and
    that over the file's size."""
    print("  --print over a file of many small items, no cache: peak, and peak / file size:")
    path = os.path.join(tmp, "shape.json")
    for name, make in SHAPES.items():
        with open(path, "w") as f:
            json.dump(make(), f, separators=(",", ":"))
        size = os.path.getsize(path)
        cells = []
        for zone in ["Asia/Tokyo", "Europe/Berlin"]:
            shutil.rmtree(env["XDG_CACHE_HOME"], ignore_errors=True)
            kib = peak([binary, "--no-config", "--print", path], dict(env, TZ=zone), tmp)
            cells.append("%s %5.1f MiB %4.1fx" % (zone.split("/")[1], kib / 1024,
                                                 kib * 1024 / size))
        print("    %-17s %5.1f MB   %s" % (name, size / 1e6, "   ".join(cells)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    binary = os.path.abspath(args.bin)
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "data.json")
        subprocess.run([sys.executable, os.path.join(HERE, "make_bangumi_data.py"), data],
                       check=True)
        week = os.path.join(tmp, "week.json")
        subprocess.run([sys.executable, os.path.join(HERE, "make_week.py"), week,
                        os.path.join(tmp, "week.txt")], check=True)
        cache = os.path.join(tmp, "cache")
        env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "Europe/Berlin",
               "HOME": tmp, "XDG_CONFIG_HOME": tmp, "XDG_STATE_HOME": tmp,
               "XDG_CACHE_HOME": cache}
        off = dict(env, YOUBI_SNAPSHOTS="0")

        def empty_cache():
            shutil.rmtree(cache, ignore_errors=True)

        shapes(binary, env, tmp)
        commands = [["--next", "3"], ["--next", "--short"], ["--upcoming", "60"],
                    ["--print"], ["--print", "--format", "json"]]
        print("bangumi-data (%.1f MB) beside the bench week (%.0f KB), median of %d:"
              % (os.path.getsize(data) / 1e6, os.path.getsize(week) / 1e3, args.runs))
        print("  %-24s %-19s %-19s %-19s %-19s   %s" % (
            "command", "bench week", "bangumi: no cache", "bangumi: cold",
            "bangumi: warm", "warm/week CPU, memory"))
        for command in commands:
            argv = [binary, "--no-config"] + command
            base = measure(argv + [week], env, tmp, args.runs)
            plain = measure(argv + [data], off, tmp, args.runs)
            cold = measure(argv + [data], env, tmp, args.runs, before=empty_cache)
            spawn(argv + [data], env)  # writes the snapshots
            warm = measure(argv + [data], env, tmp, args.runs)
            print(row(" ".join(command), [base, plain, cold, warm],
                      (warm[0] / max(base[0], 0.01), warm[1] / base[1])))
        # bangumi-data as the bench week's `reference` (a config file naming it): the
        # week is small, the reference is what a run reads.
        config = os.path.join(tmp, "reference.conf")
        with open(config, "w") as f:
            f.write("reference = %s\n" % data)
        print("  the bench week with bangumi-data as its reference (reference = FILE):")
        for command in [["--next", "3"], ["--upcoming", "60"], ["--print"]]:
            argv = [binary, "--config", config] + command + [week]
            base = measure([binary, "--no-config"] + command + [week], env, tmp, args.runs)
            plain = measure(argv, off, tmp, args.runs)
            cold = measure(argv, env, tmp, args.runs, before=empty_cache)
            spawn(argv, env)  # writes the snapshots
            warm = measure(argv, env, tmp, args.runs)
            print(row(" ".join(command) + " (ref)", [base, plain, cold, warm],
                      (warm[0] / max(base[0], 0.01), warm[1] / base[1])))
        screen_env = dict(env, TERM="xterm-256color", BROWSER="true")
        screen_off = dict(screen_env, YOUBI_SNAPSHOTS="0")
        subprocess.run(TMUX + ["new-session", "-d", "-s", "idle", "sleep", "86400"], check=True)
        results = {}
        try:
            run = 0
            cases = [("bench week", week, screen_env, "第1話", None, None),
                     ("no cache", data, screen_off, "番組", None, None),
                     ("cold", data, screen_env, "番組", empty_cache, None),
                     ("warm", data, screen_env, "番組", None, None),
                     ("ref, no cache", week, screen_off, "第1話", None, config),
                     ("ref, warm", week, screen_env, "第1話", None, config)]
            for label, path, e, want, before, conf in cases:
                if label == "warm":
                    spawn([binary, "--no-config", "--print", data], env)
                if label == "ref, warm":
                    spawn([binary, "--config", config, "--print", week], env)
                shown, peaks = [], []
                for _ in range(args.runs):
                    if before:
                        before()
                    s, p = interactive(binary, path, e, tmp, want, run, conf)
                    run += 1
                    shown.append(s)
                    peaks.append(p)
                results[label] = (statistics.median(shown), statistics.median(peaks))
        finally:
            subprocess.run(TMUX + ["kill-server"], stderr=subprocess.DEVNULL)
        print("  the pager in tmux, until the week shows, and its peak memory then:")
        for label, (shown, peak) in results.items():
            print("    %-12s %7.1f ms %5.1f MiB" % (label, shown, peak / 1024))
        b = results["bench week"]
        for label in ["warm", "ref, warm"]:
            w = results[label]
            print("    %-12s %6.2fx    %5.2fx" % (label + "/week", w[0] / b[0], w[1] / b[1]))


if __name__ == "__main__":
    main()
