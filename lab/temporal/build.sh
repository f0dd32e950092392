#!/usr/bin/env bash
# Builds the temporal-blocking probe HERE (no GPU needed), into this folder:
#   temporal_probe     the GPU probe run.sh runs (nvcc -arch=sm_90 -fmad=false -O3, static cudart): the
#                      library's temporal kernels (the twins) and the phase-1 prototypes
#   emulate_temporal   the kernels' device code on CPU threads against the reference (g++)
#
#   lab/temporal/build.sh [--emulate|--emulate-quick]   (also runs the emulation)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
native="$(cd "$here/../../native-hip" && pwd)"
build="$here/build"
mkdir -p "$build"
nvcc="$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)"
flags=(-std=c++17 -arch=sm_90 -fmad=false -O3 -DHF_RUNTIME_CUDA -I"$native/include" -I"$native/src" -I"$here"
    -Xcompiler=-Wall,-Wextra,-ffp-contract=off -Xptxas=-warn-spills)

# The kernel tables are the slow part (ptxas on a dozen unrolled kernels each, minutes): two at a
# time, and only those older than a source or header they may include.
sources=(kernels_twin kernels_stream_shared_256 kernels_stream_shuffle_256 kernels_tile temporal_probe)
newest_header="$(ls -t "$native"/src/*.h "$native"/src/device/*.h "$native"/src/kernels/*.h "$native"/include/*.h "$here"/*.h \
    "$here"/prototype/*.h | head -n 1)"
stale=()
for source in "${sources[@]}"; do
    object="$build/$source.o"
    if [[ ! -f "$object" || "$here/$source.cu" -nt "$object" || "$newest_header" -nt "$object" ]]; then
        stale+=("$source")
    fi
done
if ((${#stale[@]} > 0)); then
    printf '%s\n' "${stale[@]}" | xargs -P 2 -I{} sh -c \
        "'$nvcc' ${flags[*]} -c '$here/{}.cu' -o '$build/{}.o' > '$build/{}.log' 2>&1 || { cat '$build/{}.log'; rm -f '$build/{}.o'; exit 255; }"
fi
objects=()
for source in "${sources[@]}"; do
    objects+=("$build/$source.o")
done
"$nvcc" -arch=sm_90 -o "$here/temporal_probe" "${objects[@]}"
grep -h 'spill' "$build"/*.log | sort | uniq -c | sed 's/^/ptxas: /' || true
echo "built $here/temporal_probe"

g++ -std=c++20 -O2 -ffp-contract=off -Wall -Wextra -Wno-unknown-pragmas -pthread -I"$native/src" -I"$native/include" \
    -I"$here" "$here/emulate_temporal.cpp" -o "$here/emulate_temporal"
echo "built $here/emulate_temporal"
case "${1:-}" in
--emulate) "$here/emulate_temporal" ;;
--emulate-quick) "$here/emulate_temporal" --quick ;;
esac
