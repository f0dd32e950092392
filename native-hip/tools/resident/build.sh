#!/usr/bin/env bash
# Builds resident_bench here (no GPU needed): nvcc for sm_90, no FMA contraction (every variant
# must equal the reference bit for bit), the CUDA runtime linked statically, line info for
# compute-sanitizer. The binary runs on the H200 through run.sh.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$here/../.."
nvcc="$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)"
"$nvcc" -arch=sm_90 -fmad=false -O3 -std=c++17 -lineinfo -DHF_RUNTIME_CUDA \
    -I"$root/include" -I"$root/src" -Xcompiler=-Wall,-Wextra,-ffp-contract=off \
    "$here/resident_bench.cu" "$root/src/host_scheduler.cpp" -o "$here/resident_bench"
echo "built $here/resident_bench"
