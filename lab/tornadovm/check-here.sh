#!/usr/bin/env bash
# Tries the kit on this machine, which has no GPU, against a stand-in libcuda.so.1 (fake-driver/:
# device memory is host memory, kernels never run). What it shows before any GPU time is spent:
#   1. the plumbing of the tornadovm backend (TornadoVmPlumbing): an array loaded, run on and read
#      back comes back as loaded, each load replaces the last, and after the first run nothing is
#      allocated or compiled again, plainly and with withCUDAGraph();
#   2. run.sh end to end at N = 11: the jlink'd runtime, the slimmed SDK, TornadoVM's tornado
#      launcher and holdfast under it; TornadoVM compiles the twins to PTX, ptxas accepts it for
#      sm_90. The rows are MISMATCH by design (no kernel runs); the Holdfast GPU modes say that the
#      stand-in driver does not support them.
#
#   lab/tornadovm/check-here.sh [KIT]   (default: the kit pack.sh writes for the same SDK, in dist/
#                                        beside it: $TORNADO_SDK, $TORNADOVM_HOME or the last built)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/sdk-folders.sh"
kit=${1:-$(default_dist "$(default_sdk)")/holdfast-tornadovm-kit.tar.gz}
if [ ! -f "$kit" ]; then
  echo "check-here.sh: no kit at $kit: make it with lab/tornadovm/pack.sh, or give its path" >&2
  exit 2
fi
fake=$(mktemp -d)
trap 'rm -rf "$fake"' EXIT
gcc -shared -fPIC -O1 -Wall -Wextra -Werror -Wl,-soname,libcuda.so.1 -o "$fake/libcuda.so.1" "$here/fake-driver/fake_libcuda.c"
echo | gcc -shared -fPIC -x c - -Wl,-soname,libnvidia-ml.so.1 -o "$fake/libnvidia-ml.so.1"
mkdir -p "$fake/ptx" "$fake/out" "$fake/kit"
export LD_LIBRARY_PATH=$fake FAKE_CUDA_PTX_DIR=$fake/ptx
echo "== 1. plumbing (stand-in driver)"
tar -xzf "$kit" -C "$fake/kit"
home=$fake/kit/tornadovm-kit
sed "s|\${TORNADOVM_HOME}|$home/sdk|g" "$home/sdk/tornado-argfile.template" >"$fake/argfile"
(cd "$fake/out" && TORNADOVM_HOME=$home/sdk "$home/runtime/bin/java" @"$fake/argfile" --enable-native-access=ALL-UNNAMED \
  -cp "$home/app/holdfast.jar" org.holdfast.tornadovm.TornadoVmPlumbing 2>&1 | grep -E '^(ok|FAILED|device|plumbing)')
echo "== 2. run.sh at N = 11 (rows MISMATCH by design: no kernel runs)"
rm -f "$fake"/ptx/*
OUT=$fake/out bash "$here/run.sh" "$kit" 11 || true
for ptx in "$fake"/ptx/*.ptx; do
  ptxas -arch=sm_90 "$ptx" -o /dev/null && echo "ptxas sm_90: $(basename "$ptx") ($(grep -m1 -o 'entry [A-Za-z0-9_]*' "$ptx")) ok,"\
    "$(grep -c 'fma\.' "$ptx") fma instructions (0: tornado.enable.fma=false is in force)"
done
