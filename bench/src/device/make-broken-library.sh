#!/usr/bin/env bash
# Builds a broken copy of the native library, to show on the GPU that the checks catch it: a copy of
# native-hip/ with one mutation applied, built for CUDA into OUTDIR/libholdfast_native.so. Give the
# folder to make-device-kit.sh as BROKEN_LIB=OUTDIR; h200-session.sh's phase broken:NAME:ARGS runs
# holdfast with it.
#
#   bench/src/device/make-broken-library.sh MUTATION OUTDIR
#
# Mutations:
#   skip-last-half-sweep   block 0 of every persistent variant skips the run's last half-sweep and
#                          counts honestly (the fault HF_FAULT_SKIP_HALF_SWEEP, made unconditional):
#                          at a converged grid (N = 5, 1000 iterations) only the work count tells
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
mutation=${1:?usage: make-broken-library.sh MUTATION OUTDIR}
out=${2:?usage: make-broken-library.sh MUTATION OUTDIR}
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
cp -r "$root/native-hip/." "$copy/"
rm -rf "$copy/target"
case $mutation in
  skip-last-half-sweep)
    file=$copy/src/device/work_count.h
    before='return args.fault == HF_FAULT_SKIP_HALF_SWEEP \&\& block == args.fault_block \&\& step == args.steps - 1;'
    after='return block == 0 \&\& step == args.steps - 1;'
    ;;
  *)
    echo "make-broken-library: no mutation $mutation (skip-last-half-sweep)" >&2
    exit 2
    ;;
esac
sed -i "s/$before/$after/" "$file"
if ! grep -q "${after//\\/}" "$file"; then
  echo "make-broken-library: the mutation $mutation no longer applies to $file" >&2
  exit 1
fi
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
cmake -S "$copy" -B "$copy/build" -DCMAKE_BUILD_TYPE=Release -DGPU_RUNTIME=CUDA -DCMAKE_CUDA_COMPILER="$nvcc" >/dev/null
cmake --build "$copy/build" --parallel "$(nproc)" --target holdfast_native >/dev/null
mkdir -p "$out"
cp "$copy/build/libholdfast_native.so" "$out/"
echo "make-broken-library: $out/libholdfast_native.so ($mutation)"
