# Youbi — the two commands for a fresh machine are `make run` and `make test`.
SWIFT ?= swift
SWIFTC ?= swiftc
BIN := .build/release/youbi
export PATH := $(PATH):/opt/swift/usr/bin

.PHONY: all run build release test e2e bench fuzz lint deps deps-test clean

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

# libFuzzer over the schedule loader, for FUZZ_SECONDS (not part of `make test`, which runs
# the same oracle for a few thousand seeded mutations). See fuzz/README.md.
FUZZ_SECONDS ?= 60
FUZZ_DIR := .build/fuzz
FUZZ_FLAGS := -O -sanitize=fuzzer,address -parse-as-library
fuzz:
	@mkdir -p $(FUZZ_DIR)/corpus
	$(SWIFTC) $(FUZZ_FLAGS) -emit-library -static -emit-module -module-name JSON \
	  -emit-module-path $(FUZZ_DIR)/JSON.swiftmodule Sources/JSON/*.swift -o $(FUZZ_DIR)/libJSON.a
	$(SWIFTC) $(FUZZ_FLAGS) -emit-library -static -emit-module -module-name Schedule -I $(FUZZ_DIR) \
	  -emit-module-path $(FUZZ_DIR)/Schedule.swiftmodule Sources/Schedule/*.swift \
	  -o $(FUZZ_DIR)/libSchedule.a
	$(SWIFTC) $(FUZZ_FLAGS) -use-ld=lld -I $(FUZZ_DIR) -L $(FUZZ_DIR) -lSchedule -lJSON \
	  fuzz/ScheduleFuzzer.swift Tests/ScheduleTests/Fuzz/ScheduleOracle.swift \
	  Sources/TerminalUI/SafeText.swift -o $(FUZZ_DIR)/schedule-fuzzer
	$(FUZZ_DIR)/schedule-fuzzer -max_total_time=$(FUZZ_SECONDS) -max_len=4096 \
	  -dict=fuzz/schedule.dict -artifact_prefix=$(FUZZ_DIR)/ $(FUZZ_DIR)/corpus fuzz/corpus

lint:
	$(SWIFT) format lint --recursive --strict Package.swift Sources Tests

clean:
	rm -rf .build
