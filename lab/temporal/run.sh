#!/usr/bin/env bash
# Runs THERE (the GPU machine) from the prebuilt binary beside it (build.sh, run here):
#   1. temporal_probe: the correctness matrix (the library's temporal kernels, standard and
#      persistent, and the phase-1 prototypes, k = 1 .. 8, at N = 3 ... 4098, bit for bit against
#      the CPU reference), then timed at N = 1001, 4097, 10001 beside the one-sweep graph, each
#      configuration checked before and during timing;
#   2. compute-sanitizer memcheck, racecheck and synccheck on the small --sanitize matrix (the
#      library's kernels at N = 11, 12, 33, 3 iterations: a few seconds each).
# Writes one log, $OUT/temporal.txt, and prints the summary table last. Under 120 s.
#
#   lab/temporal/run.sh
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${OUT:-$here/out}"
mkdir -p "$out"
log="$out/temporal.txt"
export PATH="$PATH:/usr/local/cuda/bin"
probe="$here/temporal_probe"
start=$SECONDS

{
    echo "== $(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader 2>/dev/null | head -n 1)"
    echo "== temporal_probe (matrix, then timing; budget 30 s for the sweep beyond the summary)"
    timeout 65 "$probe" --budget 30
    echo "temporal_probe exit $? after $((SECONDS - start)) s"
    for tool in memcheck racecheck synccheck; do
        limit=12
        [[ "$tool" == racecheck ]] && limit=20
        echo "== compute-sanitizer --tool $tool temporal_probe --sanitize (at most $limit s)"
        timeout "$limit" compute-sanitizer --tool "$tool" --error-exitcode 3 "$probe" --sanitize 2>&1 | tail -n 6
        status=${PIPESTATUS[0]}
        case $status in
        0) verdict="clean" ;;
        3) verdict="ERRORS REPORTED" ;;
        124) verdict="TIMED OUT" ;;
        *) verdict="the probe failed" ;;
        esac
        echo "$tool: exit $status, $verdict, $((SECONDS - start)) s since the start"
    done
} >"$log" 2>&1

grep -E '^(FAIL|CUDA error)' "$log" | head -n 20
grep -E '^check N|^copy ceiling|exit [0-9]+|ERROR SUMMARY|RACECHECK SUMMARY|sanitize matrix' "$log"
sed -n '/^== summary/,/^$/p' "$log"
