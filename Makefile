# Everything runs inside .venv, made by the first Python >= 3.12 this machine has
# (python3 honours .python-version under pyenv; then python3.13, python3.12).
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
export DJANGO_SETTINGS_MODULE := scoring.settings

.PHONY: run room test lint format bench load messages clean

$(PY):
	@for candidate in python3 python3.13 python3.12 python; do \
	  if $$candidate -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then \
	    echo "Using $$($$candidate -c 'import sys; print(sys.executable)')"; \
	    $$candidate -m venv $(VENV) && exit 0; \
	  fi; \
	done; echo "Tento needs Python 3.12 or newer; none was found." >&2; exit 1

$(STAMP): $(PY) requirements.lock
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet --require-hashes -r requirements.lock
	touch $(STAMP)

# uvicorn, as deployed (docs/deploy.md): the match pages' live streams are async views,
# which runserver (WSGI) cannot send. One process: a change reaches its streams in-process.
run: $(STAMP)
	DEBUG=1 $(PY) manage.py migrate --noinput
	DEBUG=1 $(PY) -m uvicorn scoring.asgi:application --host 127.0.0.1 --port 8000 \
	  --reload --reload-dir scoring --reload-dir referee --no-server-header

# A room with no internet (docs/deploy.md): the embedded database, served over the local
# network at the laptop's own address, which the links and QR codes carry.
room: $(STAMP)
	TENTO_ROOM=1 $(PY) manage.py migrate --noinput
	TENTO_ROOM=1 $(PY) manage.py room

test: $(STAMP)
	$(PY) -m pytest $(PYTEST_ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(STAMP)
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# Needs PostgreSQL on 127.0.0.1:5432 (user postgres) and Redis on 127.0.0.1:6379 for the
# PostgreSQL figures; see docs/performance.md.
bench: $(STAMP)
	$(PY) -m benchmarks

# The knee of a club night: 60 to 960 tables of 4 locust phones (half hidden between
# hands), streams and polling only, on SQLite (one uvicorn) and PostgreSQL + Redis (two),
# each step checked for every hand once; takes about an hour (docs/performance.md).
load: $(STAMP)
	$(PY) loadtest/run.py

messages: $(STAMP)
	$(PY) manage.py makemessages --all --no-obsolete --ignore=.venv
	$(PY) manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV)
