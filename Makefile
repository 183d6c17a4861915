# propslower: `make demo` runs the bundled example end to end, `make test` runs every check.
# Both set themselves up on a fresh machine: a .venv for Python, apt-get for the LLVM tools.

VENV        ?= .venv
PYTHON      := $(VENV)/bin/python
STAMP       := $(VENV)/.installed
APT_PACKAGES := clang-15 clang-16 clang-19 clang-22 llvm-15 llvm-22 llvm-spirv-15 spirv-tools spirv-headers graphviz
TOOLS       := clang-15 clang-16 clang-19 clang-22 llvm-as-15 opt-15 llc-22 llvm-spirv-15 spirv-val spirv-dis dot
SPIRV_GRAMMAR := /usr/include/spirv/unified1/spirv.core.grammar.json

.PHONY: help demo test lint typecheck lit pytest package tools bench bench-detail clean fuzz

help:
	@echo "make demo   - set up and run the bundled example end to end"
	@echo "make test   - set up and run ruff, mypy --strict, lit and pytest"
	@echo "make bench  - run the benchmarks in bench/ (minutes)"

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --upgrade pip
	$(PYTHON) -m pip install --quiet -e '.[dev]'
	touch $@

# Installs the Debian packages the integration tests and the demo use, when any is missing.
tools:
	@missing=""; for tool in $(TOOLS); do command -v $$tool >/dev/null 2>&1 || missing="$$missing $$tool"; done; \
	[ -f $(SPIRV_GRAMMAR) ] || missing="$$missing spirv-headers"; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages for:$$missing"; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	  $$sudo apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $(APT_PACKAGES) >/dev/null; \
	fi

demo: $(STAMP) tools
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" bash examples/demo.sh

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck: $(STAMP)
	$(VENV)/bin/mypy

lit: $(STAMP) tools
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" $(VENV)/bin/lit -sv tests/lit tests/conformance

pytest: $(STAMP) tools
	$(VENV)/bin/pytest -q

# The wheel in a fresh venv without the dev extra: every command, and pytest with and without
# the 'pytest' extra in an unrelated project.
package: $(STAMP) tools
	PYTHON=$(PYTHON) bash tests/package/check.sh

test: lint typecheck lit package pytest

# One table of every performance figure beside its reference and target (bench/table.py);
# bench-detail runs each benchmark script with its own detailed output.
bench: $(STAMP) tools
	$(PYTHON) bench/table.py

bench-detail: $(STAMP) tools
	for script in bench/*.py; do case $$script in */synth.py|*/table.py|*/child_runs.py|*/floors.py) ;; *) $(PYTHON) $$script ;; esac; done

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis tests/lit/**/Output tests/conformance/**/Output

# A long fuzzing campaign over every command (tests/fuzz); failing inputs go to .fuzz-failures/.
FUZZ_EXAMPLES ?= 100000
FUZZ_SEED ?= 0
fuzz: $(STAMP) tools
	$(PYTHON) -m tests.fuzz.campaign --examples $(FUZZ_EXAMPLES) --seed $(FUZZ_SEED)
