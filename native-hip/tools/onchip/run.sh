#!/usr/bin/env bash
# Runs THERE (the H200 machine) from the prebuilt onchip_bench beside this script, in under 120 s:
#   1. the sweep: every variant verified bit for bit against the CPU reference, then timed
#      (timing stops after --budget seconds; verification goes on), and the overhead probes;
#   2. compute-sanitizer memcheck, racecheck and synccheck on the small cases (--sanitize).
# Writes one log, $OUT/onchip.txt (or ./out/onchip.txt), and prints the tables and the sanitizer
# summaries last. Exit status 0 only when every verification passed and the sanitizers are clean.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${OUT:-$here/out}"
mkdir -p "$out"
log="$out/onchip.txt"
: >"$log"
export PATH="$PATH:/usr/local/cuda/bin"
bench="$here/onchip_bench"

nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader >>"$log" 2>&1

echo "== sweep" >>"$log"
timeout 70 "$bench" --budget 45 >>"$log" 2>&1
sweep_status=$?
echo "sweep exit status $sweep_status" >>"$log"

sanitizer_status=0
for tool in memcheck racecheck synccheck; do
    echo "== compute-sanitizer $tool" >>"$log"
    timeout 15 compute-sanitizer --tool "$tool" --print-limit 20 --error-exitcode 7 "$bench" --sanitize \
        >"$out/sanitize.tmp" 2>&1
    status=$?
    grep -E '^(FAIL|FATAL)|ERROR SUMMARY|RACECHECK SUMMARY|sanitize cases|Error|Hazard' "$out/sanitize.tmp" | head -n 40 >>"$log"
    echo "$tool exit status $status$([[ $status == 124 ]] && echo ' (timed out)')" >>"$log"
    [[ $status == 0 ]] || sanitizer_status=1
done
rm -f "$out/sanitize.tmp"

# The tables, the probes and the sanitizer summaries, last.
sed -n '/^== summary/,$p' "$log" | grep -v '^== compute-sanitizer' || true
grep -E 'exit status|ERROR SUMMARY|RACECHECK SUMMARY|sanitize cases' "$log"
[[ $sweep_status == 0 && $sanitizer_status == 0 ]]
