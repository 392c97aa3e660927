#!/usr/bin/env python3
"""A stand-in for youbi, written from the spec, to prove the end-to-end harness
before (or independently of) the real binary:

    YOUBI_BIN=$PWD/scripts/e2e-standin-youbi.py swift test --filter EndToEnd

It is not the product and is never shipped; it only behaves as the spec says
the real binary does (screen layout, keys, exit codes, signals)."""
import curses, json, os, signal, sys, time, unicodedata, datetime

DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
SHORT = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
KANJI = "月火水木金土日"


def usage_error(msg):
    sys.stderr.write("youbi: %s\n" % msg)
    sys.exit(64)


def parse_day(s):
    t = s.lower()
    if t == "today":
        return datetime.date.today().weekday()
    for i, d in enumerate(DAYS):
        if t == d or t == d[:3]:
            return i
    if len(s) == 1 and s in KANJI:
        return KANJI.index(s)
    if len(s) == 2 and s[0] in KANJI and s[1] == "曜":
        return KANJI.index(s[0])
    return None


def safe(text):
    out = []
    for ch in text:
        o = ord(ch)
        cat = unicodedata.category(ch)
        if o < 0x20 or o == 0x7F:
            out.append(chr(0x2400 + o) if o < 0x20 else "\u2421")
        elif 0x80 <= o < 0xA0 or cat in ("Cf", "Zl", "Zp"):
            out.append("\ufffd")
        else:
            out.append(ch)
    return "".join(out)


def load(text, name):
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        sys.stderr.write("youbi: %s:%d:%d: %s\n" % (name, e.lineno, e.colno, e.msg))
        sys.exit(65)
    days = [[] for _ in range(7)]
    for key, entries in doc.get("days", {}).items():
        i = parse_day(key) if key.lower() != "today" else None
        if i is None:
            sys.stderr.write("youbi: %s: days.%s: unknown day\n" % (name, key))
            sys.exit(65)
        for e in entries:
            if not isinstance(e, str) and "title" not in e:
                sys.stderr.write("youbi: %s: days.%s: entry without title\n" % (name, key))
                sys.exit(65)
            days[i].append(safe(e if isinstance(e, str) else e.get("title", "")))
    return days


def default_schedule():
    return [["%s serial %d" % (SHORT[d], n + 1) for n in range(40 if d == 0 else 12 + d)] for d in range(7)]


