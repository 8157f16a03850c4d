# Two commands for a new user:  `make run` (set up, serve on the embedded default) and
# `make test` (set up, pass the whole suite). Everything lives in .venv; nothing global is touched.
PYTHON ?= python3.11
VENV   := .venv
PY     := $(VENV)/bin/python
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run test setup setup-dev migrate lint scenarios worker beat bench bench-bots clean

$(VENV)/.runtime: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev: $(VENV)/.runtime requirements-dev.txt
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

setup: $(VENV)/.runtime
setup-dev: $(VENV)/.dev

migrate: setup
	$(PY) manage.py migrate --noinput

## Set up and serve HTTP + WebSockets on the embedded default (SQLite, in-process tasks).
run: migrate
	$(PY) manage.py runserver $(HOST):$(PORT)

## Set up and run lint, then the whole test suite (service tests need DATABASE_URL / REDIS_URL).
test: setup-dev
	$(PY) -m ruff check .
	$(VENV)/bin/lint-imports
	$(PY) -m pytest

scenarios: setup
	$(PY) -m engine.scenarios ../shared/conformance tests/scenarios

worker: setup
	$(VENV)/bin/celery -A config worker -l INFO -Q games

beat: setup
	$(VENV)/bin/celery -A config beat -l INFO

## Benchmarks (ratios measured side by side in one run; bench/store.py needs DATABASE_URL=postgres://...)
bench: setup-dev
	$(PY) bench/engine.py
	$(PY) bench/store.py
	$(PY) bench/sim.py

bench-bots: setup-dev
	$(PY) bench/bots.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
