# threeanim: the two commands of the README, and a few more.
#   make demo   installs what is missing, builds, runs the command on the bundled default
#   make test   builds and runs every test (unit, conformance, CLI, examples), then again
#               under AddressSanitizer and UndefinedBehaviorSanitizer, then the fuzz smoke runs,
#               and ends with the list of tests that were skipped and why
# TA_SAMPLES_DIR=DIR (make build or make test): where the tests find the Khronos glTF samples.
# Others: make build | bench | fuzz | docs | install | clean

JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD ?= build
ASAN_BUILD ?= build-asan
FUZZ_BUILD ?= build-fuzz
CMAKE ?= cmake
PREFIX ?= /usr/local
FUZZ_SECONDS ?= 60
# Passed to CMake on every configure when set, so that it can change in a configured tree.
SAMPLES_FLAG = $(if $(TA_SAMPLES_DIR),-DTA_SAMPLES_DIR=$(abspath $(TA_SAMPLES_DIR)))

.PHONY: all deps build build-asan build-fuzz test test-unit test-asan test-fuzz demo bench fuzz docs install clean

all: build

deps:
	@scripts/deps.sh

$(BUILD)/CMakeCache.txt:
	$(CMAKE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(SAMPLES_FLAG)

build: deps $(BUILD)/CMakeCache.txt
	$(if $(SAMPLES_FLAG),$(CMAKE) -S . -B $(BUILD) $(SAMPLES_FLAG) >/dev/null)
	$(CMAKE) --build $(BUILD) -j $(JOBS)

$(ASAN_BUILD)/CMakeCache.txt:
	$(CMAKE) -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DTA_SANITIZE=ON -DTA_BUILD_BENCH=OFF $(SAMPLES_FLAG)

build-asan: deps $(ASAN_BUILD)/CMakeCache.txt
	$(if $(SAMPLES_FLAG),$(CMAKE) -S . -B $(ASAN_BUILD) $(SAMPLES_FLAG) >/dev/null)
	$(CMAKE) --build $(ASAN_BUILD) -j $(JOBS)

$(FUZZ_BUILD)/CMakeCache.txt:
	CC=clang $(CMAKE) -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTA_BUILD_FUZZ=ON \
	  -DTA_BUILD_TESTS=OFF -DTA_BUILD_BENCH=OFF -DTA_BUILD_EXAMPLES=OFF -DTA_BUILD_TOOLS=OFF

build-fuzz: deps $(FUZZ_BUILD)/CMakeCache.txt
	$(CMAKE) --build $(FUZZ_BUILD) -j $(JOBS)

test: build build-asan
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) --output-junit ctest-junit.xml
	cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j $(JOBS) -LE slow \
	  --output-junit ctest-junit.xml
	@if [ -f tests/fuzz/run-smoke.sh ]; then $(MAKE) --no-print-directory test-fuzz; fi
	@echo
	@scripts/skipped.sh $(BUILD)/ctest-junit.xml $(BUILD)
	@scripts/skipped.sh $(ASAN_BUILD)/ctest-junit.xml $(ASAN_BUILD)

test-fuzz: build-fuzz
	tests/fuzz/run-smoke.sh $(FUZZ_BUILD)

demo: build
	@if [ -x scripts/demo.sh ]; then scripts/demo.sh $(BUILD); else $(BUILD)/threeanim --help; fi

bench: build
	@if [ -x bench/run.sh ]; then bench/run.sh $(BUILD); else echo "no benchmarks yet"; fi

fuzz: build-fuzz
	FUZZ_SECONDS=$(FUZZ_SECONDS) tests/fuzz/run-long.sh $(FUZZ_BUILD)

docs:
	@command -v doxygen >/dev/null || TA_DEPS_OPTIONAL=1 scripts/deps.sh
	doxygen docs/Doxyfile

install: build
	$(CMAKE) --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD)
