#!/usr/bin/env bash
# Builds youbi_<version>_<arch>.deb from the static binary with dpkg-deb.
#   deb.sh VERSION STATIC_BIN OUT_DIR
# The tree is staged in .build-deb/ (Debian's places for the completions), the
# control file computed from it (Installed-Size) and from the build machine
# (Built-Using: the glibc and ncurses linked into the binary). docs/Packaging.md
# explains each field and the lintian overrides.
set -euo pipefail
version=$1 bin=$2 out=$3
[ -n "$version" ] || { echo "deb.sh: no version (Sources/youbi/Version.swift)" >&2; exit 1; }
[ -x "$bin" ] || { echo "deb.sh: $bin is not built: run make static" >&2; exit 1; }
command -v dpkg-deb >/dev/null || { echo "deb.sh: dpkg-deb is missing" >&2; exit 1; }
arch=$(dpkg --print-architecture)
# The maintainer is the project, reached at a real address: DEB_MAINTAINER_EMAIL, else
# the last commit's author's (docs/Packaging.md says why); DEB_MAINTAINER sets the field.
email=${DEB_MAINTAINER_EMAIL:-$(git log -1 --format='%ae' 2>/dev/null || true)}
maintainer=${DEB_MAINTAINER:-${email:+Youbi developers <$email>}}
[ -n "$maintainer" ] || {
  echo "deb.sh: no address for the maintainer: set DEB_MAINTAINER_EMAIL" >&2
  exit 1
}
name="youbi_${version}_${arch}"
root=".build-deb/$name"
doc="$root/usr/share/doc/youbi"
umask 022
rm -rf "$root"
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" "$doc" \
  "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d" "$root/usr/share/lintian/overrides"

install -m 755 "$bin" "$root/usr/bin/youbi"
strip --strip-unneeded --remove-section=.comment "$root/usr/bin/youbi"
sed "s/@VERSION@/$version/" doc/youbi.1 | gzip -9n > "$root/usr/share/man/man1/youbi.1.gz"
install -m 644 completions/youbi.bash "$root/usr/share/bash-completion/completions/youbi"
install -m 644 completions/_youbi "$root/usr/share/zsh/vendor-completions/_youbi"
install -m 644 completions/youbi.fish "$root/usr/share/fish/vendor_completions.d/youbi.fish"

# The copyright file in the machine-readable format (DEP-5): Youbi, and what the
# static binary carries inside it.
cat > "$doc/copyright" <<'EOF'
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: youbi
Comment: /usr/bin/youbi is a static executable. Besides Youbi it holds the
 Swift runtime and standard library (Apache-2.0 with the Runtime Library
 Exception), the GNU C library (LGPL-2.1+, Debian source package glibc) and
 ncurses (X11-style, Debian source package ncurses); Built-Using names the
 exact versions linked in.

Files: *
Copyright: 2026 The Youbi authors
License: Apache-2.0

Files: usr/bin/youbi
Copyright: 2026 The Youbi authors
 2014-2026 Apple Inc. and the Swift project authors
 1991-2023 Free Software Foundation, Inc.
 1998-2023 Free Software Foundation, Inc. and Thomas E. Dickey (ncurses)
License: Apache-2.0 and LGPL-2.1+ and X11
Comment: the Swift runtime's licence is Apache-2.0 with the Runtime Library
 Exception: its object code may be linked into a program without
 attribution.

License: Apache-2.0
 On Debian systems, the full text of the Apache License, Version 2.0, is in
 /usr/share/common-licenses/Apache-2.0.

License: LGPL-2.1+
 This library is free software; you can redistribute it and/or modify it
 under the terms of the GNU Lesser General Public License as published by the
 Free Software Foundation; either version 2.1 of the License, or (at your
 option) any later version.
 .
 On Debian systems, the full text of the GNU Lesser General Public License,
 version 2.1, is in /usr/share/common-licenses/LGPL-2.1.

