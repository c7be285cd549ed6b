# openroom — the two commands a fresh machine needs are `make run` and `make test`;
# `make help` lists every target.
GO       ?= go
BIN      := bin
PKGS     := ./...
FUZZTIME ?= 30s
BENCHTIME ?= 1s
FLOODTIME ?= 10s
# staticcheck at a pinned version, fetched through the Go module proxy on first use.
STATICCHECK ?= $(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: all build help check vet staticcheck test test-js screenshots run bench flood fuzz clean test-slurm measure-bidding measure-play measure-lead measure-decisions compare-play measure-vs-ben replay-vs-ben

## all: the default: build.
all: build

## build: the programs into bin/ (tablemanager, refbot, openroom-relay, ...).
build:
	$(GO) build -o $(BIN)/ ./cmd/...

## help: every target with one line on what it does.
help:
	@awk '/^## [a-z0-9-]+:/ { t = $$2; sub(/:$$/, "", t); d = $$0; sub(/^## [a-z0-9-]+: */, "", d); printf "  %-18s %s\n", t, d }' $(MAKEFILE_LIST)

## check: the quick gate for every commit: vet, staticcheck and the short tests (no race detector).
check: vet staticcheck
	$(GO) test -short -count=1 $(PKGS)

## vet: go vet over every package.
vet:
	$(GO) vet $(PKGS)

## staticcheck: staticcheck over every package (pinned version, fetched on first use).
staticcheck:
	$(STATICCHECK) $(PKGS)

## test: vet and the whole suite: packages with concurrency under the race detector, the rest without it (scripts/race-packages says which), then the pages' JavaScript tests.
test:
	$(GO) vet $(PKGS)
	$(GO) test -race -count=1 $$(scripts/race-packages race)
	@plain=$$(scripts/race-packages plain); [ -z "$$plain" ] || { echo "$(GO) test -count=1 (no race detector)" $$plain; $(GO) test -count=1 $$plain; }
	@$(MAKE) --no-print-directory test-js

## test-js: the pages' JavaScript unit tests under node's test runner, and the session PBN read back by the npm pbn package pinned in web/pbncheck (installed there with npm ci on first use); skipped without node (web/pbncheck without npm), unless OPENROOM_REQUIRE_BROWSER is set.
PBNCHECK := web/pbncheck
test-js:
	@if command -v node >/dev/null 2>&1; then \
	  skip=; \
	  if [ ! -d $(PBNCHECK)/node_modules ]; then \
	    if command -v npm >/dev/null 2>&1; then \
	      echo "test-js: npm ci in $(PBNCHECK)"; (cd $(PBNCHECK) && npm ci --no-audit --no-fund) || exit 1; \
	    elif [ -n "$$OPENROOM_REQUIRE_BROWSER" ]; then \
	      echo "test-js: npm is not installed (needed for $(PBNCHECK)) and OPENROOM_REQUIRE_BROWSER is set" >&2; exit 1; \
	    else echo "test-js: $(PBNCHECK) skipped (npm is not installed)"; skip=$(PBNCHECK); fi; \
	  fi; \
	  node --test --test-reporter=dot $$(find web -name '*.test.js' -not -path '*/node_modules/*' $${skip:+-not -path "$$skip/*"} | sort); \
	elif [ -n "$$OPENROOM_REQUIRE_BROWSER" ]; then \
	  echo "test-js: node is not installed and OPENROOM_REQUIRE_BROWSER is set" >&2; exit 1; \
	else echo "test-js: skipped (node is not installed)"; fi

## screenshots: PNGs of the play page (mid-board and after it) and of the live page, at desktop and phone width, into docs/screenshots/ (needs Chromium).
screenshots:
	mkdir -p docs/screenshots
	OPENROOM_REQUIRE_BROWSER=1 $(GO) test -count=1 -run '^TestScreenshots$$' ./web/play/ -args -screenshots $(CURDIR)/docs/screenshots
	OPENROOM_REQUIRE_BROWSER=1 OPENROOM_SCREENSHOTS=$(CURDIR)/docs/screenshots $(GO) test -count=1 -run '^TestBrowser' ./web/live/

## run: the main job — the built-in event: a 16-board team match, refbot expert against refbot easy (resumes; out/default).
run: build
	./$(BIN)/tablemanager run

## bench: every benchmark with allocation counts.
bench:
	$(GO) test -run '^$$' -bench . -benchmem -benchtime $(BENCHTIME) $(PKGS)

## flood: a bounded local load test: boards/s of four real seats (127.0.0.1) before, during and after a FLOODTIME flood of connection attempts from 127.0.0.2.
flood:
	$(GO) test -run '^TestFlood$$' -count=1 -v ./protocol/ -args -flood $(FLOODTIME)

## fuzz: each fuzz target for FUZZTIME (go test -fuzz takes one target at a time).
fuzz:
	@set -e; for pkg in $$($(GO) list $(PKGS)); do \
	  for t in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
	    echo "fuzz $$pkg $$t"; $(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 1s $$pkg; \
	  done; \
	done

## test-slurm: a real single-node Slurm (installed from Debian if missing; needs root) runs a 4-shard job array and the merge; the merge must equal an unsharded run.
test-slurm:
	bash examples/slurm/test-slurm.sh

## measure-bidding: the SAYC-lite bidding judged on its own: BOARDS seeded auctions, each contract at its double-dummy result against par (IMPs), by family.
BOARDS ?= 500
measure-bidding:
	$(GO) run ./cmd/refbot-lab measure-bidding -bidding.boards $(BOARDS) $(BIDDING_ARGS)

## measure-vs-ben: a duplicate match, refbot LEVEL against BEN at full strength, BEN_BOARDS boards (default 128, about two hours on 2 cores; run it again to resume or extend), then where its IMPs came from (analyze --split): needs BEN set up with ../shared/tools/ben-full/setup.sh (BEN_HOME, default ~/ben-full).
BEN_TOOLS ?= ../shared/tools/ben-full
BEN_HOME ?= $(HOME)/ben-full
BEN_BOARDS ?= 128
BEN_SEED ?= vs-ben
measure-vs-ben: build
	@test -x "$(BEN_HOME)/ben-bot.sh" || { echo "measure-vs-ben: BEN is not set up at $(BEN_HOME): see $(BEN_TOOLS)/README.md (setup.sh BEN_SOURCE)"; exit 69; }
	BEN_HOME="$(BEN_HOME)" TM=bin/tablemanager bash $(BEN_TOOLS)/run-match.sh $(BEN_SEED) $(BEN_BOARDS) out/vs-ben-$(LEVEL) $(LEVEL)
	bin/tablemanager analyze --split --swings 10 out/vs-ben-$(LEVEL)/results.jsonl

## replay-vs-ben: a change of the bidding system (SYSTEM, a system file) measured against BEN on the boards of recorded matches (BEN_MATCHES, default out/vs-ben-*/) it bids differently: those alone are played again, with the system before (BEFORE) and with SYSTEM, and paired (needs BEN set up, as measure-vs-ben).
SYSTEM ?=
BEFORE ?= sayc-lite
BEN_MATCHES ?= $(wildcard out/vs-ben-*/)
replay-vs-ben: build
	@test -n "$(SYSTEM)" || { echo "replay-vs-ben: SYSTEM names no system file"; exit 64; }
	@test -x "$(BEN_HOME)/ben-bot.sh" || { echo "replay-vs-ben: BEN is not set up at $(BEN_HOME): see $(BEN_TOOLS)/README.md (setup.sh BEN_SOURCE)"; exit 69; }
	BEN_HOME="$(BEN_HOME)" BEFORE=$(BEFORE) LEVEL=$(LEVEL) TM=bin/tablemanager LAB=bin/refbot-lab bash scripts/replay-vs-ben.sh "$(SYSTEM)" out/replay-vs-ben $(BEN_MATCHES)

## measure-play: tricks lost against double dummy by phase, declarer and defence, for LEVEL and its baseline settings (LEVEL-baseline) on PLAY_BOARDS seeded boards (one core; UNCAPPED=1 lifts the clock cap, the safety net that a very busy machine can make bind).
LEVEL ?= expert
PLAY_BOARDS ?= 100
UNCAPPED ?=
measure-play:
	GOMAXPROCS=1 REFBOT_MEASURE_UNCAPPED=$(UNCAPPED) $(GO) run ./cmd/refbot-lab measure-play -boards $(PLAY_BOARDS) -run '^$(LEVEL)(-baseline)?$$'

## measure-lead: the opening lead alone over PLAY_BOARDS seeded boards: heuristic, rollouts and searched leads against double dummy, paired.
measure-lead:
	GOMAXPROCS=1 $(GO) run ./cmd/refbot-lab measure-lead -boards $(PLAY_BOARDS)

## measure-decisions: replay the boards of a per-board TSV of measure-play (REPLAY=FILE) and value each variant's card at the defence's leads of tricks 2-8 (SIDE=declarer, CARDS=all for others) double dummy on the real deal, paired.
REPLAY ?=
SIDE ?= defence
CARDS ?= leads
measure-decisions:
	GOMAXPROCS=1 $(GO) run ./cmd/refbot-lab measure-decisions -replay $(abspath $(REPLAY)) -side $(SIDE) -cards $(CARDS)

## compare-play: two measure-play runs' per-board files (REFBOT_MEASURE_PERBOARD) compared board by board: B's tricks lost less A's, declarer and defence, by phase, with 95% intervals.
A ?=
B ?=
compare-play:
	$(GO) run ./cmd/refbot-lab compare-play $(abspath $(A)) $(abspath $(B))

## clean: remove bin/.
clean:
	rm -rf $(BIN)


# --- double-dummy solver (dds/) ---------------------------------------------
# These targets need cgo and the system's DDS library (Debian: apt-get install
# libdds-dev); `make test` never does.

## bench-dds: the solver's benchmarks next to libdds's on the same deals, one thread.
bench-dds:
	$(GO) test -tags libdds -run '^$$' -bench '^Benchmark(Libdds)?(Table|SolveAllTrick[17])$$' -benchmem -benchtime $(BENCHTIME) -count=1 ./dds/

## bench-dds-ref: tables of 100 reference deals (hard ones included), ours against libdds, one thread (~1 min).
bench-dds-ref:
	GOMAXPROCS=1 $(GO) test -tags libdds -run '^$$' -bench LibddsReferenceTables -benchtime 1x -count=1 ./dds/

## test-libdds: the differential tests against libdds (random deals and mid-play positions).
test-libdds:
	$(GO) test -tags libdds -count=1 ./dds/...

## test-dds-full: every reference table and position (computed by DDS 2.9), without -race.
test-dds-full:
	$(GO) test -count=1 -run 'Reference' ./dds/ -args -dds.full

.PHONY: bench-dds bench-dds-ref test-libdds test-dds-full

## sprt-sim: the SPRT's error rates and boards needed, by simulation: 20,000 tests per line on real matches' IMP distributions, min_boards 0 to 256 (~40s).
sprt-sim:
	$(GO) test -count=1 -run '^TestSimulatedErrorRates$$' -v ./sprt/ -args -sprt.sims 20000 -sprt.all

## sprt-match: a real match, refbot expert against the random bot over the protocol, under the default sequential test: H1 well before 300 boards (~4 min on 2 busy cores).
sprt-match:
	$(GO) test -count=1 -run '^TestSPRTRealMatch$$' -v ./tournaments/ -args -sprt.real

.PHONY: sprt-sim sprt-match

## pages: the play page without a server, as static files (the practice table in WebAssembly in a Web Worker) into PAGES_OUT (default out/pages; its path is the last line printed). Serve it with any static file server: python3 -m http.server --directory out/pages
PAGES_OUT ?= out/pages
pages:
	$(GO) run ./web/pages/build -out $(PAGES_OUT)

.PHONY: pages

## measure-pages: the page without a server in headless Chromium: the folder's size, load to the first board, the bots' card times by level (PAGES_LEVELS, default all), the review, the worker's memory, over PAGES_BOARDS boards a level (run it on an idle machine).
PAGES_BOARDS ?= 4
PAGES_LEVELS ?= medium,hard,expert
measure-pages:
	OPENROOM_REQUIRE_BROWSER=1 OPENROOM_MEASURE_PAGES=$(PAGES_BOARDS) OPENROOM_MEASURE_LEVELS=$(PAGES_LEVELS) $(GO) test -count=1 -timeout 30m -run '^TestMeasurePages$$' -v ./web/pages/

.PHONY: measure-pages
