#!/usr/bin/env bash
# Tries the kit on this machine, which has no GPU: builds a stand-in libcuda.so.1 (fake-driver/,
# kernels never run) and runs run.sh against it. What it shows: the jlink'd runtime holds every
# module TornadoVM needs, the slimmed SDK loads, the argfile works, TornadoVM compiles the twin to
# PTX, and ptxas accepts that PTX for sm_90. The checks report "points differ" by design.
#
#   native-hip/tools/tornadovm/check-here.sh [KIT]   (default: /work/tornadovm/dist/holdfast-tornadovm-kit.tar.gz)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
kit=${1:-/work/tornadovm/dist/holdfast-tornadovm-kit.tar.gz}
fake=$(mktemp -d)
trap 'rm -rf "$fake"' EXIT
gcc -shared -fPIC -O1 -Wall -Wextra -Werror -Wl,-soname,libcuda.so.1 -o "$fake/libcuda.so.1" "$here/fake-driver/fake_libcuda.c"
echo | gcc -shared -fPIC -x c - -Wl,-soname,libnvidia-ml.so.1 -o "$fake/libnvidia-ml.so.1"
mkdir -p "$fake/ptx" "$fake/out"
LD_LIBRARY_PATH=$fake FAKE_CUDA_PTX_DIR=$fake/ptx OUT=$fake/out bash "$here/run.sh" "$kit" 11 || true
for ptx in "$fake"/ptx/*.ptx; do
  ptxas -arch=sm_90 "$ptx" -o /dev/null && echo "ptxas sm_90: $(basename "$ptx") ($(grep -m1 -o 'entry [a-z0-9]*_[a-z]*' "$ptx")) ok"
done
