#!/usr/bin/env bash
# Writes scripts/startup-order.txt: the functions the static youbi runs in its usual
# runs, one symbol a line, as valgrind's callgrind records them. Two groups, each
# sorted:
#   1. what the bench week (bench/make_week.py) runs: the pager from start to its
#      first frames (120x40, a slide, a few keys, q), --print, --print --format json,
#      --next 3, --next --short, --upcoming 60;
#   2. what the same runs over a big source add (the bangumi-data shape of
#      bench/make_bangumi_data.py, read from its snapshot and parsed; and the bench
#      week with it as a `reference`): the config, the snapshot's key, read, decoding
#      and writing, the bangumi-data reader.
#   scripts/startup-order.sh STATIC_BIN      (make startup-order)
# `make static` links with lld's --symbol-ordering-file=scripts/startup-order.txt,
# which puts these functions side by side at the start of .text, the first group
# first: a run then touches a few hundred KiB of code instead of pages all over the
# binary's 5 MiB, and a run over a small file none of the second group's (docs/Speed.md
# has the figures). A symbol that no longer exists is skipped; new code that runs at
# start lands where the linker puts it, so regenerate the list when start-up code
# changes a lot.
set -euo pipefail
bin=$(readlink -f "$1")
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
server="youbi-order-$$"
trap 'tmux -L "$server" kill-server 2>/dev/null || true; rm -rf "$tmp"' EXIT
python3 "$here/bench/make_week.py" "$tmp/week.json" "$tmp/week.txt"
python3 "$here/bench/make_bangumi_data.py" "$tmp/data.json"
mkdir -p "$tmp/config" "$tmp/state" "$tmp/cache" "$tmp/profiles"
environment="LANG=C.UTF-8 TERM=xterm-256color TZ=Europe/Berlin XDG_CONFIG_HOME=$tmp/config
  XDG_STATE_HOME=$tmp/state XDG_CACHE_HOME=$tmp/cache"
grind() { # grind OUT ARGS...: one run under callgrind, its profile in $tmp/profiles/OUT
  local out=$1; shift
  env $environment valgrind --tool=callgrind --demangle=no --callgrind-out-file="$tmp/profiles/$out" \
    "$bin" "$@" > /dev/null 2> /dev/null
}
one_shots() { # one_shots PREFIX FILE: the one-shot runs over FILE
  grind "$1.print" --print "$2"
  grind "$1.json" --print --format json "$2"
  grind "$1.next" --next 3 "$2"
  grind "$1.short" --next --short "$2"
  grind "$1.upcoming" --upcoming 60 "$2"
}
pager() { # pager PREFIX FILE WANT: the pager over FILE until WANT shows, a slide, keys, q
  tmux -L "$server" -f /dev/null new-session -d -x 120 -y 40 \
    "env $environment valgrind --tool=callgrind --demangle=no \
     --callgrind-out-file=$tmp/profiles/$1.pager $bin --labels en --day monday $2; touch $tmp/$1.done; sleep 60"
  wait_for "tmux -L $server capture-pane -p | grep -q '$3'"
  tmux -L "$server" send-keys Right
  wait_for "tmux -L $server capture-pane -p | grep -q 'Tuesday'"
  tmux -L "$server" send-keys j j k Left
  sleep 1
  tmux -L "$server" send-keys q
  wait_for "[ -e $tmp/$1.done ]"
  tmux -L "$server" kill-server
}
wait_for() { for _ in $(seq 1 600); do eval "$1" && return 0; sleep 0.1; done; echo "startup-order: timed out: $1" >&2; exit 1; }
# Every function named in the profiles (fn= and cfn= lines), without valgrind's
# recursion suffix ('2) and its names for code without a symbol.
functions() {
  cat "$@" | grep -oE "^c?fn=\([0-9]+\) .*" | sed -E "s/^c?fn=\([0-9]+\) //; s/'[0-9]+$//" \
    | grep -vE '^(0x|\()' | LC_ALL=C sort -u
}
pager week "$tmp/week.json" '第1話'
one_shots week "$tmp/week.json"
grind data.cold --next 3 "$tmp/data.json" # parses, and writes the snapshot
env $environment "$bin" --print "$tmp/data.json" > /dev/null # writes the weeks' one
pager data "$tmp/data.json" '番組'
one_shots data "$tmp/data.json"
# The bench week with the big source as its reference, from the week's snapshot.
echo "reference = $tmp/data.json" > "$tmp/reference.conf"
env $environment "$bin" --config "$tmp/reference.conf" --print "$tmp/week.json" > /dev/null
for run in "--print" "--next 3" "--upcoming 60"; do
  grind "data.reference.${run%% *}" --config "$tmp/reference.conf" $run "$tmp/week.json"
done
functions "$tmp"/profiles/week.* > "$tmp/first"
functions "$tmp"/profiles/data.* | LC_ALL=C comm -13 "$tmp/first" - > "$tmp/second"
cat "$tmp/first" "$tmp/second" > "$here/scripts/startup-order.txt"
echo "scripts/startup-order.txt: $(wc -l < "$tmp/first") + $(wc -l < "$tmp/second") functions"
