# Two commands for a newcomer: `make run` and `make test`.
PY ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-long bench lint clean messages

$(BIN)/python:
	@$(PY) -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' 2>/dev/null || { echo "Python 3.11 is needed; set PY=/path/to/python3.11"; exit 1; }
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
	$(BIN)/pybabel extract -F app/i18n/babel.cfg --no-location --omit-header -o app/i18n/messages.pot .
	$(BIN)/pybabel update -i app/i18n/messages.pot -d app/i18n/locales --no-location --omit-header --width 120
	rm app/i18n/messages.pot

clean:
	rm -rf $(VENV) data .pytest_cache
