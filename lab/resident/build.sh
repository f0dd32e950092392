#!/usr/bin/env bash
# Builds, here (no GPU needed), everything run.sh runs on the H200:
#   resident_bench       the phase-2 measurements (nvcc for sm_90, no FMA contraction: every variant
#                        must equal the reference bit for bit; the CUDA runtime linked statically);
#                        ptxas' register and spill report of its kernels goes to ptxas.txt
#   bin/                 the library's self-test and libholdfast_native.so (native-hip/build.sh's
#                        CUDA build, copied beside them), for the self-test and the sanitizers
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../native-hip" && pwd)"
nvcc="$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)"
"$nvcc" -arch=sm_90 -fmad=false -O3 -std=c++17 -lineinfo -DHF_RUNTIME_CUDA -Xptxas -v \
    -I"$root/include" -I"$root/src" -Xcompiler=-Wall,-Wextra,-ffp-contract=off \
    "$here/resident_bench.cu" "$root/src/host_scheduler.cpp" -o "$here/resident_bench" 2>"$here/ptxas.all"
grep -A3 -E "Compiling entry function '.*(resident|relay|probe)" "$here/ptxas.all" | grep -Ev '^--$' >"$here/ptxas.txt" || true
grep -iE 'warning|error' "$here/ptxas.all" | grep -v 'ptxas info' || true
rm -f "$here/ptxas.all"
echo "built $here/resident_bench"

if [[ ! -x "$root/target/bin/holdfast_native_selftest" || "${REBUILD_LIBRARY:-0}" == 1 ]]; then
    "$root/build.sh"
fi
mkdir -p "$here/bin"
cp "$root/target/bin/holdfast_native_selftest" "$root/target/lib/libholdfast_native.so" "$here/bin/"
echo "copied the self-test and the library into $here/bin"
