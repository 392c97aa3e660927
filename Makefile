# Youbi — the two commands for a fresh machine are `make run` and `make test`.
SWIFT ?= swift
BIN := .build/release/youbi
export PATH := $(PATH):/opt/swift/usr/bin

.PHONY: all run build release test e2e bench valgrind lint deps deps-test clean

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

# Unit, app and end-to-end tests; the end-to-end ones drive the release binary in tmux.
test: deps-test release
	YOUBI_BIN=$(abspath $(BIN)) $(SWIFT) test

# Only the end-to-end suites (tmux + the release binary).
e2e: deps-test release
	YOUBI_BIN=$(abspath $(BIN)) $(SWIFT) test --filter EndToEndTests

bench: deps-test
	$(SWIFT) build -c release --product youbi
	$(SWIFT) build -c release --product youbi-bench
	.build/release/youbi-bench
	python3 bench/terminal_bench.py --bin $(BIN)

# youbi under valgrind in a detached tmux session (keys, a click, a resize, a
# paste, q); prints valgrind's summary and fails unless it found no errors.
valgrind: release
	@bash scripts/deps.sh valgrind
	@bash scripts/valgrind.sh $(BIN)

lint:
	$(SWIFT) format lint --recursive --strict Package.swift Sources Tests

clean:
	rm -rf .build
