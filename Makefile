# Youbi — the two commands for a fresh machine are `make run` and `make test`.
SWIFT ?= swift
SWIFTC ?= swiftc
BIN := .build/release/youbi
export PATH := $(PATH):/opt/swift/usr/bin

.PHONY: all run build release static test e2e bench fuzz lint deps deps-test clean install uninstall valgrind screenshots deb startup-order

# The version, from the one line that holds it (--version prints the same).
VERSION := $(shell sed -n 's/^let youbiVersion = "\(.*\)"$$/\1/p' Sources/youbi/Version.swift)

# Where `make install` puts things (`make install PREFIX=~/.local` needs no root;
# DESTDIR stages a package). A leading ~ is expanded here too, for shells that
# leave it alone after `=` (zsh).
PREFIX ?= /usr/local
override PREFIX := $(patsubst ~%,$(HOME)%,$(PREFIX))
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
# The installed binary: a static executable, so it runs without the toolchain.
STATIC_BIN := .build-static/release/youbi
# Every file `make install` writes, and `make uninstall` removes: nothing else.
INSTALLED := $(BINDIR)/youbi $(MANDIR)/man1/youbi.1 $(BASHCOMPDIR)/youbi \
	$(ZSHCOMPDIR)/_youbi $(FISHCOMPDIR)/youbi.fish

all: build

# Install what the build needs (as root, via apt-get) when it is missing.
deps:
	@bash scripts/deps.sh build

deps-test:
	@bash scripts/deps.sh test

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product youbi

run: release
	$(BIN) $(ARGS)

# The self-contained binary `make install` installs (its own scratch path, so
# the dynamic build in .build stays as it is): a static executable, the Swift
# runtime, libc and ncurses linked in (Debian's libncursesw.a needs libtinfo.a).
# No shared library is loaded or relocated at start, which keeps its memory down.
# (The linker warns that the Swift runtime calls dlopen: youbi loads no library.)
# Linked by lld, for two things that keep its start small (docs/Speed.md): the
# functions a start runs side by side (scripts/startup-order.txt, made by
# `make startup-order`), and identical functions folded into one (--icf=all).
STATIC_LINK := -Xswiftc -use-ld=lld -Xlinker --icf=all \
	-Xlinker --symbol-ordering-file=$(CURDIR)/scripts/startup-order.txt \
	-Xlinker --no-warn-symbol-ordering
# SwiftPM does not know the ordering file is an input of the link: a newer list
# removes the binary, so it is linked again.
static: deps
	@[ ! -e $(STATIC_BIN) ] || [ $(STATIC_BIN) -nt scripts/startup-order.txt ] || rm -f $(STATIC_BIN)
	$(SWIFT) build -c release --product youbi -Xswiftc -static-executable -Xlinker -ltinfo \
	  $(STATIC_LINK) --scratch-path .build-static

# Regenerates scripts/startup-order.txt from the static binary under valgrind.
startup-order: static
	@bash scripts/deps.sh valgrind
	@bash scripts/startup-order.sh $(STATIC_BIN)

# NO_BUILD=1 installs what `make static` already built (the tests use it).
install: $(if $(NO_BUILD),,static)
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)/man1" "$(DESTDIR)$(BASHCOMPDIR)" \
		"$(DESTDIR)$(ZSHCOMPDIR)" "$(DESTDIR)$(FISHCOMPDIR)"
	install -m 755 -s $(STATIC_BIN) "$(DESTDIR)$(BINDIR)/youbi"
	sed 's/@VERSION@/$(VERSION)/' doc/youbi.1 > "$(DESTDIR)$(MANDIR)/man1/youbi.1"
	chmod 644 "$(DESTDIR)$(MANDIR)/man1/youbi.1"
	install -m 644 completions/youbi.bash "$(DESTDIR)$(BASHCOMPDIR)/youbi"
	install -m 644 completions/_youbi "$(DESTDIR)$(ZSHCOMPDIR)/_youbi"
	install -m 644 completions/youbi.fish "$(DESTDIR)$(FISHCOMPDIR)/youbi.fish"

uninstall:
	rm -f $(foreach f,$(INSTALLED),"$(DESTDIR)$(f)")

# The Debian package youbi_$(VERSION)_<arch>.deb, from the static binary (see
# docs/Packaging.md); NO_BUILD=1 packages what `make static` already built.
DEB_DIR ?= .
deb: $(if $(NO_BUILD),,static)
	@bash scripts/deb.sh "$(VERSION)" "$(STATIC_BIN)" "$(DEB_DIR)"