License: X11
 Permission is hereby granted, free of charge, to any person obtaining a copy
 of this software and associated documentation files (the "Software"), to
 deal in the Software without restriction, including without limitation the
 rights to use, copy, modify, merge, publish, distribute, distribute with
 modifications, sublicense, and/or sell copies of the Software, and to permit
 persons to whom the Software is furnished to do so, subject to the following
 conditions:
 .
 The above copyright notice and this permission notice shall be included in
 all copies or substantial portions of the Software.
 .
 THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 ABOVE COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY,
 WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR
 IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
EOF
chmod 644 "$doc/copyright"

# changelog.gz in Debian's format (a native package): the released versions of
# CHANGELOG.md, newest first; "Unreleased" is left out.
awk -v maint="$maintainer" '
  function close_entry() { if (open) { printf "\n -- %s  %s\n\n", maint, stamp; open = 0 } }
  /^## / {
    close_entry()
    if ($2 == "Unreleased") { skip = 1; next }
    skip = 0; open = 1
    cmd = "LC_ALL=C TZ=UTC date -R -d " $NF; cmd | getline stamp; close(cmd)
    printf "youbi (%s) unstable; urgency=medium\n\n", $2
    next
  }
  skip || !open { next }
  /^- / { printf "  * %s\n", substr($0, 3); next }
  /^  / { printf "    %s\n", substr($0, 3); next }
  END { close_entry() }
' CHANGELOG.md | sed '$d' | gzip -9n > "$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"

# What lintian cannot know; each override says why (docs/Packaging.md too).
cat > "$root/usr/share/lintian/overrides/youbi" <<'EOF'
# The binary is static on purpose: it starts without loading or relocating a
# shared library, which keeps its memory and start-up down, and it runs on any
# Linux of its architecture. Built-Using names the glibc and ncurses inside.
youbi: statically-linked-binary [usr/bin/youbi]
# The same choice: ncurses (and glibc) are linked in. Built-Using names the
# exact source versions, so a security update of either can be traced to this
# package, which is then rebuilt with it (make deb).
youbi: embedded-library ncurses [usr/bin/youbi]
# Expat, the feeds' XML parser, linked in for the same reason; Built-Using names it.
youbi: embedded-library expat [usr/bin/youbi]
EOF
chmod 644 "$root/usr/share/lintian/overrides/youbi"

# Installed-Size in KiB, as dpkg-gencontrol counts it: the bytes of every file,
# and 1 KiB for each directory (the top one too), rounded up once.
bytes=$(find "$root" -path "$root/DEBIAN" -prune -o -type f -printf '%s\n' | awk '{ b += $1 } END { print b + 0 }')
dirs=$(find "$root" -path "$root/DEBIAN" -prune -o -type d -print | wc -l)
installed_size=$(( (bytes + 1024 * dirs + 1023) / 1024 ))
built_using=$(dpkg-query -W -f='${source:Package} (= ${source:Version})\n' libc6-dev libncurses-dev libexpat1-dev \
  | sort -u | paste -sd, - | sed 's/,/, /g')
cat > "$root/DEBIAN/control" <<EOF
Package: youbi
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Recommends: curl
Built-Using: $built_using
Section: utils
Priority: optional
Description: weekday pager for weekly anime, manga and web serials
 Youbi shows a week of serials in the terminal: seven weekday tabs, and
 under each the serials published that day, with release times and a
 countdown to the next one. Left and right slide between days and the week
 loops. Serials can be marked read or starred, searched (folding kana and
 full-width text) and opened in a browser, and a calendar pages through
 dates with episodes.
 .
 The week is a JSON or iCalendar file that Youbi reloads as it is edited.
 The binary is static: it needs only the terminfo database.
EOF
chmod 644 "$root/DEBIAN/control"

(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/md5sums"

mkdir -p "$out"
dpkg-deb --root-owner-group -Zxz --build "$root" "$out/$name.deb" >/dev/null
echo "$out/$name.deb"
