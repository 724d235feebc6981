#!/usr/bin/env bash
#===- utils/fuzz/make_corpus.sh - seed corpora of the fuzz targets ---------===//
#
# This file implements the seed corpora of the nngraph fuzz targets: for each
# target, a folder <out>/<target>/ of inputs named by their SHA-1 (duplicates
# collapse), taken from
#   - test/Target/<Fmt>/Inputs and test/Target/<Fmt>/*.json,
#   - the `//--- name.json` parts of the lit tests (split-file), and
#   - ../shared/corpus (real models; skipped with a note when absent).
# mlir-text takes the test suite's .mlir files and their `// -----` cases.
# Inputs larger than NNGRAPH_FUZZ_MAX_SEED bytes (256 KiB by default) are left
# out: one slow seed slows every mutation of it. The corpus is never
# committed (it is rebuilt from the sources each run).
#
# Usage: make_corpus.sh <out-dir> [target...]
#
#===----------------------------------------------------------------------===//
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
LLVM_MAJOR="$(tr -d '[:space:]' < "$ROOT/utils/llvm-version.txt")"
SPLIT_FILE="/usr/lib/llvm-${LLVM_MAJOR}/bin/split-file"
OUT="${1:?usage: make_corpus.sh <out-dir> [target...]}"
shift
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=(nnvm-json nnvm-params lightnet xoc relayviz mlir-text)
CORPUS="$(cd "$ROOT/.." && pwd)/shared/corpus"
MAX_SEED="${NNGRAPH_FUZZ_MAX_SEED:-262144}"

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# add <target> <file>...: copies each regular file of at most MAX_SEED bytes.
add() {
  local target="$1"; shift
  local dir="$OUT/$target" f sum
  mkdir -p "$dir"
  for f in "$@"; do
    [ -f "$f" ] || continue
    if [ "$(stat -c %s "$f")" -gt "$MAX_SEED" ]; then
      echo "$f" >> "$TMP/$target.big"
      continue
    fi
    sum="$(sha1sum "$f" | cut -d' ' -f1)"
    cp "$f" "$dir/$sum"
  done
}

# The split-file parts of every lit test of test/Target/<fmt>, in
# $TMP/split/<fmt>/<test>/.
split_tests() {
  local fmt="$1" t
  for t in "$ROOT/test/Target/$fmt"/*.test "$ROOT/test/Target/$fmt"/*.mlir; do
    [ -f "$t" ] || continue
    grep -q '^//--- ' "$t" || continue
    mkdir -p "$TMP/split/$fmt/$(basename "$t")"
    "$SPLIT_FILE" "$t" "$TMP/split/$fmt/$(basename "$t")"
  done
}

# json_seeds <target> <fmt> <corpus-subdir>...
json_seeds() {
  local target="$1" fmt="$2"; shift 2
  split_tests "$fmt"
  shopt -s nullglob globstar
  add "$target" "$ROOT/test/Target/$fmt"/Inputs/*.json "$ROOT/test/Target/$fmt"/*.json \
    "$TMP/split/$fmt"/**/*.json
  local sub
  for sub in "$@"; do
    if [ -d "$CORPUS/$sub" ]; then
      add "$target" "$CORPUS/$sub"/*.json
    fi
  done
  shopt -u nullglob globstar
}

# mlir_seeds: every .mlir of the test suite, and each `// -----` case of it.
mlir_seeds() {
  local f n=0
  mkdir -p "$TMP/mlir"
  while IFS= read -r f; do
    add mlir-text "$f"
    awk -v out="$TMP/mlir/$n" '
      /^\/\/ -----/ { k++; next }
      { print > (out "-" k+0 ".mlir") }' "$f"
    n=$((n + 1))
  done < <(find "$ROOT/test" -name '*.mlir' -type f)
  shopt -s nullglob
  add mlir-text "$TMP/mlir"/*.mlir
  shopt -u nullglob
}

if [ ! -d "$CORPUS" ]; then
  echo "note: no corpus at $CORPUS: seeds come from the test suite only"
fi

for target in "${TARGETS[@]}"; do
  case "$target" in
    nnvm-json) json_seeds nnvm-json NNVM nnvm-mxnet tvm-graph ;;
    lightnet) json_seeds lightnet LightNet lightnet ;;
    xoc) json_seeds xoc XOC xoc ;;
    relayviz) json_seeds relayviz RelayViz relayviz ;;
    nnvm-params)
      shopt -s nullglob globstar
      add nnvm-params "$ROOT/test/Target/NNVM/Inputs"/*.params
      [ -d "$CORPUS" ] && add nnvm-params "$CORPUS"/**/*.params
      shopt -u nullglob globstar ;;
    mlir-text) mlir_seeds ;;
    *) echo "make_corpus.sh: unknown target '$target'" >&2; exit 2 ;;
  esac
  mkdir -p "$OUT/$target"
  big=0
  [ -f "$TMP/$target.big" ] && big=$(wc -l < "$TMP/$target.big")
  echo "seeds: $target: $(find "$OUT/$target" -type f | wc -l) files" \
    "($big larger than $MAX_SEED bytes left out)"
done
