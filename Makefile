# Two entry points for a fresh machine: `make demo` and `make test`. Each creates .venv and installs what it
# needs; the stamp files make a second run skip the install.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP_RUN  := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test

.PHONY: demo test lint typecheck clean browser bench

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_RUN): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(STAMP_TEST): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(STAMP_RUN)

# The main job on the bundled decks: check every deck of the three games, then play every pairing of the Legend
# of Mana decks (4,000 games on all cores) and write the report; the last lines say where it is.
demo: $(STAMP_RUN)
	$(BIN)/tcgsim validate decks/ | tail -n 1
	$(BIN)/tcgsim matchups decks/mana/ --games 400 --seed 1

# One test process per core (pytest-xdist): CI's two cores run the suite in about half the time of one.
test: $(STAMP_TEST) browser
	$(BIN)/python -m pytest -n auto

# The report test opens report.html in headless Chromium. Install Debian's package where it is missing and we
# may (root with apt-get); otherwise that one test skips and says why.
browser:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
	  { apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } ; } \
	  || echo "chromium is not available: the browser test of the report will be skipped"

# The speed figures of docs/performance.md for every game key: the default style, then the engine alone. Compare
# with ../shared/tools/peers.sh in the same run (ratios, since the machine's speed varies).
bench: $(STAMP_RUN)
	for g in mana godzilla eva eva-short; do $(BIN)/tcgsim bench $$g --games 400; \
	  $(BIN)/tcgsim bench $$g --games 400 --ai random --playouts 200; done

lint: $(STAMP_TEST)
	$(BIN)/ruff check tcgsim tests
	$(BIN)/mypy tcgsim

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
