#!/usr/bin/env bash
# Everything native-hip needs checked on a GPU, in one command (for the H200 device runs):
#   1. builds the library when target/ has none (nvcc and cmake on the machine),
#   2. the self-test at full size: every kernel and mode against the reference, the watchdog
#      faults, the co-residency refusal, the driver handles and the C launch benchmark,
#   3. the C-side benchmark (bench.md),
#   4. compute-sanitizer memcheck, racecheck and synccheck on the self-test (scripts/sanitize.sh),
#   5. the synchronisation instructions in the SASS (fences, atomics, strong loads/stores).
# Writes at most 8 files to the output folder (default $OUT, else ./h200-check) and prints a
# summary. Exit status 0 only when the self-test and the sanitizers are clean.
#
#   native-hip/scripts/h200_check.sh [output folder] [--quick]
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
out="${1:-${OUT:-$PWD/h200-check}}"
quick="${2:-}"
mkdir -p "$out"
summary="$out/summary.txt"
: >"$summary"
say() { echo "$*" | tee -a "$summary"; }

bin="$root/target/bin"
lib="$root/target/lib/libholdfast_native.so"
if [[ ! -x "$bin/holdfast_native_selftest" || ! -f "$lib" ]]; then
    say "== building (no prebuilt library in $root/target)"
    if ! bash "$root/build.sh" >"$out/build.log" 2>&1; then
        say "build FAILED: see build.log"
        tail -n 30 "$out/build.log"
        exit 1
    fi
fi
export PATH="$PATH:/usr/local/cuda/bin"
say "== $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -n 1)"

say "== self-test"
"$bin/holdfast_native_selftest" --verbose >"$out/selftest.log" 2>&1
selftest_status=$?
grep -E '^(FAIL|SKIP)' "$out/selftest.log" | head -n 20 | tee -a "$summary"
say "self-test exit $selftest_status: $(tail -n 1 "$out/selftest.log")"

say "== C benchmark"
if [[ "$quick" == "--quick" ]]; then
    bench_options=(--sizes 11,101 --blocks 8,0 --iterations 200 --repeats 3)
else
    bench_options=()
fi
"$bin/holdfast_native_bench" "${bench_options[@]}" >"$out/bench.md" 2>&1
say "bench exit $?: $(grep -c '^| [a-z]' "$out/bench.md") rows, $(grep -c MISMATCH "$out/bench.md") mismatches (bench.md)"

say "== compute-sanitizer"
SANITIZE_LOG_DIR="$out" bash "$here/sanitize.sh" "$bin/holdfast_native_selftest" >"$out/sanitize-run.txt" 2>&1
sanitize_status=$?
if grep -q '==== compute-sanitizer summary' "$out/sanitize-run.txt"; then
    sed -n '/==== compute-sanitizer summary/,$p' "$out/sanitize-run.txt" | tee -a "$summary"
else
    tail -n 12 "$out/sanitize-run.txt" | tee -a "$summary"
fi
rm -f "$out/sanitize-run.txt"

say "== synchronisation in the SASS (sass-sync.txt)"
if command -v cuobjdump >/dev/null 2>&1; then
    cuobjdump --dump-sass "$lib" |
        grep -E 'Function :|MEMBAR|FENCE|CCTL|ERRBAR|ATOM|RED\.|STRONG|BAR\.SYNC|globaltimer|CS2R' >"$out/sass-sync.txt"
    say "$(grep -c 'Function :' "$out/sass-sync.txt") kernels dumped"
else
    say "cuobjdump not found"
fi

[[ "$selftest_status" -eq 0 && "$sanitize_status" -eq 0 ]]
