# Cairn — build, demo and test. `make demo` and `make test` do all set-up on a fresh Debian
# machine: missing Debian packages are installed with apt-get when run as root; otherwise the
# one sudo command to run is printed.

SWIFT ?= swift
# Debian packages: C libraries the product links, and tools the tests drive.
APT_PACKAGES := libncursesw5-dev libsqlite3-dev libxml2-dev zlib1g-dev libbz2-dev libzip-dev libexif-dev libheif-dev chafa pkg-config \
                libosmium2-dev libprotozero-dev libexpat1-dev \
                tmux libxml2-utils gpsd gpsd-clients osmium-tool locales gettext time gpsbabel libheif-examples
DEMO_DIR ?= $(HOME)/.cache/cairn-demo
# `make install`: cairn goes to $(PREFIX)/bin, cairn-overpass (the HTTP request of `cairn map
# fetch`, a program of its own so cairn does not link libcurl; DECISIONS 822) to
# $(PREFIX)/libexec/cairn, the colour themes to $(PREFIX)/share/cairn/Themes
# (where an installed cairn looks for them), the manual page cairn(1) to $(PREFIX)/share/man/man1
# and the completion scripts where bash-completion, zsh and fish look under $(PREFIX)/share
# (all written by the built binary: `cairn man`, `cairn completion SHELL`).
PREFIX ?= $(HOME)/.local
CAIRN_BIN ?= .build/release/cairn

# Message catalogues (po/LANG.po, issue 37) are compiled into locale/ beside the built binary,
# where cairn finds them; `make install` copies them to $(PREFIX)/share/locale.
LOCALE_DIR_DEBUG = $$($(SWIFT) build --show-bin-path)/locale
LOCALE_DIR_RELEASE = $$($(SWIFT) build -c release --show-bin-path)/locale

.PHONY: all setup build release demo test catalogues pot test-asan test-tsan fuzz fuzz-ci bench bench-check install install-files uninstall clean

all: build

setup:
	@./Tools/setup-debian.sh $(APT_PACKAGES)
	@./Tools/setup-locales.sh

build: setup
	$(SWIFT) build
	@./Tools/po-compile.sh "$(LOCALE_DIR_DEBUG)"

# The release link (Tools/swift-build-release.sh, DECISIONS 990): Swift's runtime, Foundation and
# the C libraries that have an archive linked into the programs, so that `cairn` starts in about
# a quarter of the CPU time. CAIRN_RELEASE_SHARED=1 builds the plain shared-library release.
release: setup
	SWIFT=$(SWIFT) ./Tools/swift-build-release.sh
	@./Tools/po-compile.sh "$(LOCALE_DIR_RELEASE)"

# po/cairn.pot from the sources, merged into each po/LANG.po (po/README.md).
pot:
	@./Tools/po-extract.sh

# The catalogues of the debug build only (what `make test` and `swift run` use).
catalogues:
	@./Tools/po-compile.sh "$(LOCALE_DIR_DEBUG)"

demo: release
	@./Tools/demo.sh "$(DEMO_DIR)"

test: setup
	@./Tools/setup-python.sh
	$(SWIFT) build --build-tests
	@./Tools/po-compile.sh "$(LOCALE_DIR_DEBUG)"
	@# Every temporary file of the run goes under one directory, removed afterwards (tests make
	@# thousands of stores, maps and sockets; a run that fails leaves none behind either). It is
	@# made like /tmp (mode 1777) so tests of permissions see what they would see there.
	@dir=$$(mktemp -d "$${TMPDIR:-/tmp}/cairn-test.XXXXXX") && chmod 1777 "$$dir" && \
	  echo "TMPDIR=$$dir $(SWIFT) test --skip-build" && \
	  TMPDIR=$$dir $(SWIFT) test --skip-build; rc=$$?; rm -rf "$$dir"; exit $$rc

# The whole suite under AddressSanitizer / ThreadSanitizer, each in its own scratch path
# (.build-asan, .build-tsan) so the normal .build stays as it is. SwiftPM's --sanitize also
# instruments the C/C++ targets (COSMReader, the module maps' shims), not only the Swift code.
# The E2E and process tests run the sanitized cairn (CAIRN_BUILD_DIR), so a report in the
# program fails them too. Suppressions only for the runtime, each with its reason, in
# Tools/sanitizers/ (README.md, "Sanitizers"). An ASan report stops the test process (its
# default); TSan prints every report and exits 66 at the end, so a race never passes unseen.
SANITIZER_ENV_asan = ASAN_OPTIONS=detect_leaks=1 \
	LSAN_OPTIONS=suppressions="$(CURDIR)/Tools/sanitizers/lsan.supp"
SANITIZER_ENV_tsan = TSAN_OPTIONS=suppressions="$(CURDIR)/Tools/sanitizers/tsan.supp"
SANITIZER_FILTER ?=
SANITIZER_TEST = $(SWIFT) build --build-tests --scratch-path .build-$(1) --sanitize=$(2) && \
	CAIRN_BUILD_DIR="$(CURDIR)/.build-$(1)/debug" $(SANITIZER_ENV_$(1)) \
	$(SWIFT) test --skip-build --scratch-path .build-$(1) --sanitize=$(2) $(if $(SANITIZER_FILTER),--filter '$(SANITIZER_FILTER)')

