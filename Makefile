# Every target builds .venv from scratch on a fresh machine, then reuses it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | sha1sum | cut -c1-12)
# Tests and demos on these machines stay on loopback (see docs/configuration.md).
export PLGAMES_LAN__INTERFACES ?= 127.0.0.1

.PHONY: run test bench compiled fuzz soak lint clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,bluetooth]'
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

# The daemon with its embedded defaults; state in ./state, HTTP on a free loopback port.
run: $(STAMP)
	PLGAMES_HTTP__PORT=$${PLGAMES_HTTP__PORT:-0} $(BIN)/plgames serve --state-dir state

# The suite runs on TEST_WORKERS processes (pytest-xdist); tests that announce on
# mDNS share one worker (their xdist_group), the rest are spread by load.
TEST_WORKERS ?= 2
# The store suite and the failover test start their own PostgreSQL servers
# (tests/pg_support.py) from Debian's package, installed here when missing.
PG_CTL := $(firstword $(wildcard /usr/lib/postgresql/*/bin/pg_ctl))
test: $(STAMP)
	test -n "$(PG_CTL)" || { apt-get update -qq && apt-get install -y -qq postgresql; }
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup

$(VENV)/.bench-installed: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bluetooth,bench]'
	touch $@

bench: $(VENV)/.bench-installed
	$(BIN)/python -m bench $(BENCH_ARGS)

# Optional: the Katan engine's hot path compiled with mypyc (about twice as fast;
# needs a C compiler). The sources stay the reference; `make clean` removes it.
compiled: $(STAMP)
	$(BIN)/python deploy/compile_engine.py

$(VENV)/.fuzz-installed: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bluetooth,fuzz]'
	touch $@

# Every fuzz target for FUZZ_SECONDS each, figures into docs/RELIABILITY.md; FUZZ_ARGS
# names targets (then the figures are of those alone).
FUZZ_SECONDS ?= 60
fuzz: $(VENV)/.fuzz-installed
	$(BIN)/python tests/fuzz/run.py --seconds $(FUZZ_SECONDS) --record docs/RELIABILITY.md $(FUZZ_ARGS)

# The daemon SIGKILLed at random for SOAK_MINUTES while phones, scripted people and
# Telegram people play; the figures go into docs/RELIABILITY.md.
SOAK_MINUTES ?= 5
soak: $(STAMP)
	$(BIN)/python tests/soak.py --minutes $(SOAK_MINUTES) --record docs/RELIABILITY.md

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
	rm -f engine/katan/*.so
