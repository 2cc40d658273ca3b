# threeanim: the two commands of the README, and a few more.
#   make demo   installs what is missing, builds, runs the command on the bundled default
#   make test   installs what is missing, builds and runs every test (unit, conformance, CLI,
#               examples), then again under AddressSanitizer and UndefinedBehaviorSanitizer,
#               then the fuzz smoke runs, and ends with the list of tests that were skipped and why
#               and the time of each phase (scripts/test.sh)
#   make deps   installs what is missing (scripts/deps.sh), and nothing else
# Only deps, demo, test (and docs, for Doxygen) install anything: make build never does; it
# stops, naming what is missing, and says to run make deps.
# TA_SAMPLES_DIR=DIR (make build or make test): where the tests find the Khronos glTF samples.
# make wasm   builds threeanim.wasm into js/ (the JavaScript package; README "From three.js")
# Others: make build | bench | fuzz | docs | docs-graph | install | clean

JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD ?= build
ASAN_BUILD ?= build-asan
FUZZ_BUILD ?= build-fuzz
WASM_BUILD ?= build-wasm
CMAKE ?= cmake
PREFIX ?= /usr/local
FUZZ_SECONDS ?= 60
# Passed to CMake on every configure when set, so that it can change in a configured tree.
SAMPLES_FLAG = $(if $(TA_SAMPLES_DIR),-DTA_SAMPLES_DIR=$(abspath $(TA_SAMPLES_DIR)))

.PHONY: wasm all deps prerequisites build build-asan build-fuzz test test-unit test-asan test-fuzz demo bench fuzz docs docs-graph install clean

all: build

deps:
	@scripts/deps.sh

prerequisites:
	@scripts/deps.sh --check

$(BUILD)/CMakeCache.txt:
	$(CMAKE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(SAMPLES_FLAG)

build: prerequisites $(BUILD)/CMakeCache.txt
	$(if $(SAMPLES_FLAG),$(CMAKE) -S . -B $(BUILD) $(SAMPLES_FLAG) >/dev/null)
	$(CMAKE) --build $(BUILD) -j $(JOBS)

$(ASAN_BUILD)/CMakeCache.txt:
	$(CMAKE) -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DTA_SANITIZE=ON -DTA_BUILD_BENCH=OFF $(SAMPLES_FLAG)

build-asan: prerequisites $(ASAN_BUILD)/CMakeCache.txt
	$(if $(SAMPLES_FLAG),$(CMAKE) -S . -B $(ASAN_BUILD) $(SAMPLES_FLAG) >/dev/null)
	$(CMAKE) --build $(ASAN_BUILD) -j $(JOBS)

# threeanim.wasm and threeanim-simd.wasm for js/ (the runtime alone, clang + wasm-ld +
# wasi-libc), copied into js/.
wasm: prerequisites
	$(CMAKE) -S cmake/wasm -B $(WASM_BUILD) -DCMAKE_TOOLCHAIN_FILE=$(abspath cmake/wasm32-wasi.cmake) >/dev/null
	$(CMAKE) --build $(WASM_BUILD) -j $(JOBS)
	cp $(WASM_BUILD)/threeanim.wasm $(WASM_BUILD)/threeanim-simd.wasm js/
	@for f in js/threeanim.wasm js/threeanim-simd.wasm; do echo "$$f: $$(wc -c < $$f) bytes, $$(gzip -9 -c $$f | wc -c) gzipped"; done

$(FUZZ_BUILD)/CMakeCache.txt:
	CC=clang $(CMAKE) -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTA_BUILD_FUZZ=ON \
	  -DTA_BUILD_TESTS=OFF -DTA_BUILD_BENCH=OFF -DTA_BUILD_EXAMPLES=OFF -DTA_BUILD_TOOLS=OFF

build-fuzz: prerequisites $(FUZZ_BUILD)/CMakeCache.txt
	$(CMAKE) --build $(FUZZ_BUILD) -j $(JOBS)

test:
	@MAKE="$(MAKE)" BUILD=$(BUILD) ASAN_BUILD=$(ASAN_BUILD) FUZZ_BUILD=$(FUZZ_BUILD) JOBS=$(JOBS) scripts/test.sh

test-fuzz: build-fuzz
	tests/fuzz/run-smoke.sh $(FUZZ_BUILD)

demo: deps build
	@if [ -x scripts/demo.sh ]; then scripts/demo.sh $(BUILD); else $(BUILD)/threeanim --help; fi

bench: build
	@if [ -x bench/run.sh ]; then bench/run.sh $(BUILD); else echo "no benchmarks yet"; fi

fuzz: build-fuzz
	FUZZ_SECONDS=$(FUZZ_SECONDS) tests/fuzz/run-long.sh $(FUZZ_BUILD)

docs:
	@command -v doxygen >/dev/null || TA_DEPS_OPTIONAL=1 scripts/deps.sh
	doxygen docs/Doxyfile

# The targets and their links, as `cmake --graphviz` draws them (docs/targets.dot): the
# library's layers and what is built from them, without the tests, examples and benchmarks.
docs-graph: prerequisites
	rm -rf $(BUILD)-graph
	$(CMAKE) -S . -B $(BUILD)-graph -DTA_BUILD_TESTS=OFF -DTA_BUILD_BENCH=OFF -DTA_BUILD_EXAMPLES=OFF >/dev/null
	cp cmake/GraphVizOptions.cmake $(BUILD)-graph/CMakeGraphVizOptions.cmake
	cd $(BUILD)-graph && $(CMAKE) --graphviz=targets.dot . >/dev/null
	sed -e 's/[[:space:]]*$$//' $(BUILD)-graph/targets.dot > docs/targets.dot
	rm -rf $(BUILD)-graph

install: build
	$(CMAKE) --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD)
