#!/usr/bin/env bash
# Runs holdfast_native_selftest under compute-sanitizer's memcheck, racecheck and synccheck at a
# small size and prints one summary line per tool. Exit status 0 only when every tool reports no
# errors and every self-test case passes.
#
#   scripts/sanitize.sh [path/to/holdfast_native_selftest] [extra self-test options...]
#
# The self-test is looked for beside this script's ../target/bin, then in the current folder.
# Faults are left out (a deliberately stuck kernel is not what the sanitizers are for), and the
# watchdog is raised to 120 s because the tools slow the kernels down by orders of magnitude (and a
# run's first launch must end within twice the watchdog plus a second, the host's deadline). Each
# tool gets at most SANITIZE_TIMEOUT seconds (default 240); logs go to SANITIZE_LOG_DIR. SANITIZE_PARALLEL=1
# runs the tools at once; SANITIZE_TOOLS="racecheck" (say) runs only those. The extra options shard a
# slow tool: --variants grid-cluster --on-chip-sizes 3,4,5 --no-largest is one shard of racecheck.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
selftest="${1:-}"
if [[ -n "$selftest" && -x "$selftest" ]]; then
    shift
else
    selftest=""
    for candidate in "$here/../target/bin/holdfast_native_selftest" "./holdfast_native_selftest"; do
        if [[ -x "$candidate" ]]; then
            selftest="$candidate"
            break
        fi
    done
fi
if [[ -z "$selftest" ]]; then
    echo "sanitize: holdfast_native_selftest not found (build native-hip first, or pass its path)" >&2
    exit 2
fi

sanitizer="$(command -v compute-sanitizer || true)"
if [[ -z "$sanitizer" && -x /usr/local/cuda/bin/compute-sanitizer ]]; then
    sanitizer=/usr/local/cuda/bin/compute-sanitizer
fi
if [[ -z "$sanitizer" ]]; then
    echo "sanitize: compute-sanitizer not found on PATH or in /usr/local/cuda/bin" >&2
    exit 2
fi

# Small: two sizes (odd and even n), a single block, several blocks and a block count that
# leaves blocks without rows, two iterations; the cube likewise (N = 8, 9: 6 and 7 planes, so 7 and 13
# blocks leave some without planes; its register kernel one block, up to its largest N = 22), three
# iterations. --variants 'cube-*' runs only the cube's cases.
options=(--sizes 11,12 --blocks 1,7,13 --threads 64 --iterations 2 --cube-sizes 8,9 --cube-iterations 3
    --watchdog 120 --no-faults "$@")
limit="${SANITIZE_TIMEOUT:-240}"
log_dir="${SANITIZE_LOG_DIR:-$(mktemp -d)}"
mkdir -p "$log_dir"
# One tool over the self-test: its log, then one summary line in $log_dir/sanitize-TOOL.line, and
# the log's tail when it found something.
run_tool() {
    local tool=$1
    local log="$log_dir/sanitize-$tool.log"
    local extra=()
    if [[ "$tool" == racecheck ]]; then
        extra=(--racecheck-report all)
    fi
    local start=$SECONDS
    timeout "$limit" "$sanitizer" --tool "$tool" "${extra[@]}" --error-exitcode 99 "$selftest" "${options[@]}" >"$log" 2>&1
    local status=$?
    if [[ "$status" -eq 124 ]]; then
        echo "(stopped after $limit s)" >>"$log"
    fi
    # memcheck and synccheck end with "ERROR SUMMARY: N errors"; racecheck with
    # "RACECHECK SUMMARY: H hazards displayed (N errors, W warnings)".
    local errors hazards cases
    errors="$(grep -Eo '(ERROR SUMMARY: [0-9]+ error|\([0-9]+ error)' "$log" | tail -n 1 | grep -Eo '[0-9]+' || true)"
    hazards="$(grep -Eo 'RACECHECK SUMMARY: [0-9]+ hazard' "$log" | tail -n 1 | grep -Eo '[0-9]+' || true)"
    cases="$(grep -E '^(ALL PASSED|FAILURES):' "$log" | tail -n 1)"
    echo "$tool: exit $status, errors ${errors:-?}${hazards:+, hazards $hazards}, self-test: ${cases:-no summary} ($((SECONDS - start)) s, log $log)" \
        >"$log_dir/sanitize-$tool.line"
    if [[ "$status" -ne 0 || "${errors:-1}" != 0 || "${hazards:-0}" != 0 ]]; then
        echo "---- $tool: last lines of $log"
        tail -n 25 "$log"
        return 1
    fi
}

# The tools time nothing, so SANITIZE_PARALLEL=1 runs the three at once (each in its own process
# and context; the GPU time-slices them, so a cooperative grid still has every SM to itself).
read -r -a tools <<<"${SANITIZE_TOOLS:-memcheck racecheck synccheck}"
failed=0
if [[ "${SANITIZE_PARALLEL:-0}" == 1 ]]; then
    pids=()
    for tool in "${tools[@]}"; do
        run_tool "$tool" &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do
        wait "$pid" || failed=1
    done
else
    for tool in "${tools[@]}"; do
        run_tool "$tool" || failed=1
    done
fi

echo "==== compute-sanitizer summary"
for tool in "${tools[@]}"; do cat "$log_dir/sanitize-$tool.line"; done
if [[ "$failed" -eq 0 ]]; then
    echo "sanitize: clean"
else
    echo "sanitize: problems found"
fi
exit "$failed"
