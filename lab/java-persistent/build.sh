#!/bin/sh
# Builds the java-persistent GPU check HERE (no GPU needed): regenerates the generated CUDA C of the
# kernel compiler's samples and of the bench's Java persistent kernels (Maven test-compile of
# tornado-tasks/kernels, which builds the compiler first), copies it into this folder and compiles
# each class as its own translation unit, as NVRTC would see it, plus the host check.
# Usage, from anywhere: lab/java-persistent/build.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
(cd "$root" && ./mvnw -q -B -o test-compile -pl tornado-tasks/compiler,tornado-tasks/kernels -am)
samples="$root/tornado-tasks/compiler/target/test-classes/META-INF/holdfast/kernels/org.holdfast.tornado.compiler.samples"
kernels="$root/tornado-tasks/kernels/target/classes/META-INF/holdfast/kernels/org.holdfast.kernels"
broken="$root/tornado-tasks/kernels/target/test-classes/META-INF/holdfast/kernels/org.holdfast.kernels"
cd "$here"
objects=""
for source in "$samples.PersistentKernels" "$samples.StuckKernels" "$samples.AtomicKernels" "$samples.ClusterKernels" \
    "$kernels.PersistentRedBlackKernels" "$broken.BrokenPersistentKernels"; do
  name=${source##*.}
  cp "$source.cu" "generated_$name.cu"
  nvcc -arch=sm_90 -fmad=false -O3 -Werror all-warnings -c "generated_$name.cu" -o "generated_$name.o"
  objects="$objects generated_$name.o"
done
nvcc -arch=sm_90 -fmad=false -O3 -c check.cu -o check.o
# shellcheck disable=SC2086
nvcc -arch=sm_90 -o java_persistent_check check.o $objects
echo "built $here/java_persistent_check"
