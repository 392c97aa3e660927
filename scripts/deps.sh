#!/usr/bin/env bash
# Installs the Debian packages Youbi needs, only when they are missing.
#   deps.sh build  — ncurses and Expat headers (to build and run; Expat reads XML feeds)
#   deps.sh test   — also tmux (end-to-end tests), mandoc (man page lint),
#                    zsh and fish (the shell completions are run in each),
#                    faketime (the wall clock of the day-start rollover test),
#                    tzdata (iCalendar time zones the file does not define),
#                    curl (subscriptions are fetched with it; the tests serve them
#                    from 127.0.0.1),
#                    lintian and man-db (the Debian package is checked, and its
#                    man page read with man, in the package test), and
#                    Python's icalendar (the independent reader of --format ics):
#                    from PyPI, else Debian's python3-icalendar
#   deps.sh valgrind — tmux and valgrind (make valgrind)
#   deps.sh screenshots — tmux, xterm under Xvfb, fonts (DejaVu, Noto CJK),
#                    ImageMagick, gifsicle, xdotool, faketime (make screenshots)
set -euo pipefail
want=()
[ -e /usr/include/curses.h ] || want+=(libncurses-dev)
[ -e /usr/include/expat.h ] || want+=(libexpat1-dev)
if [ "${1:-build}" = test ]; then
  command -v tmux >/dev/null || want+=(tmux)
  command -v python3 >/dev/null || want+=(python3)
  command -v mandoc >/dev/null || want+=(mandoc)
  command -v zsh >/dev/null || want+=(zsh)
  command -v fish >/dev/null || want+=(fish)
  command -v faketime >/dev/null || want+=(faketime)
  [ -e /usr/share/zoneinfo/Europe/Berlin ] || want+=(tzdata)
  command -v lintian >/dev/null || want+=(lintian)
  command -v man >/dev/null || want+=(man-db)
fi
if [ "${1:-build}" = valgrind ]; then
  command -v tmux >/dev/null || want+=(tmux)
  command -v valgrind >/dev/null || want+=(valgrind)
fi
if [ "${1:-build}" = screenshots ]; then
  command -v tmux >/dev/null || want+=(tmux)
  command -v Xvfb >/dev/null || want+=(xvfb)
  command -v xterm >/dev/null || want+=(xterm)
  command -v import >/dev/null || want+=(imagemagick)
  command -v gifsicle >/dev/null || want+=(gifsicle)
  command -v xdotool >/dev/null || want+=(xdotool)
  command -v faketime >/dev/null || want+=(faketime)
  [ -e /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || want+=(fonts-noto-cjk)
  [ -e /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] || want+=(fonts-dejavu-core)
fi
# Python's icalendar reads back what --format ics writes, in the tests.
icalendar=no
if [ "${1:-build}" = test ] && ! python3 -c 'import icalendar' 2>/dev/null; then
  icalendar=yes
fi
install_icalendar() {
  [ "$icalendar" = yes ] || return 0
  python3 -m pip install -q icalendar 2>/dev/null \
    || python3 -m pip install -q --break-system-packages icalendar 2>/dev/null \
    || { [ "$(id -u)" -eq 0 ] && apt-get install -y -qq python3-icalendar >/dev/null; } \
    || { echo "youbi: cannot install Python's icalendar (pip install icalendar)" >&2; return 1; }
}
if [ ${#want[@]} -eq 0 ]; then
  install_icalendar
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "youbi: missing packages: ${want[*]} — install them with: sudo apt-get install ${want[*]}" >&2
  exit 1
fi
echo "youbi: installing ${want[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${want[@]}" >/dev/null
install_icalendar
