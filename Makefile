# Belle: `make run` starts the table, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
# test processes (pytest-xdist); each has its own test databases (tests/conftest.py)
WORKERS ?= 2
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint screens clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The research extra pins torch; PyPI's default Linux torch is a CUDA build of several GB.
# So torch comes first, CPU build: a wheel on this machine's disk (pip's find-links, no
# index: nothing downloaded) when there is one, else PyTorch's CPU index. Its own
# dependencies then come from PyPI with the rest.
TORCH := torch==2.13.0
TORCH_CPU_INDEX ?= https://download.pytorch.org/whl/cpu

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet --no-deps --no-index '$(TORCH)' 2>/dev/null \
		|| $(BIN)/pip install --quiet --no-deps --index-url $(TORCH_CPU_INDEX) '$(TORCH)'
	$(BIN)/pip install --quiet -e '.[dev,postgres,redis,openspiel,pettingzoo,research]'
	$(BIN)/python -c "import torch, sys; sys.exit('torch: a CUDA build was installed, not the CPU one' if torch.version.cuda else 0)"
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/belle serve

test: $(STAMP)
	$(BIN)/ruff check belle tests tools
	$(BIN)/mypy && $(BIN)/mypy tools
	$(BIN)/pytest -n $(WORKERS) --dist loadfile

# docs/screens/*.png: every game's table at 390 and 1400 px (Chromium; tests/browser/screens.py)
screens: $(STAMP)
	$(BIN)/python -m tests.browser.screens

lint: $(STAMP)
	$(BIN)/ruff check belle tests tools
	$(BIN)/mypy && $(BIN)/mypy tools

clean:
	rm -rf $(VENV) build *.egg-info
