# Two entry points: `make demo` and `make test`. Both create .venv from pyproject.toml.
# `make demo` installs what the product needs to run (pip install -e .: no test tools, no extras);
# `make test` adds the test tools and the extras the tests exercise. Two stamps, so `make demo`
# after `make test` installs nothing again.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.installed-run
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench clean

$(RUN_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --disable-pip-version-check -e .
	touch $(RUN_STAMP)

# The test stamp: test tools, SSH/Kubernetes clients (fleet), matplotlib (load --png), then the
# real-server extra, which may fail to build on some machines (its tests then skip).
$(STAMP): $(RUN_STAMP)
	$(BIN)/python -m pip install -q --disable-pip-version-check -e '.[test,fleet,plots]'
	-$(BIN)/python -m pip install -q --disable-pip-version-check -e '.[real]' || echo "note: the [real] extra (llama.cpp server) could not be installed; its tests will be skipped"
	touch $(STAMP)

demo: $(RUN_STAMP)
	$(BIN)/servecheck demo

test: $(STAMP)
	-@sh scripts/test-system-deps.sh
	# One worker per core; a file's tests stay on one worker (each daemon fixture starts once, alone);
	# files are handed out in the order tests/conftest.py gives them (the longest first), not by test count.
	$(BIN)/python -m pytest -q -p no:cacheprovider -n auto --dist loadfile --no-loadscope-reorder --cov=servecheck --cov-report=term:skip-covered
	# The redaction property tests once more with a fresh random seed (the run above is derandomized).
	HYPOTHESIS_PROFILE=fresh $(BIN)/python -m pytest -q -p no:cacheprovider tests/redact/test_redact_property.py

lint: $(STAMP)
	$(BIN)/ruff check src tests bench scripts
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
