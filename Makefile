# Cotside: `make run` builds and opens the TUI; `make test` runs every test.
# Missing system packages are installed with apt-get when run as root; otherwise
# the exact command is printed.

SWIFT      ?= swift
PREFIX     ?= /usr/local
CONFIG     ?= release
# Release builds link the Swift runtime and Foundation into the binary: it then runs on a
# workstation without the toolchain, and starts ~20 ms sooner (no fifteen shared Swift libraries
# to load and bind before the first frame). The toolchain's lld links it: GNU ld prints glibc's
# link-time warning about `mktemp` inside the static Foundation, which builds must not show.
RELEASE_FLAGS := --static-swift-stdlib -Xswiftc -use-ld=lld
BUILD_FLAGS   ?= $(if $(filter release,$(CONFIG)),$(RELEASE_FLAGS))
BUILD_DIR  := $(shell $(SWIFT) build -c $(CONFIG) $(BUILD_FLAGS) --show-bin-path 2>/dev/null)
BUNDLE     := Cotside_CotsideResources.resources
RUN_DEPS   := libncurses-dev libsqlite3-dev
# The report tests check the HTML with a real parser (xmllint, libxml2-utils) and the PDF with
# the tools a reader's system uses: pdftotext and pdfinfo (poppler-utils) and qpdf --check;
# python3's html.parser is the second HTML parser. The PostgreSQL engine's tests run on a
# throwaway server (postgresql; scripts/postgres-test-server).
TEST_DEPS  := $(RUN_DEPS) tmux sqlite3 libxml2-utils poppler-utils qpdf python3 postgresql

.PHONY: run build test bench install uninstall demo deps test-deps clean

run: deps build
	$(BUILD_DIR)/cotside $(ARGS)

build: deps
	$(SWIFT) build -c $(CONFIG) $(BUILD_FLAGS) --product cotside

# Every test; the last line is the true count ("N passed, F failed"), see scripts/run-tests.sh.
# The PostgreSQL tests run on a throwaway server started and stopped around them (unless
# COTSIDE_TEST_POSTGRES_URL already names one; without PostgreSQL installed they are skipped).
test: test-deps
	LANG=C.UTF-8 scripts/postgres-test-server run scripts/run-tests.sh $(SWIFT)

# Benchmarks report medians and ratios; targets are stated beside each figure, never asserted.
bench: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product cotside
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product cotside-bench
	$(BUILD_DIR)/cotside-bench $(ARGS)
	COTSIDE_BIN=$(BUILD_DIR)/cotside scripts/bench/ui-frames.sh
	COTSIDE_BIN=$(BUILD_DIR)/cotside scripts/bench/calc-batch.sh
	scripts/postgres-test-server run env COTSIDE_BIN=$(BUILD_DIR)/cotside COTSIDE_BENCH_BIN=$(BUILD_DIR)/cotside-bench \
		scripts/bench/server-vs-file.sh

demo: build
	$(BUILD_DIR)/cotside demo $(ARGS)

install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/cotside
	install -m 0755 $(BUILD_DIR)/cotside $(DESTDIR)$(PREFIX)/bin/cotside
	rm -rf $(DESTDIR)$(PREFIX)/share/cotside/$(BUNDLE)
	cp -R $(BUILD_DIR)/$(BUNDLE) $(DESTDIR)$(PREFIX)/share/cotside/$(BUNDLE)

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/cotside
	rm -rf $(DESTDIR)$(PREFIX)/share/cotside

deps:
	@./scripts/ensure-packages.sh $(RUN_DEPS)

test-deps:
	@./scripts/ensure-packages.sh $(TEST_DEPS)

clean:
	$(SWIFT) package clean