# Unit, app and end-to-end tests; the end-to-end ones drive the release binary in
# tmux, and install the static one into a temporary prefix.
# Swift Testing only (no XCTest case exists, so XCTest's empty "Executed 0 tests"
# summary is not printed before the real result, which comes last).
# The unit and app suites first, then the end-to-end ones on their own: on a
# 2-core machine the heavy unit suites (fuzzing, crash loops, valgrind's
# neighbours) would otherwise starve the terminal sessions' timing.
test: deps-test release static
	$(SWIFT) test --quiet --disable-xctest --skip EndToEndTests
	YOUBI_BIN=$(abspath $(BIN)) YOUBI_STATIC_BIN=$(abspath $(STATIC_BIN)) $(SWIFT) test --quiet \
	  --disable-xctest --no-parallel --filter EndToEndTests

# Only the end-to-end suites (tmux + the release binary).
e2e: deps-test release static
	YOUBI_BIN=$(abspath $(BIN)) YOUBI_STATIC_BIN=$(abspath $(STATIC_BIN)) \
		$(SWIFT) test --filter EndToEndTests

bench: deps-test static
	$(SWIFT) build -c release --product youbi
	$(SWIFT) build -c release --product youbi-bench
	.build/release/youbi-bench
	@$(MAKE) --no-print-directory install NO_BUILD=1 PREFIX=$(abspath .build-bench) >/dev/null
	python3 bench/terminal_bench.py --bin $(BIN) --bin $(STATIC_BIN) \
	  --installed .build-bench/bin/youbi --floor bench/floor.c --bench .build/release/youbi-bench
	python3 bench/bangumi_bench.py --bin $(STATIC_BIN)

# youbi under valgrind in a detached tmux session (keys, a click, a resize, a
# paste, q); prints valgrind's summary and fails unless it found no errors.
# The README's pictures, from the release binary in xterm under Xvfb (never part of
# `make test`: CI needs no display).
screenshots: release
	@bash scripts/deps.sh screenshots
	@bash scripts/screenshots.sh $(BIN)

valgrind: release
	@bash scripts/deps.sh valgrind
	@bash scripts/valgrind.sh $(BIN)

# libFuzzer over the schedule loader, for FUZZ_SECONDS (not part of `make test`, which runs
# the same oracle for a few thousand seeded mutations). See fuzz/README.md.
FUZZ_SECONDS ?= 60
FUZZ_DIR := .build/fuzz
FUZZ_FLAGS := -O -sanitize=fuzzer,address -parse-as-library -package-name Youbi
fuzz:
	@mkdir -p $(FUZZ_DIR)/corpus
	$(SWIFTC) $(FUZZ_FLAGS) -emit-library -static -emit-module -module-name JSON \
	  -emit-module-path $(FUZZ_DIR)/JSON.swiftmodule Sources/JSON/*.swift -o $(FUZZ_DIR)/libJSON.a
	$(SWIFTC) $(FUZZ_FLAGS) -emit-library -static -emit-module -module-name Posix \
	  -emit-module-path $(FUZZ_DIR)/Posix.swiftmodule Sources/Posix/*.swift -o $(FUZZ_DIR)/libPosix.a
	$(SWIFTC) $(FUZZ_FLAGS) -emit-library -static -emit-module -module-name Zones -I $(FUZZ_DIR) \
	  -emit-module-path $(FUZZ_DIR)/Zones.swiftmodule Sources/Zones/*.swift -o $(FUZZ_DIR)/libZones.a
	$(SWIFTC) $(FUZZ_FLAGS) -emit-library -static -emit-module -module-name Schedule -I $(FUZZ_DIR) \
	  -emit-module-path $(FUZZ_DIR)/Schedule.swiftmodule $$(find Sources/Schedule -name "*.swift") \
	  -o $(FUZZ_DIR)/libSchedule.a
	$(SWIFTC) $(FUZZ_FLAGS) -use-ld=lld -I $(FUZZ_DIR) -L $(FUZZ_DIR) -lSchedule -lZones -lPosix -lJSON \
	  fuzz/ScheduleFuzzer.swift Tests/ScheduleTests/Fuzz/ScheduleOracle.swift \
	  Sources/TerminalUI/SafeText.swift -o $(FUZZ_DIR)/schedule-fuzzer
	$(FUZZ_DIR)/schedule-fuzzer -max_total_time=$(FUZZ_SECONDS) -max_len=4096 \
	  -dict=fuzz/schedule.dict -artifact_prefix=$(FUZZ_DIR)/ $(FUZZ_DIR)/corpus fuzz/corpus

# The pure targets, the pager's core and the app core, import no libc and no
# Foundation (the compiler then keeps clocks, files and processes out of them; they
# belong to YoubiRuntime and the executable).
PURE := Sources/PagerCore Sources/YoubiCore
lint:
	$(SWIFT) format lint --recursive --strict Package.swift Sources Tests
	@! grep -rnE '^\s*(@testable )?import (Glibc|Foundation|Darwin|Musl|Dispatch)\b' $(PURE) \
	  || { echo "lint: $(PURE) must import neither libc nor Foundation" >&2; exit 1; }

clean:
	rm -rf .build .build-static .build-deb .build-bench
