# Two commands for a newcomer: `make run` and `make test`.
# Any Python from 3.11 to 3.13: `python3` when it is one of those, else the first of python3.13, python3.12,
# python3.11 that runs (a pyenv shim for a version that is not active does not). PY=/path/to/python overrides.
CANDIDATES := python3 python3.13 python3.12 python3.11
FITS := import sys; sys.exit(not (3, 11) <= sys.version_info[:2] <= (3, 13))
PY ?= $(shell for p in $(CANDIDATES); do $$p -c '$(FITS)' 2>/dev/null && { command -v $$p; break; }; done)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-long bench lint clean messages accel test-accel

$(BIN)/python:
	@if [ -z "$(PY)" ] || ! $(PY) -c '$(FITS)' 2>/dev/null; then \
	  echo "Boardhall needs Python 3.11, 3.12 or 3.13. Found:"; \
	  for p in $(PY) $(CANDIDATES); do \
	    echo "  $$p: $$($$p -c 'import platform; print(platform.python_version())' 2>/dev/null || echo 'does not run')"; \
	  done; \
	  echo "Install one of them, or set PY=/path/to/python3.x"; exit 1; fi
	@echo "Using $(PY) ($$($(PY) -c 'import platform; print(platform.python_version())'))"
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# Reinstall only when the project's dependencies change.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	PYTHON=$(BIN)/python ./scripts/entrypoint.sh

test: $(STAMP)
	$(BIN)/python -m pytest -q

test-long: $(STAMP)
	$(BIN)/python -m pytest -q -m long

bench: $(STAMP)
	for f in bench/bench_*.py; do $(BIN)/python $$f; done

# Extract the texts marked for translation and add the new ones, untranslated, to every catalogue (docs/i18n.md).
messages: $(STAMP)
	$(BIN)/python -m app.i18n.extract

# Optional: compile the hot modules into build/accel/ (needs a C compiler; docs/accel.md). Used only with
# BOARDHALL_ACCEL=1 (`BOARDHALL_ACCEL=1 make run`), and only for modules whose source is unchanged since the build.
accel: $(STAMP)
	$(BIN)/python -c 'import Cython' 2>/dev/null || $(BIN)/pip install --quiet -e '.[test,accel]'
	$(BIN)/python scripts/build_accel.py

# The tests that must pass both ways, run with the accelerator on (.ci/run runs this after `make test`): the finder's,
# the golden digests, the patch and game contracts, each game's rules tests (not its browser tests), and live play
# through real sockets (the hub's compiled modules: tests/test_ws.py, tests/test_clocks.py).
ACCEL_TESTS := tests/test_accel.py tests/test_goldens.py tests/test_patch.py tests/test_games_contract.py tests/games \
	tests/test_ws.py tests/test_clocks.py tests/test_wsprotocol.py tests/test_outbox.py
test-accel: accel
	BOARDHALL_ACCEL=1 $(BIN)/python -m pytest -q -m 'not long and not browser' $(ACCEL_TESTS)

clean:
	rm -rf $(VENV) data .pytest_cache build
