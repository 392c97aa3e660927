#!/usr/bin/env bash
# Writes scripts/startup-order.txt: the functions the static youbi runs from start
# to its first frames (the bench week at 120x40, a slide, a few keys, q), one
# symbol a line, as valgrind's callgrind records them.
#   scripts/startup-order.sh STATIC_BIN      (make startup-order)
# `make static` links with lld's --symbol-ordering-file=scripts/startup-order.txt,
# which puts these functions side by side at the start of .text: a start then
# touches a few hundred KiB of code instead of pages all over the binary's 5 MiB
# (docs/Speed.md has the figures). A symbol that no longer exists is skipped; new
# code that runs at start lands where the linker puts it, so regenerate the list
# when start-up code changes a lot.
set -euo pipefail
bin=$(readlink -f "$1")
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
server="youbi-order-$$"
trap 'tmux -L "$server" kill-server 2>/dev/null || true; rm -rf "$tmp"' EXIT
python3 "$here/bench/make_week.py" "$tmp/week.json" "$tmp/week.txt"
mkdir -p "$tmp/config" "$tmp/state" "$tmp/cache"
tmux -L "$server" -f /dev/null new-session -d -x 120 -y 40 \
  "env LANG=C.UTF-8 TERM=xterm-256color XDG_CONFIG_HOME=$tmp/config XDG_STATE_HOME=$tmp/state \
   XDG_CACHE_HOME=$tmp/cache valgrind --tool=callgrind --demangle=no \
   --callgrind-out-file=$tmp/callgrind.out $bin --labels en --day monday $tmp/week.json; \
   touch $tmp/done; sleep 60"
wait_for() { for _ in $(seq 1 600); do eval "$1" && return 0; sleep 0.1; done; echo "startup-order: timed out: $1" >&2; exit 1; }
wait_for "tmux -L $server capture-pane -p | grep -q '第1話'"
tmux -L "$server" send-keys Right
wait_for "tmux -L $server capture-pane -p | grep -q 'Tuesday'"
tmux -L "$server" send-keys j j k Left
sleep 1
tmux -L "$server" send-keys q
wait_for "[ -e $tmp/done ]"
# Every function named in the profile (fn= and cfn= lines), without valgrind's
# recursion suffix ('2) and its names for code without a symbol.
grep -oE "^c?fn=\([0-9]+\) .*" "$tmp/callgrind.out" | sed -E "s/^c?fn=\([0-9]+\) //; s/'[0-9]+$//" \
  | grep -vE '^(0x|\()' | LC_ALL=C sort -u > "$here/scripts/startup-order.txt"
echo "scripts/startup-order.txt: $(wc -l < "$here/scripts/startup-order.txt") functions"
