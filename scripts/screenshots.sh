#!/usr/bin/env bash
# make screenshots: drives the release binary in a real terminal emulator and
# writes the README's pictures into docs/pictures.
#
# Each picture is xterm (DejaVu Sans Mono, and Noto Sans Mono CJK JP for the
# two-column kana and kanji) under Xvfb, running tmux (status line off, so the pane is the whole window) running youbi.
# tmux is only the remote control: keys go in with send-keys, and capture-pane
# tells when the screen shows what the picture needs. ImageMagick's `import`
# takes the xterm window as it is. Nothing is drawn by hand.
#
# The wall clock is faked (faketime) to a Tuesday evening, so "today", the
# countdowns and the calendar's dates are the same on every run.
#
#   scripts/screenshots.sh [BINARY]     (default .build/release/youbi)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
BIN=$(realpath "${1:-.build/release/youbi}")
OUT=$ROOT/docs/pictures
FAKE_NOW='2026-12-01 20:15:00'
SCHEDULE=$ROOT/examples/showcase.json

work=$(mktemp -d)
sock=youbi-shots-$$
pids=()
cleanup() {
  tmux -L "$sock" kill-server 2>/dev/null || true
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

# A display of our own.
n=90
while [ -e /tmp/.X$n-lock ] || [ -e /tmp/.X11-unix/X$n ]; do n=$((n + 1)); done
Xvfb ":$n" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
pids+=($!)
export DISPLAY=":$n"
for _ in $(seq 100); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.05; done 2>/dev/null || true

cat >"$work/tmux.conf" <<'EOF'
set -g status off
set -g default-terminal tmux-256color
set -sg escape-time 0
set -g set-titles off
EOF
mkdir -p "$work/config" "$work/state" "$work/home" "$OUT"
cat >"$work/browser" <<'EOF'
#!/bin/sh
exit 0
EOF
chmod +x "$work/browser"

t() { tmux -L "$sock" -f "$work/tmux.conf" "$@"; }
screen_of() { t capture-pane -p -t "$1"; }
# One idle session for the whole run: a server whose last session ends exits,
# and the next new-session would race it.
t new-session -d -s idle "sleep 100000"

# wait_for SESSION TEXT…: polls until every TEXT is on the screen (10 s at most).
wait_for() {
  local s=$1 screen
  shift
  for _ in $(seq 500); do
    screen=$(screen_of "$s" 2>/dev/null || true)
    local all=1
    for text in "$@"; do
      grep -qF -- "$text" <<<"$screen" || all=0
    done
    [ $all = 1 ] && return 0
    sleep 0.02
  done
  echo "screenshots: $s: timed out waiting for: $*" >&2
  screen_of "$s" >&2 || true
  return 1
}

# wait_until_left_of SESSION TEXT COLUMN: polls until TEXT starts at or left
# of COLUMN (a page sliding in from the right has come that far).
wait_until_left_of() {
  for _ in $(seq 500); do
    screen_of "$1" | python3 -c '
import sys, unicodedata
text, column = sys.argv[1], int(sys.argv[2])
for row in sys.stdin:
    i = row.find(text)
    if i >= 0:
        width = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in row[:i])
        sys.exit(0 if width <= column else 1)
sys.exit(1)' "$2" "$3" && return 0
    sleep 0.01
  done
  echo "screenshots: $1: timed out waiting for $2 at column $3" >&2
  return 1
}

# settle SESSION: waits until the screen has not changed for 0.4 s.
settle() {
  local last now same=0
  last=$(screen_of "$1")
  for _ in $(seq 300); do
    sleep 0.05
    now=$(screen_of "$1")
    if [ "$now" = "$last" ]; then
      same=$((same + 1))
      [ $same -ge 8 ] && return 0
    else
      same=0
      last=$now
    fi
  done
}

# open NAME COLS ROWS ARGS…: an xterm of COLSxROWS running youbi ARGS.
open_term() {
  local name=$1 cols=$2 rows=$3
  shift 3
  local command="env LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_CONFIG_HOME=$work/config"
  command+=" XDG_STATE_HOME=$work/state HOME=$work/home BROWSER=$work/browser"
  command+=" FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f '@$FAKE_NOW' $BIN"
  for a in "$@"; do command+=" $(printf '%q' "$a")"; done
  t new-session -d -s "$name" -x "$cols" -y "$rows" "$command; sleep 100000"
  xterm -geometry "${cols}x${rows}" -fa 'DejaVu Sans Mono' -fd 'Noto Sans Mono CJK JP' -fs 12 \
    -bg '#1c1c1c' -fg '#d0d0d0' -bw 0 -b 8 +sb -title "$name" \
    -xrm 'XTerm*cursorColor: #d0d0d0' -xrm 'XTerm*renderFont: true' \
    -e tmux -L "$sock" -f "$work/tmux.conf" attach -t "$name" &
  local xterm=$!
  pids+=("$xterm")
  eval "xterm_$name=$xterm"
  local id=""
  for _ in $(seq 200); do
    id=$(xdotool search --pid "$xterm" 2>/dev/null | tail -1 || true)
    [ -n "$id" ] && break
    sleep 0.05
  done
  [ -n "$id" ] || { echo "screenshots: no xterm window for $name" >&2; return 1; }
  eval "window_$name=$id"
}

