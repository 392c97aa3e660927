#!/usr/bin/env bash
# Runs youbi under valgrind in a private, detached tmux session: it starts,
# moves, slides, takes a click, a resize and a paste, and quits with q. Then
# prints valgrind's summary. Exits 0 when valgrind found no errors.
#   scripts/valgrind.sh [BIN]     (default .build/release/youbi; `make valgrind` builds it)
set -euo pipefail
bin=$(realpath "${1:-.build/release/youbi}")
dir=$(mktemp -d)
sock="youbi-valgrind-$$"
tm() { tmux -L "$sock" -f /dev/null "$@"; }
trap 'tm kill-server 2>/dev/null || true; rm -rf "$dir"' EXIT

# Polls the screen until it shows $1 (at most $2 seconds: valgrind is slow to start).
wait_for() {
  for _ in $(seq 1 $((${2:-30} * 10))); do
    tm capture-pane -p | grep -q -- "$1" && return 0
    sleep 0.1
  done
  echo "valgrind.sh: timed out waiting for '$1'; screen:" >&2
  tm capture-pane -p >&2
  exit 1
}

echo "valgrind.sh: running $bin under valgrind (log: valgrind.log)" >&2
tm new-session -d -x 80 -y 24 \
  "valgrind --error-exitcode=99 --log-file='$dir/valgrind.log' '$bin' --labels en --day monday;
   echo \$? > '$dir/status'; exec sleep 100000" \; set -g status off
wait_for Monday 120
tm send-keys j j Right
wait_for Tuesday
tm send-keys -H 1b 5b 4d 20 53 21 1b 5b 4d 23 53 21   # click Friday's tab (X10)
wait_for Friday
tm resize-window -x 100 -y 30
tm set-buffer -b youbi "pasted q" \; paste-buffer -p -d -b youbi
tm send-keys q
for _ in $(seq 1 600); do [ -f "$dir/status" ] && break; sleep 0.1; done
status=$(cat "$dir/status" 2>/dev/null || echo "no status")
grep -E "ERROR SUMMARY|definitely lost|indirectly lost|in use at exit" "$dir/valgrind.log" | sed 's/^==[0-9]*== //'
if [ "$status" != 0 ]; then
  echo "valgrind.sh: youbi exited with $status; the full log:" >&2
  cat "$dir/valgrind.log" >&2
  exit 1
fi
