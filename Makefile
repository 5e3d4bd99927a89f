# Two entry points for a fresh machine: `make demo` and `make test`. Each creates .venv and installs what it
# needs; the stamp files make a second run skip the install.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP_RUN  := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test

.PHONY: demo test lint typecheck clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_RUN): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(STAMP_TEST): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(STAMP_RUN)

demo: $(STAMP_RUN)
	$(BIN)/tcgsim validate decks/

test: $(STAMP_TEST)
	$(BIN)/python -m pytest

lint: $(STAMP_TEST)
	$(BIN)/ruff check tcgsim tests
	$(BIN)/mypy tcgsim

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
