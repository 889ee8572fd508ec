# Cairn — build, demo and test. `make demo` and `make test` do all set-up on a fresh Debian
# machine: missing Debian packages are installed with apt-get when run as root; otherwise the
# one sudo command to run is printed.

SWIFT ?= swift
# Debian packages: C libraries the product links, and tools the tests drive.
APT_PACKAGES := libncursesw5-dev libsqlite3-dev libxml2-dev zlib1g-dev libbz2-dev pkg-config \
                tmux libxml2-utils gpsd gpsd-clients osmium-tool locales time
DEMO_DIR ?= $(HOME)/.cache/cairn-demo

.PHONY: all setup build release demo test bench clean

all: build

setup:
	@./Tools/setup-debian.sh $(APT_PACKAGES)

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release

demo: release
	@./Tools/demo.sh "$(DEMO_DIR)"

test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: release
	@./Benchmarks/run-all.sh

clean:
	rm -rf .build