def main():
    args = sys.argv[1:]
    day, labels, duration, src = datetime.date.today().weekday(), "ja", 250, None
    printing = False
    while args:
        a = args.pop(0)
        if a == "--help":
            print("usage: youbi [OPTIONS] [FILE | -]\n  --day DAY  --labels ja|en  --duration MS  --no-animation  --print")
            return 0
        if a == "--version":
            print("youbi 0.0-standin")
            return 0
        if a == "--print":
            printing = True
        elif a == "--no-animation":
            duration = 0
        elif a in ("--day", "--labels", "--duration"):
            if not args:
                usage_error("%s needs a value" % a)
            v = args.pop(0)
            if a == "--day":
                day = parse_day(v)
                if day is None:
                    usage_error("unknown day '%s'" % v)
            elif a == "--labels":
                if v not in ("ja", "en"):
                    usage_error("--labels: '%s' is not ja or en" % v)
                labels = v
            else:
                if not v.isdigit():
                    usage_error("--duration: '%s' is not a number" % v)
                duration = int(v)
        elif a.startswith("--"):
            usage_error("unknown option %s" % a)
        else:
            src = a
    if src is None:
        days = default_schedule()
    elif src == "-":
        days = load(sys.stdin.read(), "<stdin>")
    else:
        try:
            with open(src, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            sys.stderr.write("youbi: %s: %s\n" % (src, e.strerror))
            return 66
        days = load(text, src)
    if printing:
        for i, d in enumerate(days):
            print(DAYS[i].capitalize())
            for e in d:
                print("  " + e)
        return 0
    if src == "-":
        fd = os.open("/dev/tty", os.O_RDWR)
        os.dup2(fd, 0)
    return run(days, day, duration / 1000.0)


def run(days, day, duration):
    state = {"done": None}

    def on_signal(sig, frame):
        state["done"] = 128 + sig

    for s in (signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
        signal.signal(s, on_signal)

    def body(scr):
        curses.curs_set(0)
        scr.keypad(True)
        curses.raw()
        scr.timeout(-1)
        cur = [0] * 7
        top = [0] * 7
        pos = float(day)  # position along the loop, may go out of [0,7)
        slide = None  # (from, to, t0)
        target = day
        help_on = False
        while True:
            h, w = scr.getmaxyx()
            now = time.monotonic()
            if slide:
                f, t, t0 = slide
                k = 1.0 if duration <= 0 else min(1.0, (now - t0) / duration)
                pos = f + (t - f) * k
                if k >= 1.0:
                    slide = None
                    pos = float(t % 7)
                    target = t % 7
            scr.erase()
            sel = int(round(pos)) % 7
            if h < 10 or w < 40:
                scr.addstr(0, 0, "too small"[: w - 1])
            else:
                x = 0
                for i, n in enumerate(SHORT):
                    scr.addstr(0, x, n, curses.A_REVERSE if i == sel else 0)
                    x += 4
                scr.addstr(1, int((pos % 7) * 4), "───")
                rows = h - 5

                def page(d, ox):
                    d %= 7
                    lines = [" " + DAYS[d].capitalize()]
                    for j in range(top[d], min(len(days[d]), top[d] + rows - 1)):
                        lines.append(("> " if j == cur[d] else "  ") + days[d][j])
                    for r, text in enumerate(lines):
                        for c, ch in enumerate(text):
                            xx = ox + c
                            if 0 <= xx < w and not (r + 2 == h - 1 and xx == w - 1):
                                try:
                                    scr.addstr(r + 2, xx, ch, curses.A_REVERSE if r and top[d] + r - 1 == cur[d] else 0)
                                except curses.error:
                                    pass

                base = int(pos // 1)
                frac = pos - base
                off = int(round(frac * w))
                page(base, -off)
                if off:
                    page(base + 1, w - off)
                scr.addstr(h - 2, 0, "‹ " + SHORT[(sel - 1) % 7])
                scr.addstr(h - 2, w - 6, SHORT[(sel + 1) % 7] + " ›")
                scr.addstr(h - 1, 0, "←/→ day  ↑/↓ move  ? help  q quit"[: w - 1])
                if help_on:
                    scr.addstr(4, 10, " Help: h/l slide, j/k move, 1-7 day, t today, q quit ")
            scr.refresh()
            if state["done"] is not None:
                curses.curs_set(1)
                return state["done"]
            scr.timeout(16 if slide else -1)
            try:
                ch = scr.get_wch()
            except curses.error:
                continue
            except KeyboardInterrupt:
                return 130
            d = target
            n = len(days[d])
            rows = max(1, h - 6)
            if ch in ("q", "\x1b", "\x03"):
                curses.curs_set(1)
                return 130 if ch == "\x03" else 0
            if ch in (curses.KEY_RIGHT, "l", curses.KEY_LEFT, "h"):
                step = 1 if ch in (curses.KEY_RIGHT, "l") else -1
                f = pos
                t = (slide[1] if slide else target) + step
                if not slide:
                    t = target + step
                    f = float(target)
                slide = (f, t, time.monotonic())
                target = t % 7
            elif ch in ("j", curses.KEY_DOWN):
                cur[d] = min(n - 1, cur[d] + 1)
            elif ch in ("k", curses.KEY_UP):
                cur[d] = max(0, cur[d] - 1)
            elif ch in ("g", curses.KEY_HOME):
                cur[d] = 0
            elif ch in ("G", curses.KEY_END):
                cur[d] = max(0, n - 1)
            elif ch == curses.KEY_NPAGE:
                cur[d] = min(n - 1, cur[d] + rows)
            elif ch == curses.KEY_PPAGE:
                cur[d] = max(0, cur[d] - rows)
            elif isinstance(ch, str) and ch in "1234567":
                slide, pos, target = None, float(int(ch) - 1), int(ch) - 1
            elif ch == "t":
                slide, target = None, datetime.date.today().weekday()
                pos = float(target)
            elif ch == "?":
                help_on = not help_on
            if cur[d] < top[d]:
                top[d] = cur[d]
            if cur[d] >= top[d] + rows:
                top[d] = cur[d] - rows + 1

    return curses.wrapper(body)


if __name__ == "__main__":
    sys.exit(main())