# shoot NAME FILE: the xterm window as docs/pictures/FILE.
shoot() {
  local id
  eval "id=\$window_$1"
  import -silent -window "$id" "$work/shot.png"
  convert "$work/shot.png" -strip -colors 128 "PNG8:$OUT/$2"
  echo "screenshots: $OUT/$2"
}

close_term() {
  local xterm
  eval "xterm=\$xterm_$1"
  t kill-session -t "$1" 2>/dev/null || true
  kill "$xterm" 2>/dev/null || true
}

# The week at rest, Japanese labels.
open_term week 80 24 --labels ja --day tue "$SCHEDULE"
wait_for week "火曜日"
settle week
shoot week week.png

# Mid-slide: a slow slide so the frame can be caught with both pages on screen.
close_term week
open_term slide 80 24 --labels ja --day tue --duration 4000 "$SCHEDULE"
wait_for slide "火曜日"
settle slide
t send-keys -t slide Right
wait_until_left_of slide "水曜日" 44  # about half way
shoot slide slide.png
close_term slide

# The seam: Sunday sliding on to Monday.
open_term seam 80 24 --labels ja --day sun --duration 4000 "$SCHEDULE"
wait_for seam "日曜日"
settle seam
t send-keys -t seam Right
wait_until_left_of seam "月曜日" 44
shoot seam seam.png
close_term seam

# A narrow terminal: the tab strip centred on the selected day.
open_term narrow 30 16 --labels en --day thu "$SCHEDULE"
wait_for narrow "Thursday"
settle narrow
shoot narrow narrow.png
close_term narrow

# The help overlay.
open_term help 80 24 --labels en --day tue "$SCHEDULE"
wait_for help "Tuesday"
t send-keys -t help '?'
wait_for help "Keys"
settle help
shoot help help.png
close_term help

# Sections: two schedules side by side, and a search across them.
open_term sections 80 24 --labels ja --day wed "$SCHEDULE" "$ROOT/examples/anime.json"
wait_for sections "水曜日"
settle sections
t send-keys -t sections Tab
settle sections
shoot sections sections.png
t send-keys -t sections /
t send-keys -t sections -l 'ぱん'  # hiragana finds katakana
wait_for sections "/ぱん"
settle sections
shoot sections search.png
close_term sections

# The calendar: dates in the tabs, episodes, which week it is.
open_term calendar 80 24 --labels ja --day tue "$SCHEDULE" "$ROOT/examples/anime.json"
wait_for calendar "火曜日"
t send-keys -t calendar Tab c
wait_for calendar "2026年12月"
t send-keys -t calendar ] 1
wait_for calendar "12月7日"
settle calendar
shoot calendar calendar.png
close_term calendar

# Marks and stars, then the details of a serial.
open_term marks 80 24 --labels ja --day mon "$SCHEDULE"
wait_for marks "月曜日"
settle marks
t send-keys -t marks m j m j f j j m
settle marks
t send-keys -t marks g
settle marks
shoot marks marks.png
t send-keys -t marks Enter
settle marks
shoot marks details.png
close_term marks

# The wide view: three days side by side at 150 columns (columns = auto).
open_term wide 150 30 --labels en --day tue "$SCHEDULE"
wait_for wide "Wednesday"
settle wide
shoot wide wide.png
close_term wide

# The animation: slides both ways, a burst, scrolling. Frames are taken as
# fast as import can, each shown for as long as it really lasted.
open_term anim 80 24 --labels ja --day mon --duration 400 "$SCHEDULE"
wait_for anim "月曜日"
settle anim
frames=$work/frames
mkdir -p "$frames"
(
  sleep 0.8
  t send-keys -t anim Right; sleep 1.0
  t send-keys -t anim Right; sleep 1.0
  t send-keys -t anim j j j; sleep 0.9
  t send-keys -t anim Left; sleep 1.0
  t send-keys -t anim Right Right Right Right; sleep 1.6
  t send-keys -t anim j j j j j j j j; sleep 0.6
  t send-keys -t anim Right Right; sleep 1.4
  touch "$frames/done"
) &
driver=$!
eval "id=\$window_anim"
i=0
start=$(date +%s%N)
while [ ! -e "$frames/done" ]; do
  stamp=$(date +%s%N)
  import -silent -window "$id" "$frames/$(printf %04d $i).png"
  echo "$(((stamp - start) / 10000000))" >"$frames/$(printf %04d $i).cs"
  i=$((i + 1))
done
wait "$driver"
close_term anim
# Delays in centiseconds from the timestamps; identical frames merge in gifsicle.
args=()
prev=""
for f in "$frames"/*.png; do
  cs=$(cat "${f%.png}.cs")
  if [ -n "$prev" ]; then args+=(-delay "$((cs - prev_cs))" "$prev"); fi
  prev=$f
  prev_cs=$cs
done
args+=(-delay 150 "$prev")
convert "${args[@]}" -loop 0 "$work/anim.gif"
gifsicle -O3 --colors 64 "$work/anim.gif" -o "$OUT/youbi.gif"
echo "screenshots: $OUT/youbi.gif ($i frames)"
du -ch "$OUT"/* | tail -1
