#!/usr/bin/env bash
# GPU check of the on-chip variants in the library (runs THERE, from a native-hip build made here:
# native-hip/build.sh leaves target/bin/holdfast_native_selftest and target/lib). In under 120 s:
#   1. the self-test of grid-block, grid-cluster and dataflow-cluster at N = 3, 4, 5, 11, 12, 33,
#      34, 101, 102, 257 and the largest N each accepts, every block count they accept, and the
#      watchdog faults (the cluster's never-publish among them);
#   2. compute-sanitizer memcheck, racecheck and synccheck on the same variants at N = 5 and 33.
# One log, $OUT/onchip-check.txt; a table of one line per step last. Exit 0 when all pass.
#
#   lab/onchip/check.sh [path/to/holdfast_native_selftest]
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
selftest="${1:-$here/../../native-hip/target/bin/holdfast_native_selftest}"
out="${OUT:-$here/out}"
mkdir -p "$out"
log="$out/onchip-check.txt"
: >"$log"
export PATH="$PATH:/usr/local/cuda/bin"
variants="grid-block,grid-cluster,dataflow-cluster"
rows=()
step() { # name, command...
    local name="$1" status summary
    shift
    echo "== $name: $*" >>"$log"
    "$@" >"$out/step.tmp" 2>&1
    status=$?
    cat "$out/step.tmp" >>"$log"
    summary="$(grep -Eo '(ALL PASSED|FAILURES): [0-9]+ passed, [0-9]+ failed|(ERROR|RACECHECK) SUMMARY: .*' "$out/step.tmp" | tr '\n' ' ')"
    rows+=("$(printf '%-12s exit %3s  %s' "$name" "$status" "${summary:-see log}")")
    return 0
}
step selftest timeout 45 "$selftest" --variants "$variants" --verbose
for tool in memcheck racecheck synccheck; do
    step "$tool" timeout 25 compute-sanitizer --tool "$tool" --print-limit 10 --error-exitcode 7 "$selftest" \
        --variants "$variants" --on-chip-sizes 5,33 --no-largest --no-faults --watchdog 30
done
rm -f "$out/step.tmp"
grep -E '^FAIL|largest N|SKIP' "$log" | head -n 30
printf '%s\n' "${rows[@]}" | tee -a "$log"
! grep -qE '^FAIL|exit +[1-9]' <(printf '%s\n' "${rows[@]}"; grep -E '^FAIL' "$log")
