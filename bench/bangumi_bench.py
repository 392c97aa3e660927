#!/usr/bin/env python3
"""bangumi-data at full size: youbi's load and week beside Python's parse.

Usage: python3 bench/bangumi_bench.py --bin PATH [--runs N]

Writes a synthetic file in bangumi-data's shape and size (bench/make_bangumi_data.py:
8,800 items, about 7.7 MB) into a temporary directory, then measures, best of N:
  - python3's json.load of it, in process (the parse alone, no interpreter start);
  - `youbi --print FILE` to /dev/null: the whole process, start to exit: reading the
    file, reading every item, placing every broadcast on the local calendar week by
    week, and printing this week;
  - youbi's peak memory for that (GNU time's maximum resident size), beside the
    file's size and youbi's peak for an empty schedule;
  - the pager itself in a private tmux (tmux -L, no config; one server kept alive
    by an idle session, a session a run): the time until this week's list is on
    the screen, and its peak memory (VmHWM) then, beside its peak for an empty
    schedule.
Only the python3 standard library (and tmux). Measures; asserts nothing.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time


def spawn(argv, env, tmp):
    """Runs argv to /dev/null; returns (seconds, peak KiB, status).

    The peak is GNU time's (/usr/bin/time -f %M): a child spawned from this process
    shares its pages until exec, and its ru_maxrss would count them.
    """
    report = os.path.join(tmp, "time.txt")
    timed = ["/usr/bin/time", "-o", report, "-f", "%M"] + argv
    start = time.perf_counter()
    status = subprocess.run(timed, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL).returncode
    seconds = time.perf_counter() - start
    with open(report) as f:
        peak = int(f.read().split()[-1])
    return seconds, peak, status


# A private tmux server for the whole run, kept alive by an idle session: a server
# whose last session ends exits, and a new-session right after races its exit
# ("server exited unexpectedly").
TMUX = ["tmux", "-L", "bangumi-bench-%d" % os.getpid(), "-f", "/dev/null"]


def interactive(binary, path, env, tmp, want, run):
    """Runs the pager on path in a session of the private tmux until its screen shows
    want (the week); returns (seconds to show it, peak KiB: VmHWM once shown, the
    search index built)."""
    pidfile = os.path.join(tmp, "pager.pid")
    if os.path.exists(pidfile):
        os.remove(pidfile)
    name = "run%d" % run
    line = "echo $$ > %s; exec env -i %s %s --no-config %s" % (
        pidfile, " ".join("%s=%s" % kv for kv in sorted(env.items())), binary, path)
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
            time.sleep(0.005)
        if shown is None:
            sys.exit("the pager never showed the week of " + path)
        with open(pidfile) as f:
            pid = int(f.read())
        time.sleep(0.5)  # anything still settling after the first frame
        with open("/proc/%d/status" % pid) as f:
            peak = next(int(l.split()[1]) for l in f if l.startswith("VmHWM"))
        return shown, peak
    finally:
        subprocess.run(TMUX + ["kill-session", "-t", name], stderr=subprocess.DEVNULL)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "data.json")
        subprocess.run([sys.executable, os.path.join(here, "make_bangumi_data.py"), data],
                       check=True)
        empty = os.path.join(tmp, "empty.json")
        with open(empty, "w") as f:
            f.write('{"days": {}}')
        size = os.path.getsize(data)
        with open(data, "rb") as f:
            items = len(json.load(f)["items"])
        parse = []
        for _ in range(args.runs):
            t = time.perf_counter()
            with open(data, "rb") as f:
                json.load(f)
            parse.append(time.perf_counter() - t)
        env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "Europe/Berlin",
               "XDG_CONFIG_HOME": tmp, "XDG_STATE_HOME": tmp, "XDG_CACHE_HOME": tmp}
        week, peaks = [], []
        for _ in range(args.runs):
            seconds, peak, status = spawn([args.bin, "--no-config", "--print", data], env, tmp)
            if status != 0:
                sys.exit("youbi --print failed on the bangumi-data file")
            week.append(seconds)
            peaks.append(peak)
        _, base, _ = spawn([args.bin, "--no-config", "--print", empty], env, tmp)
        screen_env = dict(env, TERM="xterm-256color", HOME=tmp, BROWSER="true")
        shows, screen_peaks = [], []
        subprocess.run(TMUX + ["new-session", "-d", "-s", "idle", "sleep", "86400"], check=True)
        try:
            for run in range(args.runs):
                seconds, peak = interactive(args.bin, data, screen_env, tmp, "番組", run)
                shows.append(seconds)
                screen_peaks.append(peak)
            _, screen_base = interactive(args.bin, empty, screen_env, tmp, "", args.runs)
        finally:
            subprocess.run(TMUX + ["kill-server"], stderr=subprocess.DEVNULL)
        print("bangumi-data (%d items, %.1f MB), best of %d:" % (items, size / 1e6, args.runs))
        print("  python3 json.load (parse only)        %7.1f ms" % (min(parse) * 1000))
        print("  youbi --print: load, place, this week %7.1f ms  (%.2fx python's parse)"
              % (min(week) * 1000, min(week) / min(parse)))
        print("  youbi peak memory                     %7.1f MiB (%.1f MiB with an empty"
              " schedule: +%.1f MiB, %.2fx the file)"
              % (max(peaks) / 1024, base / 1024, (max(peaks) - base) / 1024,
                 (max(peaks) - base) * 1024 / size))
        print("  the pager in tmux: the week shown     %7.1f ms" % (min(shows) * 1000))
        print("  the pager's peak memory               %7.1f MiB (%.1f MiB with an empty"
              " schedule: +%.1f MiB, %.2fx the file)"
              % (max(screen_peaks) / 1024, screen_base / 1024,
                 (max(screen_peaks) - screen_base) / 1024,
                 (max(screen_peaks) - screen_base) * 1024 / size))


if __name__ == "__main__":
    main()
