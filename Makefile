# Setup and the main jobs. `make run` and `make test` work on a fresh machine
# with nothing but Python 3.11 and make.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test docs bench serve clean

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The whole main job, offline: serve corpus/ on 127.0.0.1:8765, crawl
# feeds/demo.toml into a fresh ledger run/claims.db, then diff it. The server
# is stopped however the run ends.
run: install
	rm -rf run && mkdir -p run
	@$(BIN)/python corpus/serve.py --root corpus --port 8765 & server=$$!; \
	trap 'kill $$server 2>/dev/null' EXIT INT TERM; \
	$(BIN)/python corpus/serve.py --wait-for 8765 \
	&& $(BIN)/claims crawl --feeds feeds/demo.toml --db run/claims.db \
	&& $(BIN)/claims diff --db run/claims.db

# Browse the `make run` ledger in Datasette at http://127.0.0.1:8001/ledger.
serve: install
	$(BIN)/claims serve --db run/claims.db --port 8001

test: install
	$(BIN)/python -m pytest -q

# Regenerate the README's generated blocks (help texts, runs on the demo corpus,
# the feeds file's keys); tests/test_docs.py fails while they are stale.
docs: install
	$(BIN)/cog -r README.md

# The peers (quantulum3, reader) live in .bench/venv, never in the package's
# dependencies. `make bench QUICK=1` is a smaller, faster run.
BENCH_VENV := .bench/venv
BENCH_STAMP := $(BENCH_VENV)/.installed

$(BENCH_STAMP): benchmarks/requirements-peers.txt
	test -x $(BENCH_VENV)/bin/python || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(BENCH_VENV)/bin/python -m pip install --quiet -r benchmarks/requirements-peers.txt
	touch $(BENCH_STAMP)

# claimledger at the commit issue 11 started from, the "today" its speed goals are
# ratios of: its source tree (with its own benchmarks) and a venv it is installed in.
BASELINE_COMMIT := $(shell sed -n 's/^BASELINE_COMMIT = "\(.*\)"/\1/p' benchmarks/settings.py)
BASELINE_DIR := .bench/baseline
BASELINE_STAMP := $(BASELINE_DIR)/.installed-$(BASELINE_COMMIT)

$(BASELINE_STAMP):
	rm -rf $(BASELINE_DIR) && mkdir -p $(BASELINE_DIR)/tree
	git archive $(BASELINE_COMMIT) | tar -x -C $(BASELINE_DIR)/tree
	$(PYTHON) -m venv $(BASELINE_DIR)/venv
	$(BASELINE_DIR)/venv/bin/python -m pip install --quiet --upgrade pip
	$(BASELINE_DIR)/venv/bin/python -m pip install --quiet $(BASELINE_DIR)/tree
	touch $@

bench: install $(BENCH_STAMP) $(BASELINE_STAMP)
	$(BIN)/python -m benchmarks.bench $(if $(QUICK),--quick)

clean:
	rm -rf $(VENV) run .bench
