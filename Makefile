# Two entry points: `make demo` and `make test`. Both create .venv from pyproject.toml.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test,fleet]'
	-$(BIN)/python -m pip install -q -e '.[test,real]' || echo "note: the [real] extra (llama.cpp server) could not be installed; its tests will be skipped"
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/servecheck demo

test: $(STAMP)
	-@sh tests/fleet/install-system-deps.sh
	$(BIN)/python -m pytest -q -p no:cacheprovider --cov=servecheck --cov-report=term:skip-covered
	# The redaction property tests once more with a fresh random seed (the run above is derandomized).
	HYPOTHESIS_PROFILE=fresh $(BIN)/python -m pytest -q -p no:cacheprovider tests/redact/test_redact_property.py

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy

# On demand, not in CI: each prints its figures against a baseline measured in the same run.
bench: $(STAMP)
	$(BIN)/python bench/help_startup.py
	$(BIN)/python bench/capture_time.py
	$(BIN)/python bench/diagnose_throughput.py --size-mb 300
	$(BIN)/python bench/load_client.py --quick
	$(BIN)/python bench/sim_throughput.py
	$(BIN)/python bench/case_store.py
	$(BIN)/python bench/fleet.py
	$(BIN)/python bench/comm_parse.py --size-mb 20

clean:
	rm -rf $(VENV) build *.egg-info demo-out
