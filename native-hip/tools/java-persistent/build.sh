#!/bin/sh
# Builds the java-persistent GPU check HERE (no GPU needed): regenerates the kernel compiler's sample
# kernels (Maven test-compile of tornado-tasks/compiler), copies their CUDA C into this folder and
# compiles each as its own translation unit, as NVRTC would see it, plus the host check.
# Usage, from anywhere: native-hip/tools/java-persistent/build.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
(cd "$root" && ./mvnw -q -B -o test-compile -pl tornado-tasks/compiler -am)
generated="$root/tornado-tasks/compiler/target/test-classes/META-INF/holdfast/kernels"
cd "$here"
objects=""
for kernels in PersistentKernels StuckKernels AtomicKernels ClusterKernels; do
  cp "$generated/org.holdfast.tornado.compiler.samples.$kernels.cu" "generated_$kernels.cu"
  nvcc -arch=sm_90 -fmad=false -O3 -Werror all-warnings -c "generated_$kernels.cu" -o "generated_$kernels.o"
  objects="$objects generated_$kernels.o"
done
nvcc -arch=sm_90 -fmad=false -O3 -c check.cu -o check.o
# shellcheck disable=SC2086
nvcc -arch=sm_90 -o java_persistent_check check.o $objects
echo "built $here/java_persistent_check"
