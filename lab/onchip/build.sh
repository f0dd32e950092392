#!/usr/bin/env bash
# Builds onchip_bench here (nvcc, no GPU needed) beside this script, with the project's flags:
# sm_90, no FMA contraction on device or host (bit-equality with the reference), static cudart.
# The register and spill report of every kernel goes to build.log.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../native-hip" && pwd)"
nvcc -arch=sm_90 -fmad=false -O3 -std=c++17 -lineinfo -Xcompiler -ffp-contract=off -DHF_RUNTIME_CUDA \
    -I"$root/include" -I"$root/src" -Xptxas -v \
    -o "$here/onchip_bench" "$here/onchip_bench.cu" >"$here/build.log" 2>&1 || {
    cat "$here/build.log" >&2
    exit 1
}
if grep -E '[1-9][0-9]* bytes spill' "$here/build.log" >/dev/null; then
    echo "warning: some kernels spill registers (see $here/build.log)" >&2
fi
echo "built $here/onchip_bench"
