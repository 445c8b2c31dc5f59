#!/usr/bin/env bash
# make proto-codegen-check: generate code for other languages from proto/ into a scratch folder
# (never committed) and check that it builds, so the package options and the contract stay
# usable outside Python (docs/api-evolution.md "Generated code and clients").
#   - TypeScript: buf with the local plugin @bufbuild/protoc-gen-es (tools/package.json), then
#     `tsc --strict` on the output against @bufbuild/protobuf. Always run.
#   - Go: buf with the local plugins protoc-gen-go and protoc-gen-go-grpc (Debian packages
#     protoc-gen-go, protoc-gen-go-grpc) when on PATH, then `go vet` in GOPATH mode against the
#     Debian Go sources (golang-go, golang-google-protobuf-dev, golang-google-grpc-dev) when
#     `go` is on PATH. Skipped (with a message) when the plugins are missing, unless
#     FLOORMAN_REQUIRE_GO=1 (CI), which makes a missing tool an error.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
tools=$root/tools/node_modules
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

plugins="{\"local\":\"$tools/.bin/protoc-gen-es\",\"out\":\"$tmp/ts\",\"opt\":[\"target=ts\"]}"
go_plugins=0
if command -v protoc-gen-go >/dev/null && command -v protoc-gen-go-grpc >/dev/null; then
  go_plugins=1
  plugins="$plugins,{\"local\":\"protoc-gen-go\",\"out\":\"$tmp/go\",\"opt\":[\"paths=source_relative\"]}"
  plugins="$plugins,{\"local\":\"protoc-gen-go-grpc\",\"out\":\"$tmp/go\",\"opt\":[\"paths=source_relative\"]}"
elif [ "${FLOORMAN_REQUIRE_GO:-0}" = 1 ]; then
  echo "proto-codegen-check: protoc-gen-go / protoc-gen-go-grpc not on PATH" >&2; exit 1
fi
(cd proto && "$tools/.bin/buf" generate --template "{\"version\":\"v2\",\"plugins\":[$plugins]}")

# TypeScript: strict type check of every generated file.
ln -s "$tools" "$tmp/node_modules"
cat > "$tmp/tsconfig.json" <<'JSON'
{
  "compilerOptions": {
    "strict": true, "noEmit": true, "target": "es2022", "module": "esnext",
    "moduleResolution": "bundler", "types": []
  },
  "include": ["ts/**/*.ts"]
}
JSON
"$tools/.bin/tsc" --strict -p "$tmp/tsconfig.json"
echo "proto-codegen-check: TypeScript (protoc-gen-es) generated $(find "$tmp/ts" -name '*.ts' | wc -l) files, tsc --strict clean"

if [ "$go_plugins" = 0 ]; then
  echo "proto-codegen-check: Go skipped (no protoc-gen-go / protoc-gen-go-grpc on PATH;" \
       "apt-get install protoc-gen-go protoc-gen-go-grpc)"
  exit 0
fi
if ! command -v go >/dev/null; then
  [ "${FLOORMAN_REQUIRE_GO:-0}" = 1 ] && { echo "proto-codegen-check: go not on PATH" >&2; exit 1; }
  echo "proto-codegen-check: Go generated $(find "$tmp/go" -name '*.go' | wc -l) files; not compiled (no go on PATH)"
  exit 0
fi
# Go: the package go_package names, built offline in GOPATH mode against the Debian sources.
pkg=github.com/floorman/floorman/gen/go/floorman/v1
mkdir -p "$tmp/gopath/src/$pkg"
cp "$tmp"/go/floorman/v1/*.go "$tmp/gopath/src/$pkg/"
(cd "$tmp/gopath/src/$pkg" && GO111MODULE=off GOFLAGS= GOPATH="$tmp/gopath:/usr/share/gocode" \
  GOCACHE="$tmp/gocache" go vet . )
echo "proto-codegen-check: Go (protoc-gen-go, protoc-gen-go-grpc) generated $(find "$tmp/go" -name '*.go' | wc -l) files, go vet clean"
