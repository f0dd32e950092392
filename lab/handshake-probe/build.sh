#!/bin/sh
# Builds handshake_probe (CUDA only, no GPU needed to build) into OUT_DIR (default: this folder).
#   lab/handshake-probe/build.sh [OUT_DIR]
# bench/src/device/make-device-kit.sh runs it to put the probe in the kit's native/ folder.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here}
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
mkdir -p "$out"
"$nvcc" -std=c++17 -O2 -arch=sm_90 -o "$out/handshake_probe" "$here/handshake_probe.cu"
echo "built $out/handshake_probe"
