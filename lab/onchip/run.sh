#!/usr/bin/env bash
# Runs THERE (the H200 machine) from the prebuilt onchip_bench beside this script, in under 120 s:
#   1. the sweep: every variant verified bit for bit against the CPU reference, then timed
#      (timing stops after --budget seconds; verification goes on), compute proxies, and the
#      overhead probes;
#   2. compute-sanitizer: memcheck and synccheck on the shipped families (on-chip, cl-async,
#      cl-barrier, probes); racecheck on every family separately, so a report names its method,
#      and on the message-passing probe (the PTX release/acquire pattern through an mbarrier, which
#      must come out clean if racecheck understands it) and its racy twin (which must be flagged).
# Writes one log, $OUT/onchip.txt (or ./out/onchip.txt), and prints the tables and one line per
# sanitizer run last. Exit status 0 only when every verification passed and the shipped families
# are clean.
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
timeout 55 "$bench" --budget 30 >>"$log" 2>&1
sweep_status=$?
echo "sweep exit status $sweep_status" >>"$log"

shipped_status=0
summary=()
sanitize() { # tool family
    local tool="$1" family="$2" status hazards
    echo "== compute-sanitizer $tool $family" >>"$log"
    timeout 10 compute-sanitizer --tool "$tool" --print-limit 10 --error-exitcode 7 "$bench" --sanitize "$family" \
        >"$out/sanitize.tmp" 2>&1
    status=$?
    grep -E '^(FAIL|FATAL|ok )|ERROR SUMMARY|RACECHECK SUMMARY|sanitize cases|Error|Hazard' "$out/sanitize.tmp" | head -n 24 >>"$log"
    hazards="$(grep -Eo '(ERROR|RACECHECK) SUMMARY: .*' "$out/sanitize.tmp" | head -n 1)"
    summary+=("$(printf '%-10s %-13s exit %3s  %s' "$tool" "$family" "$status" "${hazards:-no summary}")")
    echo "$tool $family exit status $status$([[ $status == 124 ]] && echo ' (timed out)')" >>"$log"
    return "$status"
}
for family in on-chip cl-async cl-barrier probes; do
    for tool in memcheck synccheck racecheck; do
        sanitize "$tool" "$family" || shipped_status=1
    done
done
# Not shipped (prototype methods): racecheck only, for the record; and the control pair.
for family in cl-bulk cl-arrive cl-pull message message-racy; do
    sanitize racecheck "$family"
done
rm -f "$out/sanitize.tmp"

# The tables, the probes and the sanitizer summaries, last.
sed -n '/^== summary/,$p' "$log" | grep -v '^== compute-sanitizer' | sed -n '1,/^verification:/p' || true
echo "sweep exit status $sweep_status"
printf '%s\n' "${summary[@]}" | tee -a "$log"
[[ $sweep_status == 0 && $shipped_status == 0 ]]
