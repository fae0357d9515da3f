# mlperf-wiki: `make site` builds the whole site into site/, `make test` runs the tests.
# Both create .venv/ from the pinned requirements.txt when needed; every package is checked
# against its hash there (--require-hashes), so a swapped or tampered package is refused.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# `make serve LANG=zh`: the editor's preview (generator/site/editor_preview.py). LANG is also the shell's
# locale variable, so anything else means en.
SERVE_LANG := $(if $(filter en zh it,$(LANG)),$(LANG),en)
MLCOMMONS := ../shared/data/mlperf
PORT ?= 8000

.PHONY: site build serve import check catalogs lint test test-js bench requirements canary clean

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --require-hashes \
	  --requirement requirements.txt
	touch $@

site: $(VENV)/.installed  ## generate pages from data/ and build every language into site/
	$(PY) -m generator site

build: $(VENV)/.installed  ## generate pages into docs/ only
	$(PY) -m generator build

serve: $(VENV)/.installed  ## live preview of one language: make serve LANG=zh PORT=8001
	test -f mkdocs.$(SERVE_LANG).yml || $(PY) -m generator build  # the language's configuration
	MLPERF_PREVIEW=1 SOCIAL_CARDS=0 NO_MKDOCS_2_WARNING=1 \
	  $(PY) -m mkdocs serve -f mkdocs.$(SERVE_LANG).yml -a 127.0.0.1:$(PORT)

import: $(VENV)/.installed  ## re-import the MLCommons summary files into data/ (IMPORT_FLAGS="--replace-round v6.1")
	$(PY) -m generator import $(IMPORT_FLAGS) $(MLCOMMONS)/inference_v*_summary.json

check: $(VENV)/.installed  ## validate everything an editor can touch
	$(PY) -m generator check

catalogs: $(VENV)/.installed  ## update the message catalogs from code and templates
	$(PY) -m generator catalogs

lint: $(VENV)/.installed  ## ruff: the lint rules and the format of ruff.toml (seconds; `ruff format` applies it)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

test-js: site  ## the Node tests of the pages' scripts (tests/js/, on the built site's data)
	node --test tests/js/

# Lint first (seconds), then the build, then the Node tests of the pages' scripts and the
# pytest suite (which prints its ten slowest tests, pytest.ini --durations=10, and its ten
# slowest test files, tests/conftest.py).
test: lint site test-js  ## lint, build, then run every test (on the committed data and the built site)
	$(PY) -m pytest

# The successor engine, Zensical, in its own environment (requirements-canary.txt).
CANARY_VENV := .cache/canary-venv
$(CANARY_VENV)/.installed: requirements-canary.txt requirements.txt
	$(PYTHON) -m venv $(CANARY_VENV)
	$(CANARY_VENV)/bin/python -m pip install --quiet --disable-pip-version-check \
	  --require-hashes --requirement requirements-canary.txt
	touch $@

canary: $(VENV)/.installed $(CANARY_VENV)/.installed  ## build the English site with Zensical into site-canary/en/ and test it
	$(PY) -m generator build --lang en
	$(CANARY_VENV)/bin/python -m generator.site.canary
	$(PY) -m pytest tests/test_canary.py -q

bench: $(VENV)/.installed  ## build benchmark: real data and a dataset ten times larger (BENCH_FLAGS=--builds-only: the builds alone)
	$(PY) tools/bench.py $(BENCH_FLAGS)

# pip-tools, in its own environment: re-pins requirements.txt (and the canary's) from the .in
# files with every file's hash. Versions already pinned are kept (--upgrade to move them).
PIP_TOOLS := .cache/pip-tools
PIP_COMPILE := $(PIP_TOOLS)/bin/pip-compile --quiet --generate-hashes --allow-unsafe \
  --strip-extras --no-emit-index-url --no-emit-find-links
requirements:  ## re-pin requirements.txt and requirements-canary.txt (with hashes) from the .in files
	test -x $(PIP_TOOLS)/bin/pip-compile || { $(PYTHON) -m venv $(PIP_TOOLS) && \
	  $(PIP_TOOLS)/bin/pip install --quiet pip-tools==7.6.2; }
	$(PIP_COMPILE) --output-file requirements.txt requirements.in
	$(PIP_COMPILE) --output-file requirements-canary.txt requirements-canary.in

clean:  ## remove what the build writes (the .gitignore's generated files), keeping .venv/
	rm -rf site site.old site-canary mkdocs.*.yml docs/_shared .cache/vendor .cache/site \
	  $(foreach f,index.md results data tags assets verification.md cite.md claims.csv \
	    claims.json blog/index.md blog/.authors.yml,docs/*/$(f))
