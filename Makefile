# `make run` and `make test` work on a fresh machine: they create .venv and install into it.
PYTHON ?= python3
VENV ?= .venv
BIN = $(VENV)/bin

.PHONY: install run test lint bench clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

install: $(BIN)/.installed

run: install
	$(BIN)/tilebot

lint: install
	$(BIN)/ruff check bot rules render tests

test: lint
	$(BIN)/python -m pytest

bench: install
	$(BIN)/tilebot bench

clean:
	rm -rf $(VENV) build *.egg-info
