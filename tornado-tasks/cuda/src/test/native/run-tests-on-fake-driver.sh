#!/bin/sh
# Runs this module's tests, GPU tests included, against CPU stand-ins for libcuda.so.1 and NVRTC,
# for machines without a GPU (CI). It checks everything Java hands the driver; timings and
# asynchrony need the real GPU. Needs gcc. Usage, from the repository root:
#   tornado-tasks/cuda/src/test/native/run-tests-on-fake-driver.sh [extra mvn arguments]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../../.." && pwd)
fake="$root/tornado-tasks/cuda/target/fake-driver"
mkdir -p "$fake/kernel-cache"
gcc -O1 -shared -fPIC -o "$fake/libcuda.so.1" "$here/fake-cuda.c"
gcc -O1 -shared -fPIC -o "$fake/libnvrtc.so" "$here/fake-nvrtc.c"
cd "$root"
# The fake NVRTC is found on the loader path only where no toolkit NVRTC is installed; name it outright.
LD_LIBRARY_PATH="$fake" ./mvnw -q -B -pl tornado-tasks/cuda test \
  -Dholdfast.jvm.args="--enable-native-access=ALL-UNNAMED -Dholdfast.kernel.cache=$fake/kernel-cache -Dholdfast.nvrtc.library=$fake/libnvrtc.so" \
  "$@"
