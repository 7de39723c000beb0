# tinwar: top-level driver for CMake. `make demo` and `make test` are the README's commands.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE ?= cmake
FUZZ_SECONDS ?= 15

.PHONY: all deps release debug asan clang clang-golden fuzz-build demo test test-quick bench fuzz fuzz-long clean mpi-check
.PHONY: lw-big-40

all: release

deps:
	@tools/deps.sh

release: deps
	@$(CMAKE) -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DTINWAR_MAIN_BUILD=ON >/dev/null
	@$(CMAKE) --build build/release -j$(JOBS)

debug: deps
	@$(CMAKE) -S . -B build/debug -DCMAKE_BUILD_TYPE=Debug >/dev/null
	@$(CMAKE) --build build/debug -j$(JOBS)

asan: deps
	@$(CMAKE) -S . -B build/asan -DCMAKE_BUILD_TYPE=Debug -DTINWAR_SANITIZE=ON -DCMAKE_C_COMPILER=clang >/dev/null
	@$(CMAKE) --build build/asan -j$(JOBS)

clang: deps
	@$(CMAKE) -S . -B build/clang -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang >/dev/null
	@$(CMAKE) --build build/clang -j$(JOBS)

# make test's clang Release tree: what its `golden` label runs (CMake's tw_golden target: the
# programs that check pinned hashes, and the tinwar command). `make clang` builds everything.
clang-golden: deps
	@$(CMAKE) -S . -B build/clang -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang >/dev/null
	@$(CMAKE) --build build/clang -j$(JOBS) --target tw_golden

fuzz-build: deps
	@$(CMAKE) -S . -B build/fuzz -DCMAKE_BUILD_TYPE=Debug -DTINWAR_FUZZ=ON -DTINWAR_TESTS=OFF -DCMAKE_C_COMPILER=clang >/dev/null
	@$(CMAKE) --build build/fuzz -j$(JOBS) --target tw_fuzzers

demo:
	@tools/demo.sh

# Every test: gcc Debug, gcc Release (determinism hash in both), clang Release's golden hashes,
# ASan+UBSan (clang: its warnings on every file), the browser suite, a short run of every fuzzer
# (tools/test.sh says what runs where).
test: release debug clang-golden asan fuzz-build
	@tools/test.sh $(FUZZ_SECONDS)

test-quick: debug
	@cd build/debug && ctest --output-on-failure -j$(JOBS)

# The engine's figures, then the page's (tests/web/bench.js in headless Chromium: frames a second
# while panning and zooming 600 figures, and the time to the first picture; skipped, saying why,
# without Chromium or playwright-core).
bench: release
	@build/release/tinwar_bench
	@sh bench/web_bench.sh build/release/tinwar-serve

fuzz: fuzz-build
	@tools/fuzz.sh $(FUZZ_SECONDS)

fuzz-long: fuzz-build
	@tools/fuzz.sh 600

clean:
	rm -rf build

# Open MPI study runner: builds with -DTINWAR_MPI=ON and checks that K ranks give the same study
# as one process (not part of `make test`: it installs Open MPI).
mpi-check: deps release
	@command -v mpicc >/dev/null || (SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); $$SUDO apt-get install -y -qq libopenmpi-dev openmpi-bin >/dev/null)
	@$(CMAKE) -S . -B build/mpi -DCMAKE_BUILD_TYPE=Release -DTINWAR_MPI=ON -DTINWAR_TESTS=OFF >/dev/null
	@$(CMAKE) --build build/mpi -j$(JOBS) --target tinwar_cli
	@sh tools/mpi_check.sh build/mpi/tinwar build/tinwar 3 12

# lw-gen (issue 18): lw-big against random in 40 games on each of large-country.json,
# kriegspiel.json and the generated large Country and Kriegspiel (make test plays 2 of each).
lw-big-40: release
	@TW_AI_KS_GAMES=40 TW_AI_KS_ONLY='*beats_random*' build/release/test_lw_ai_ks
