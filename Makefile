# The two commands of the README, and a few conveniences.
#   make run    install what is needed, build, start the server (http://localhost:8080)
#   make test   install what is needed, build, run every test
BUILD ?= build
JOBS ?= $(shell nproc)
PORT ?= 8080

.PHONY: setup build run test bench bench-web asan clean

setup:
	bash scripts/setup.sh

build: setup
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo
	cmake --build $(BUILD) -j $(JOBS)

run: build
	$(BUILD)/hexfront serve --port $(PORT)

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
	HEXFRONT_BIN=$(abspath $(BUILD))/hexfront HEXFRONT_ARTIFACTS=$(abspath $(BUILD))/web-artifacts \
	  node --test tests/web/*.test.mjs

bench: build
	$(BUILD)/hexfront_bench

bench-web: build
	HEXFRONT_BIN=$(abspath $(BUILD))/hexfront node bench/web/render.bench.mjs

asan: setup
	cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DHEXFRONT_SANITIZE=ON
	cmake --build build-asan -j $(JOBS)
	cd build-asan && ctest --output-on-failure -j $(JOBS)

clean:
	rm -rf $(BUILD) build-asan
