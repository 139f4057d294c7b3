# obsession-nb developer workflow.  `make lab` opens the tutor; `make test` runs every test.
# Everything Python lives in a local virtualenv, .venv/, (re)installed when pyproject.toml changes.

SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON   ?= python3
VENV     := .venv
BIN      := $(VENV)/bin
STAMP    := $(VENV)/.installed
RUNTIME  := $(VENV)/.installed-runtime
CHROMIUM := /usr/bin/chromium
JA_FONT  := /usr/share/fonts/opentype/ipafont-gothic
PYTEST_ARGS ?=

.PHONY: help venv chromium lab test lint notebooks clean

help:
	@echo "make lab     set up .venv (runtime only), then open the tutor in JupyterLab (obsession-nb lab)"
	@echo "make test    set up, ensure Debian chromium, ruff check, then one pytest run:"
	@echo "             unit tests + the types (mypy) + every notebook under nbval + the real-browser suite"
	@echo "             (extra pytest arguments: make test PYTEST_ARGS='-k smoke')"
	@echo "make lint    ruff check . and lint-imports (the package's layers, no import cycles)"
	@echo "make notebooks  re-run the tutorials and save the outputs nbval checks"
	@echo "make clean   remove .venv, caches, build output and test-artifacts/"

# ---------------------------------------------------------------- set-up

# `make lab` installs what the tutor needs to run (the package and its runtime dependencies);
# `make test`, `make lint` and `make notebooks` add the dev tools (pytest, Playwright, ruff ...).
venv: $(STAMP)

$(RUNTIME): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@# The wheel force-includes these; git does not keep an empty directory.
	@mkdir -p widgets content
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	@touch $(RUNTIME)

$(STAMP): $(RUNTIME)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

# Real-browser tests drive Debian's chromium (Playwright cannot download its own browser here).
# A small Japanese font too: citations of the Japanese rules summary render as text, not boxes.
chromium:
	@if [ -x $(CHROMIUM) ] && [ -d $(JA_FONT) ]; then \
	    true; \
	elif [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Debian's chromium (and a Japanese font) for the browser tests ..."; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-ipafont-gothic >/dev/null; \
	else \
	    echo "error: $(CHROMIUM) is missing; the browser tests need Debian's chromium." >&2; \
	    echo "       install it with:  sudo apt-get update && sudo apt-get install -y chromium" >&2; \
	    exit 1; \
	fi
	@$(CHROMIUM) --version 2>/dev/null

# ---------------------------------------------------------------- use

lab: $(RUNTIME)
	$(BIN)/obsession-nb lab

# Lint (ruff, then the import layers), then pytest even if lint failed (one run shows every problem); fail if either failed.
test: $(STAMP) chromium
	@status=0; \
	echo "+ ruff check ."; $(BIN)/ruff check . || status=1; \
	echo "+ lint-imports"; $(BIN)/lint-imports --no-cache || status=1; \
	echo "+ pytest $(PYTEST_ARGS)"; $(BIN)/pytest $(PYTEST_ARGS) || status=1; \
	if [ $$status -ne 0 ]; then echo "make test: FAILED (see ruff and pytest output above)" >&2; fi; \
	exit $$status

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache

notebooks: $(STAMP)
	$(BIN)/python tests/refresh_notebooks.py

clean:
	rm -rf $(VENV) test-artifacts .pytest_cache .ruff_cache build dist *.egg-info
	find . -path ./.git -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) \
	    -type d -prune -exec rm -rf {} +