test-asan: setup
	@./Tools/setup-python.sh
	$(call SANITIZER_TEST,asan,address)

test-tsan: setup
	@./Tools/setup-python.sh
	$(call SANITIZER_TEST,tsan,thread)

# libFuzzer targets (Fuzz/README.md): each parser of outside input for FUZZ_SECONDS;
# `fuzz-ci` replays every seed and regression input once per target (no mutation, so the
# result depends only on the code) and fails on any crash, leak or hang.
FUZZ_SECONDS ?= 120
FUZZ_TARGETS ?=
FUZZ_RUNS ?=
fuzz: setup
	@FUZZ_RUNS=$(FUZZ_RUNS) ./Fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-ci: setup
	@./Fuzz/run.sh --ci $(FUZZ_TARGETS)

bench: release
	@./Benchmarks/run-all.sh

# Short guard over the benchmarks with a reference tool (GPX vs xmllint, PBF import vs osmium,
# map query vs the raw SQLite query, start-up vs osmium): fails when a ratio is worse than its
# target by more than a third (Benchmarks/bench-check.sh; builds cairn and cairn-bench-map).
bench-check: setup
	@./Benchmarks/bench-check.sh

install: release
	@$(MAKE) --no-print-directory install-files

# Copies an already built $(CAIRN_BIN), the cairn-overpass beside it and Themes/ under
# $(PREFIX), building nothing.
CAIRN_OVERPASS_BIN = $(dir $(CAIRN_BIN))cairn-overpass
install-files:
	@test -x "$(CAIRN_BIN)" || { echo "$(CAIRN_BIN) is missing: run 'make release' first" >&2; exit 1; }
	@test -x "$(CAIRN_OVERPASS_BIN)" || { echo "$(CAIRN_OVERPASS_BIN) is missing: run 'make release' first" >&2; exit 1; }
	install -d "$(PREFIX)/bin" "$(PREFIX)/libexec/cairn" "$(PREFIX)/share/cairn/Themes"
	install -m 755 "$(CAIRN_BIN)" "$(PREFIX)/bin/cairn"
	install -m 755 "$(CAIRN_OVERPASS_BIN)" "$(PREFIX)/libexec/cairn/cairn-overpass"
	install -m 644 Themes/*.json "$(PREFIX)/share/cairn/Themes/"
	@for lang in $$(cat po/LINGUAS); do \
	  mo="$(dir $(CAIRN_BIN))locale/$$lang/LC_MESSAGES/cairn.mo"; \
	  if [ -f "$$mo" ]; then install -d "$(PREFIX)/share/locale/$$lang/LC_MESSAGES" && \
	    install -m 644 "$$mo" "$(PREFIX)/share/locale/$$lang/LC_MESSAGES/cairn.mo"; fi; done
	install -d "$(PREFIX)/share/man/man1" .build/share
	"$(CAIRN_BIN)" man > .build/share/cairn.1
	install -m 644 .build/share/cairn.1 "$(PREFIX)/share/man/man1/cairn.1"
	install -d "$(PREFIX)/share/bash-completion/completions" "$(PREFIX)/share/zsh/site-functions" \
	           "$(PREFIX)/share/fish/vendor_completions.d"
	"$(CAIRN_BIN)" completion bash > .build/share/cairn.bash
	"$(CAIRN_BIN)" completion zsh > .build/share/_cairn
	"$(CAIRN_BIN)" completion fish > .build/share/cairn.fish
	install -m 644 .build/share/cairn.bash "$(PREFIX)/share/bash-completion/completions/cairn"
	install -m 644 .build/share/_cairn "$(PREFIX)/share/zsh/site-functions/_cairn"
	install -m 644 .build/share/cairn.fish "$(PREFIX)/share/fish/vendor_completions.d/cairn.fish"
	@case ":$$PATH:" in *":$(PREFIX)/bin:"*) ;; *) echo "note: $(PREFIX)/bin is not on your PATH";; esac

uninstall:
	rm -f "$(PREFIX)/bin/cairn" "$(PREFIX)/libexec/cairn/cairn-overpass" "$(PREFIX)/share/man/man1/cairn.1"
	rm -f $(foreach l,$(shell cat po/LINGUAS),"$(PREFIX)/share/locale/$(l)/LC_MESSAGES/cairn.mo")
	rmdir "$(PREFIX)/libexec/cairn" 2>/dev/null || true
	rm -f "$(PREFIX)/share/bash-completion/completions/cairn" "$(PREFIX)/share/zsh/site-functions/_cairn" \
	      "$(PREFIX)/share/fish/vendor_completions.d/cairn.fish"
	rm -f $(addprefix "$(PREFIX)/share/cairn/Themes/,$(addsuffix ",$(notdir $(wildcard Themes/*.json))))
	rmdir "$(PREFIX)/share/cairn/Themes" "$(PREFIX)/share/cairn" 2>/dev/null || true

clean:
	rm -rf .build .build-asan .build-tsan .build-fuzz
