# floorman — developer commands. Every target works from a fresh clone.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.stamp-install
PROTOS := $(shell find proto/floorman -name '*.proto' | sort)
GEN_DIR := service
BUF := tools/node_modules/.bin/buf

FLOORMAN_LISTEN ?= 127.0.0.1:50051
FLOORMAN_METRICS_LISTEN ?= 127.0.0.1:9464
FLOORMAN_STORE ?= sqlite:///floorman.db
export FLOORMAN_LISTEN FLOORMAN_METRICS_LISTEN FLOORMAN_STORE

.PHONY: run install test lint bench generate generate-check buf clean

## run: install if needed and start the server on the SQLite default
run: install
	$(BIN)/floorman serve

## install: create .venv and install floorman with its test and dev extras (idempotent)
install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,dev]'
	@$(MAKE) --no-print-directory generate-if-needed
	touch $(STAMP)

.PHONY: generate-if-needed
generate-if-needed:
	@for p in $(PROTOS); do \
	  base=$${p#proto/}; out=$(GEN_DIR)/$${base%.proto}_pb2.py; \
	  if [ ! -f $$out ]; then $(MAKE) --no-print-directory generate; break; fi; \
	done

## generate: regenerate the Python code from proto/ (committed; never edit by hand)
generate:
	$(BIN)/python -m grpc_tools.protoc -I proto \
	  --python_out=$(GEN_DIR) --pyi_out=$(GEN_DIR) --grpc_python_out=$(GEN_DIR) $(PROTOS)

## generate-check: regenerate into a scratch folder and fail on any difference
generate-check: install
	@tmp=$$(mktemp -d); \
	$(BIN)/python -m grpc_tools.protoc -I proto \
	  --python_out=$$tmp --pyi_out=$$tmp --grpc_python_out=$$tmp $(PROTOS); \
	for f in $$(cd $$tmp && find . -name '*.py' -o -name '*.pyi' | sort); do \
	  diff -u $(GEN_DIR)/$$f $$tmp/$$f || { echo "generated code is stale: run make generate"; rm -rf $$tmp; exit 1; }; \
	done; rm -rf $$tmp; echo "generated code is up to date"

$(BUF): tools/package.json tools/package-lock.json
	npm ci --prefix tools --no-audit --no-fund --loglevel=error
	touch $(BUF)

buf: $(BUF)

## lint: ruff, buf lint (STANDARD), buf breaking against the baseline, generated-code check
lint: install $(BUF)
	$(BIN)/ruff check service tests bench clients/python
	$(BIN)/ruff format --check service tests bench clients/python
	cd proto && ../$(BUF) lint
	@if [ -f proto/baseline.binpb ]; then cd proto && ../$(BUF) breaking --against baseline.binpb; \
	 else echo "buf breaking: skipped (no release baseline proto/baseline.binpb yet)"; fi
	@$(MAKE) --no-print-directory generate-check

## test: the whole test suite (PostgreSQL on 127.0.0.1:5432 for the store tests)
test: install
	$(BIN)/python -m pytest -n 2 --dist loadgroup

## bench: benchmarks side by side with the reference libraries (see BENCHMARKS.md)
bench: install
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) tools/node_modules build *.egg-info
