#!/usr/bin/env bash
# Runs on the GPU machine, from the binary build.sh left beside this script:
#   1. resident_bench: every variant checked bit for bit against the CPU reference, then timed;
#   2. compute-sanitizer memcheck, racecheck and synccheck on resident_bench --sanitize (N = 11,
#      12, 33, three iterations).
# Writes one log, $OUT/resident.txt (default ./out), and prints the table last. Under 120 s.
# Exit status 0 only when every check passed and the sanitizers are clean.
#   native-hip/tools/resident/run.sh
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${OUT:-$here/out}"
mkdir -p "$out"
log="$out/resident.txt"
bench="$here/resident_bench"
export PATH="$PATH:/usr/local/cuda/bin"
start=$SECONDS

if [[ ! -x "$bench" ]]; then
    echo "resident_bench not found beside run.sh: run build.sh first" | tee "$log"
    exit 2
fi

{
    echo "== $(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader 2>/dev/null | head -n 1)"
    timeout 80 "$bench" >"$out/main.tmp" 2>&1
    main_status=$?
    echo "resident_bench exit $main_status after $((SECONDS - start)) s"
    sed '/^== µs per iteration/,$d' "$out/main.tmp"
} >"$log"

sanitizer="$(command -v compute-sanitizer || true)"
main_status="$(sed -n 's/^resident_bench exit \([0-9]*\).*/\1/p' "$log")"
failed=$([[ "$main_status" == 0 ]] && echo 0 || echo 1)
summary=()
for tool in memcheck racecheck synccheck; do
    if [[ -z "$sanitizer" ]]; then
        summary+=("$tool: compute-sanitizer not found")
        continue
    fi
    extra=()
    [[ "$tool" == racecheck ]] && extra=(--racecheck-report all)
    limit=10
    [[ "$tool" == racecheck ]] && limit=15
    timeout "$limit" "$sanitizer" --tool "$tool" "${extra[@]}" --error-exitcode 99 "$bench" --sanitize >"$out/san.tmp" 2>&1
    status=$?
    errors="$(grep -Eo '(ERROR SUMMARY: [0-9]+ error|\([0-9]+ error)' "$out/san.tmp" | tail -n 1 | grep -Eo '[0-9]+' || true)"
    hazards="$(grep -Eo 'RACECHECK SUMMARY: [0-9]+ hazard' "$out/san.tmp" | tail -n 1 | grep -Eo '[0-9]+' || true)"
    cases="$(grep -E '^(ALL PASSED|FAILURES):' "$out/san.tmp" | tail -n 1)"
    line="$tool: exit $status$([[ $status -eq 124 ]] && echo ' (timed out)'), errors ${errors:-?}${hazards:+, hazards $hazards}, ${cases:-no summary}"
    summary+=("$line")
    if [[ "$status" -ne 0 ]]; then
        failed=1
        { echo "---- $tool, last lines"; tail -n 30 "$out/san.tmp"; } >>"$log"
    fi
done
rm -f "$out/san.tmp"

{
    echo
    echo "== compute-sanitizer (resident_bench --sanitize)"
    printf '%s\n' "${summary[@]}"
    sed -n '/^== µs per iteration/,$p' "$out/main.tmp"
    echo "(run.sh: $((SECONDS - start)) s)"
} >>"$log"
rm -f "$out/main.tmp"
sed -n '/^== compute-sanitizer/,$p' "$log"
exit "$failed"
