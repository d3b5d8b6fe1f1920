# magicsub: build the book, run every test. `make book`, `make test`; see README.md.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
.NOTPARALLEL:
.DELETE_ON_ERROR:

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
VENV := $(ROOT)/.venv
BIN := $(VENV)/bin
PYTHON ?= python3
# Every tool runs from the virtualenv (its jupyter kernels included).
export PATH := $(BIN):$(PATH)
# Bytecode is cached outside the repository (not in __pycache__ folders beside the sources),
# and it is written even where the environment says not to (PYTHONDONTWRITEBYTECODE=1 on these
# machines): without it every kernel and test process compiles Jupyter and Sphinx anew.
export PYTHONPYCACHEPREFIX := $(ROOT)/.cache/pycache
unexport PYTHONDONTWRITEBYTECODE
export PIP_DISABLE_PIP_VERSION_CHECK := 1
export JUPYTER_PLATFORM_DIRS := 1

PYTEST := $(BIN)/python -m pytest -p no:cacheprovider
# Two workers (the machines have two cores). Unit tests: handed out one at a time, the slowest
# first (tests/conftest.py), so the two state machines start side by side and the workers end
# together. nbval: a notebook's cells stay together in one kernel (loadfile).
PARALLEL := -n 2 --dist loadgroup
NBVAL_PARALLEL := -n 2 --dist loadfile
NOTEBOOKS = $(shell find book -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | sort)
VENV_STAMP := $(VENV)/.installed
# uv installs the pinned requirements in parallel: ~10 s instead of pip's ~40 s.
UV := uv==0.13.9
NODE_STAMP := node_modules/.installed
VENDOR_STAMP := book/_vendor/.vendored

.PHONY: help venv node_modules vendor book notebooks golden lint unit nbval browser chromium \
	test check lab clean bench wheel lite test-lite

help:
	@echo "make book       build the Jupyter Book into _build/html"
	@echo "make test       lint, unit/property/scenario tests, nbval, book build, browser tests"
	@echo "make check      while editing: the lint, golden traces, unit tests and notebooks the change touches"
	@echo "make lite       build the JupyterLite site (the pages live in the browser) into _build/lite"
	@echo "make lab        run JupyterLab with this project's environment"
	@echo "make notebooks  re-execute every notebook under book/, storing text outputs (no widget state)"
	@echo "make golden     rewrite tests/golden/ (the trace of every scenario) after an engine change"
	@echo "make wheel      build the sdist and the wheel into dist/"
	@echo "make lint | unit | nbval | browser | test-lite | bench | clean"

# --- environments -------------------------------------------------------------------------

