#!/usr/bin/env bash
# Runs on the GPU machine, from what build.sh left in this folder (no compiler needed there):
#   1. the library's self-test (bin/holdfast_native_selftest) on the resident kernel and the relay:
#      N = 3 ... 1002 and 1816 (the largest the resident bands fit at k = 1), block counts 1 to 264
#      and the planner's, every k it accepts, bit for bit from a random interior; the watchdog
#      faults (a block that never sends its halo, a block that never counts in, a host that stops);
#   2. compute-sanitizer memcheck, racecheck and synccheck on a small self-test of the same kernels;
#   3. resident_bench: where the resident kernel's time goes at N = 1001, the halo exchange alone,
#      every N by k against graph, persistent-grid and persistent-dataflow, the relay's goal.
# Writes one log, $OUT/resident.txt (default ./out), and prints the summary and tables last.
# Under 120 s. Exit status 0 only when every check passed and the sanitizers are clean.
#   lab/resident/run.sh
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${OUT:-$here/out}"
mkdir -p "$out"
log="$out/resident.txt"
bench="$here/resident_bench"
selftest="$here/bin/holdfast_native_selftest"
export PATH="$PATH:/usr/local/cuda/bin"
start=$SECONDS

for program in "$bench" "$selftest"; do
    if [[ ! -x "$program" ]]; then
        echo "$program not found: run build.sh first" | tee "$log"
        exit 2
    fi
done

mine="host-relay-busy,host-relay-sleep,dataflow-resident,dataflow-resident-k1,dataflow-resident-k2,dataflow-resident-k5"
summary=()
failed=0

{
    echo "== $(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader 2>/dev/null | head -n 1)"
    echo "== 1. self-test: the library's resident and relay variants"
    timeout 35 "$selftest" --sizes 3,4,5,11,12,33,34,101,102,257,1001,1002,1816 --blocks 1,2,7,132,264,0 \
        --threads 512 --iterations 10 --variants "$mine"
    echo "self-test exit $? after $((SECONDS - start)) s"
} >"$out/selftest.tmp" 2>&1
selftest_line="$(grep -E '^(ALL PASSED|FAILURES):' "$out/selftest.tmp" | tail -n 1)"
selftest_status="$(sed -n 's/^self-test exit \([0-9]*\).*/\1/p' "$out/selftest.tmp")"
summary+=("self-test: exit $selftest_status, ${selftest_line:-no summary}")
[[ "$selftest_status" == 0 ]] || failed=1
{
    grep -vE '^PASS ' "$out/selftest.tmp"
    echo "($(grep -cE '^PASS ' "$out/selftest.tmp") PASS lines left out)"
} >"$log"
rm -f "$out/selftest.tmp"

sanitizer="$(command -v compute-sanitizer || true)"
echo "== 2. compute-sanitizer on the self-test (N = 12, 33; 3 and 40 blocks; 3 iterations)" >>"$log"
for tool in memcheck racecheck synccheck; do
    if [[ -z "$sanitizer" ]]; then
        summary+=("$tool: compute-sanitizer not found")
        failed=1
        continue
    fi
    extra=()
    [[ "$tool" == racecheck ]] && extra=(--racecheck-report all)
    limit=15
    [[ "$tool" == racecheck ]] && limit=25
    timeout "$limit" "$sanitizer" --tool "$tool" "${extra[@]}" --error-exitcode 99 "$selftest" --sizes 12,33 \
        --blocks 3,40 --threads 64 --iterations 3 --no-faults \
        --variants host-relay-busy,dataflow-resident-k1,dataflow-resident-k2 >"$out/san.tmp" 2>&1
    status=$?
    errors="$(grep -Eo 'ERROR SUMMARY: [0-9]+ error' "$out/san.tmp" | tail -n 1 | grep -Eo '[0-9]+' || true)"
    hazards="$(grep -Eo 'RACECHECK SUMMARY: [0-9]+ hazard' "$out/san.tmp" | tail -n 1 | grep -Eo '[0-9]+' || true)"
    cases="$(grep -E '^(ALL PASSED|FAILURES):' "$out/san.tmp" | tail -n 1)"
    summary+=("$tool: exit $status$([[ $status -eq 124 ]] && echo ' (timed out)'), errors ${errors:-?}${hazards:+, hazards $hazards}, ${cases:-no summary}")
    if [[ "$status" -ne 0 ]]; then
        failed=1
        { echo "---- $tool, last lines"; tail -n 30 "$out/san.tmp"; } >>"$log"
    fi
done
rm -f "$out/san.tmp"

{
    echo "== 3. resident_bench"
    timeout 58 "$bench" >"$out/main.tmp" 2>&1
    bench_status=$?
    echo "resident_bench exit $bench_status after $((SECONDS - start)) s"
    sed '/^== N = 1001, [0-9]* blocks, f on chip/,$d' "$out/main.tmp"
} >>"$log"
bench_status="$(sed -n 's/^resident_bench exit \([0-9]*\).*/\1/p' "$log")"
summary+=("resident_bench: exit $bench_status$([[ $bench_status -eq 124 ]] && echo ' (timed out)'), $(grep -E '^checks:' "$out/main.tmp" | tail -n 1)")
[[ "$bench_status" == 0 ]] || failed=1

{
    echo
    echo "== summary"
    printf '%s\n' "${summary[@]}"
    sed -n '/^== N = 1001, [0-9]* blocks, f on chip/,$p' "$out/main.tmp"
    echo "(run.sh: $((SECONDS - start)) s)"
} >>"$log"
rm -f "$out/main.tmp"
sed -n '/^== summary/,$p' "$log"
exit "$failed"
