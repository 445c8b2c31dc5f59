# floorman — developer commands. Every target works from a fresh clone.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.stamp-install
PROTOS := $(shell find proto/floorman -name '*.proto' | sort)
GEN_DIR := service
# The Python client's copy of the generated code (floorman_client.v1, tools/client_stubs.py).
CLIENT_GEN_DIR := clients/python/floorman_client/v1
BUF := tools/node_modules/.bin/buf
NODE_CLIENT := clients/node
NODE_STAMP := $(NODE_CLIENT)/node_modules/.stamp-npm-ci
WEB := clients/web
WEB_STAMP := $(WEB)/node_modules/.stamp-npm-ci

FLOORMAN_LISTEN ?= 127.0.0.1:50051
FLOORMAN_METRICS_LISTEN ?= 127.0.0.1:9464
FLOORMAN_STORE ?= sqlite:///floorman.db
export FLOORMAN_LISTEN FLOORMAN_METRICS_LISTEN FLOORMAN_STORE

.PHONY: run install compiled test test-node lint bench generate generate-check proto-codegen-check buf baseline clean \
	terminal terminal-check

## run: install if needed and start the server on the SQLite default
run: install compiled
	$(BIN)/floorman serve

## install: create .venv and install floorman (with its test, dev and otel extras) and the Python
## client it depends on (clients/python, from the local path), both editable (idempotent)
install: $(STAMP)

$(STAMP): pyproject.toml clients/python/pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e clients/python -e '.[test,dev,otel]'
	@$(MAKE) --no-print-directory generate-if-needed
	touch $(STAMP)

.PHONY: generate-if-needed
generate-if-needed:
	@for p in $(PROTOS); do \
	  base=$${p#proto/}; out=$(GEN_DIR)/$${base%.proto}_pb2.py; \
	  client=$(CLIENT_GEN_DIR)/$$(basename $${base%.proto})_pb2.py; \
	  if [ ! -f $$out ] || [ ! -f $$client ]; then $(MAKE) --no-print-directory generate; break; fi; \
	done

## generate: regenerate the Python code from proto/ (committed; never edit by hand): the
## server's floorman.v1 and the client's copy floorman_client.v1 (tools/client_stubs.py)
generate:
	$(BIN)/python -m grpc_tools.protoc -I proto \
	  --python_out=$(GEN_DIR) --pyi_out=$(GEN_DIR) --grpc_python_out=$(GEN_DIR) $(PROTOS)
	$(BIN)/python tools/client_stubs.py $(GEN_DIR)/floorman/v1 $(CLIENT_GEN_DIR)

## generate-check: regenerate into a scratch folder and fail on any difference
generate-check: install
	@tmp=$$(mktemp -d); \
	$(BIN)/python -m grpc_tools.protoc -I proto \
	  --python_out=$$tmp --pyi_out=$$tmp --grpc_python_out=$$tmp $(PROTOS); \
	for f in $$(cd $$tmp && find . -name '*.py' -o -name '*.pyi' | sort); do \
	  diff -u $(GEN_DIR)/$$f $$tmp/$$f || { echo "generated code is stale: run make generate"; rm -rf $$tmp; exit 1; }; \
	done; \
	$(BIN)/python tools/client_stubs.py $$tmp/floorman/v1 $$tmp/client || { rm -rf $$tmp; exit 1; }; \
	diff -ru $(CLIENT_GEN_DIR) $$tmp/client -x __pycache__ \
	  || { echo "the client's generated code is stale: run make generate"; rm -rf $$tmp; exit 1; }; \
	rm -rf $$tmp; echo "generated code is up to date"

$(BUF): tools/package.json tools/package-lock.json
	npm ci --prefix tools --no-audit --no-fund --loglevel=error
	touch $(BUF)

buf: $(BUF)

## lint: ruff, buf lint (STANDARD), buf breaking against the last release's image
## (proto/baseline.binpb, docs/api-evolution.md), generated-code check
lint: install $(BUF)
	$(BIN)/ruff check service tests bench clients/python tools/client_stubs.py tools/build_compiled.py
	$(BIN)/ruff format --check service tests bench clients/python tools/client_stubs.py tools/build_compiled.py
	cd proto && ../$(BUF) lint
	@if [ -f proto/baseline.binpb ]; then cd proto && ../$(BUF) breaking --against baseline.binpb \
	   && echo "buf breaking: no breaking change against the release in proto/baseline.binpb"; \
	 else echo "buf breaking: skipped (no release baseline proto/baseline.binpb yet)"; fi
	@$(MAKE) --no-print-directory generate-check

## compiled: Cython builds of the rules core into service/.compiled (floorman.compiled); only the
## modules whose source changed are rebuilt, a module that cannot be built stays Python
compiled: install
	$(BIN)/python tools/build_compiled.py

## test: the whole test suite (PostgreSQL on 127.0.0.1:5432 for the store tests)
test: install compiled
	$(BIN)/python -m pytest -n 2 --dist loadgroup

$(NODE_STAMP): $(NODE_CLIENT)/package.json $(NODE_CLIENT)/package-lock.json
	npm ci --prefix $(NODE_CLIENT) --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

## test-node: the Node.js client's tests (npm ci, which copies the protos in and generates the
## declarations, then npm test) against a live floorman serve, and tsc --strict on the typed
## examples
test-node: install $(NODE_STAMP)
	cd $(NODE_CLIENT) && FLOORMAN_BIN="$(abspath $(BIN))/floorman" npm test
	cd $(NODE_CLIENT) && npm run typecheck

## proto-codegen-check: generate TypeScript (buf + @bufbuild/protoc-gen-es) and, when the
## plugins are installed (Debian protoc-gen-go, protoc-gen-go-grpc, golang-go), Go from proto/
## into a scratch folder and type-check it (tsc --strict, go vet); nothing is committed
proto-codegen-check: $(BUF)
	bash tools/proto_codegen_check.sh

$(WEB_STAMP): $(WEB)/package.json $(WEB)/package-lock.json
	npm ci --prefix $(WEB) --no-audit --no-fund --loglevel=error
	touch $(WEB_STAMP)

## terminal: the dealer terminal (clients/web): TypeScript generated from proto/ by buf with
## @bufbuild/protoc-gen-es, tsc --strict, then bundled by esbuild with @connectrpc/connect-web into
## service/floorman/transport/static/terminal.js (committed: the server needs no Node)
terminal: $(WEB_STAMP)
	cd $(WEB) && node scripts/build.mjs generate && node_modules/.bin/tsc -p tsconfig.json \
	  && node scripts/build.mjs bundle

## terminal-check: rebuild the terminal from the locked packages into a scratch file and fail
## unless it equals the committed bundle byte for byte (run make terminal after a proto change)
terminal-check: $(WEB_STAMP)
	cd $(WEB) && node scripts/build.mjs generate && node_modules/.bin/tsc -p tsconfig.json \
	  && node scripts/build.mjs check

## baseline: record the proto contract of a release as proto/baseline.binpb (docs/api-evolution.md)
baseline: $(BUF)
	cd proto && ../$(BUF) build -o baseline.binpb

## bench: benchmarks side by side with the reference libraries (see BENCHMARKS.md)
bench: install compiled
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) service/.compiled tools/node_modules $(NODE_CLIENT)/node_modules $(WEB)/node_modules build *.egg-info
