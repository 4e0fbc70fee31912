# Belle: `make run` starts the table, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/belle play paris_connection --players 3 --seat 0=human --seat 1=greedy --seat 2=greedy

test: $(STAMP)
	$(BIN)/ruff check belle tests
	$(BIN)/mypy
	$(BIN)/pytest

lint: $(STAMP)
	$(BIN)/ruff check belle tests
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build *.egg-info