# Made anew whenever requirements.txt or pyproject.toml change: a package dropped from them is
# then gone from .venv too, and a test that still needs it fails (uv pip install never removes).
venv: $(VENV_STAMP)
$(VENV_STAMP): requirements.txt pyproject.toml
	@rm -rf $(VENV)
	@$(PYTHON) -m venv $(VENV) || { \
	  if [ "$$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing python3-venv (apt-get) ..."; rm -rf $(VENV); \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv \
	      && $(PYTHON) -m venv $(VENV); \
	  else echo "Python cannot create a virtualenv: run 'sudo apt-get install python3-venv'," \
	    "then make again." >&2; exit 1; fi; }
	@echo "Installing Python requirements into .venv ..."
	@$(BIN)/python -m pip install --quiet $(UV)
	@VIRTUAL_ENV=$(VENV) $(BIN)/uv pip install --quiet -r requirements.txt -e .
	@touch $@

node_modules: $(NODE_STAMP)
$(NODE_STAMP): package.json package-lock.json
	@echo "Installing JavaScript packages into node_modules ..."
	@npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	@touch $@

vendor: $(VENDOR_STAMP)
$(VENDOR_STAMP): $(NODE_STAMP) tools/vendor_widgets.py magicsub/assets/widgets_a11y.js | $(VENV_STAMP)
	@$(BIN)/python tools/vendor_widgets.py
	@touch $@

# --- the book -----------------------------------------------------------------------------

# Every notebook is executed, two at a time (tools/book_execute.py, a Sphinx extension); in
# `make test`, those nbval has just executed are reused instead (MAGICSUB_EXECUTED,
# tools/executed_notebooks.py), each while the notebook and the sources are as they were.
book: $(VENV_STAMP) $(VENDOR_STAMP)
	@start=$$(date +%s); \
	$(BIN)/jupyter-book build $(ROOT) --builder html --all -n -W --keep-going; \
	echo "Book built in $$(( $$(date +%s) - start )) s."; \
	echo "Its 'Try it in the browser' links need \`make lite\` and an HTTP server over _build" \
	  "(e.g. python3 -m http.server -d _build, then /html/index.html)."
	@echo "Open $(ROOT)/_build/html/index.html"

notebooks: $(VENV_STAMP)
	@$(BIN)/python tools/notebooks.py run

golden: $(VENV_STAMP)
	@$(BIN)/python tools/golden.py

lab: $(VENV_STAMP)
	$(BIN)/jupyter lab

# Plain setuptools: the package carries its own scripts and styles (no Node needed).
wheel: $(VENV_STAMP)
	$(BIN)/uv build --out-dir dist

# The JupyterLite site (tools/lite.py): always built from scratch, offline once the per-user
# cache (${XDG_CACHE_HOME:-~/.cache}/magicsub/lite) holds the pinned downloads, each checked by
# its hash. Published beside _build/html (each page's link: ../../lite/...).
lite: $(VENV_STAMP) $(NODE_STAMP)
	@$(BIN)/python tools/lite.py

# --- checks -------------------------------------------------------------------------------

lint: $(VENV_STAMP)
	$(BIN)/ruff check magicsub tests book/conftest.py $(wildcard benchmarks tools)
	@$(BIN)/python tools/notebooks.py check   # notebooks clean (no widget state), all in _toc.yml

# One run: the unit tests and the doctests (magicsub's docstrings, README.md, CONTRIBUTING.md;
# the book's Markdown pages, such as book/reference_python.md, are doctested by
# tests/test_readme.py: a path under book/ here would load book/conftest.py beside
# tests/conftest.py, two modules named "conftest"). tests/browser
# is left out, not only deselected: its conftest would read _build/html while `make book`
# writes it, and --doctest-modules would import its conftest.py and tests/conftest.py both as
# module "conftest" (pytest: import file mismatch).
# tests/test_wheel.py (marker `wheel`, ~10 s on one worker) builds the wheel and installs it
# into a fresh virtualenv, offline from uv's cache, which `make venv` filled.
DOCTEST_PAGES := README.md CONTRIBUTING.md
unit: $(VENV_STAMP)
	$(PYTEST) $(PARALLEL) tests magicsub $(DOCTEST_PAGES) -m "not browser" --ignore=tests/browser \
	  --ignore=tests/lite \
	  --doctest-modules --ignore=magicsub/pages/widgets.py $(DOCTEST_PAGES:%=--doctest-glob=%)

# Two kernels at a time, one per worker. Their sockets are Unix sockets named after each
# kernel (book/conftest.py), not TCP ports: kernels that two processes start side by side
# cannot be handed the same free port. With MAGICSUB_EXECUTED naming a folder (`make test`),
# the pages run with MAGICSUB_PAGES=both and each notebook is written there as executed, for
# the book build.
nbval: $(VENV_STAMP) $(NODE_STAMP)
	$(PYTEST) $(NBVAL_PARALLEL) --nbval --nbval-current-env --nbval-cell-timeout=300 book/

# Debian's Chromium: installed when missing (as root, with apt-get), else a one-line hint.
chromium:
	@tools/chromium.sh wait

# Two workers, each page's tests together on one (tests/browser/conftest.py: xdist_group).
browser: $(VENV_STAMP) $(NODE_STAMP) chromium
	$(PYTEST) -n 2 --dist loadgroup tests/browser -m browser

# One book page live in JupyterLite, every other host blocked (tests/lite): needs `make book`.
test-lite: lite chromium
	$(PYTEST) tests/lite -m lite

# tools/test_stages.sh: installs first; then two lanes on the two cores, lint, unit (then lite)
# beside nbval, book then browser (the book reuses the notebooks nbval executed; the browser
# tests need the book). Chromium, when missing, is
# installed in the background meanwhile. A failing stage fails the run, named at the end; each
# stage's time is printed and written to .cache/test-times.json. Run any stage alone with
# `make lint`, `make unit`, `make nbval`, `make book`, `make browser`.
test:
	@tools/test_stages.sh

# tools/check.py: what the change since main touches (its lint, every golden trace, the unit
# tests that import or name what changed, the notebooks that show a changed scenario or quiz),
# in well under a minute; `make test` stays the gate.
check: $(VENV_STAMP)
	@$(BIN)/python tools/check.py

# Every ratio of issue 13 with its budget and verdict, in one run of about 3 minutes (the browser
# rows need `make book` first); writes benchmarks/results.json, which the Performance page shows.
bench: $(VENV_STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf _build book/_vendor .cache dist
