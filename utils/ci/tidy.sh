#!/usr/bin/env bash
#===- utils/ci/tidy.sh - clang-tidy on the files a change touches ---------===//
#
# Runs clang-tidy (.clang-tidy at the repository root, warnings are errors)
# on the C++ files changed since a base commit: NNGRAPH_TIDY_BASE, else the
# commit in utils/ci/tidy-base (the last landed main a session started from;
# a session moves it forward when it starts, and a stale base only checks
# more files), else every file. A changed header is checked through the
# source file of the same name, if there is one, and through any changed
# source that includes it (HeaderFilterRegex). Files the build does not
# compile (the fuzz targets, built only in build-fuzz) are skipped and
# listed. Needs compile_commands.json in the build directory.
#
#===----------------------------------------------------------------------===//
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
LLVM_MAJOR="$(tr -d '[:space:]' < utils/llvm-version.txt)"
BUILD="${NNGRAPH_BUILD_DIR:-$ROOT/build}"
TIDY="/usr/lib/llvm-${LLVM_MAJOR}/bin/clang-tidy"
DB="$BUILD/compile_commands.json"
[ -f "$DB" ] || { echo "tidy: no $DB (build first)"; exit 1; }

base="${NNGRAPH_TIDY_BASE:-$(cat utils/ci/tidy-base 2>/dev/null || true)}"
if [ -n "$base" ] && git cat-file -e "$base^{commit}" 2>/dev/null; then
  mapfile -t changed < <(git diff --name-only --diff-filter=d "$base" HEAD -- \
    'lib/*' 'include/*' 'tools/*' 'python/src/*' | grep -E '\.(cpp|h)$' || true)
  echo "tidy: files changed since ${base:0:12}: ${#changed[@]}"
else
  mapfile -t changed < <(git ls-files 'lib/*.cpp' 'tools/*.cpp' 'python/src/*.cpp')
  echo "tidy: no base commit, checking every source file: ${#changed[@]}"
fi

declare -A want=()
for f in "${changed[@]}"; do
  case "$f" in
    *.cpp) want["$f"]=1 ;;
    *.h)
      stem="${f%.h}"; stem="lib/${stem#include/nngraph/}"
      for c in "${f%.h}.cpp" "$stem.cpp"; do
        [ -f "$c" ] && want["$c"]=1
      done ;;
  esac
done
files=(); skipped=()
for f in "${!want[@]}"; do
  if grep -q "\"file\": \"$ROOT/$f\"" "$DB"; then files+=("$f"); else skipped+=("$f"); fi
done
[ ${#skipped[@]} -gt 0 ] && echo "tidy: not in the build, skipped: ${skipped[*]}"
if [ ${#files[@]} -eq 0 ]; then
  echo "tidy: 0 files checked"
  exit 0
fi
log="$BUILD/tidy.log"
set +e
printf '%s\n' "${files[@]}" | sort | xargs -P "${NNGRAPH_JOBS:-2}" -n 1 \
  "$TIDY" -p "$BUILD" --quiet --extra-arg=-Wno-deprecated-declarations \
  > "$log" 2>&1
rc=$?
set -e
grep -E '(error|warning): ' "$log" | sort -u || true
n=$(grep -cE '(error|warning): ' "$log" || true)
echo "tidy: ${#files[@]} files checked, ${n:-0} findings"
exit $rc
