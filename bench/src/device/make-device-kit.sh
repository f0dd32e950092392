#!/bin/sh
# Packs what a GPU machine without Java, Maven or network needs to test and measure Holdfast:
# the bundle's tarball, the GPU tests (test classes and JUnit's console launcher), the native
# self-test, and examples/ compiled as a user would (javac against the bundle's jar, its kernel
# compiler on the processor path) for the session's user phase. Run from the repository root after ./mvnw verify (or package); writes .device-kit/ (ignored by git),
# which the device tool carries. See bench/src/device/h200-session.sh for what runs there.
set -eu
root=$(cd "$(dirname "$0")/../../.." && pwd)
kit=$root/.device-kit
junit_version=1.14.4
rm -rf "$kit"
mkdir -p "$kit/tests" "$kit/native"
# The bundle recompressed with xz (about 3 MiB less than gzip): what travels to the device is capped at 64 MiB.
bundle=$(ls "$root"/bench/target/holdfast-*-linux-x86_64.tar.gz)
gzip -dc "$bundle" | xz -T0 -6 >"$kit/$(basename "$bundle" .gz).xz"
for module in tornado-tasks/cuda tornado-tasks/kernels persistent-bridge bench; do
  name=$(basename "$module")
  cp -r "$root/$module/target/test-classes" "$kit/tests/$name"
done
cp "$root"/tornado-tasks/compiler/target/holdfast-kernel-compiler-*-tests.jar "$kit/tests/"
"$root/mvnw" -q -B dependency:copy -Dartifact=org.junit.platform:junit-platform-console-standalone:$junit_version \
  -DoutputDirectory="$kit/tests" -Dmdep.stripVersion=true
cp "$root"/native-hip/target/bin/* "$kit/native/"
# The host handshake's floor (h200-session.sh phase probe): a lab probe, built beside the self-test.
"$root/lab/handshake-probe/build.sh" "$kit/native"
# A baseline to compare with in the same session (h200-session.sh phase before:...): the lib/ folder
# of an earlier bundle (holdfast.jar and libholdfast_native.so), given as BASELINE_LIB=DIR.
if [ -n "${BASELINE_LIB:-}" ]; then
  mkdir -p "$kit/baseline"
  cp "$BASELINE_LIB"/holdfast.jar "$BASELINE_LIB"/libholdfast_native.so "$kit/baseline/"
fi
# A broken native library (make-broken-library.sh), for h200-session.sh's phase broken:..., given as BROKEN_LIB=DIR.
if [ -n "${BROKEN_LIB:-}" ]; then
  mkdir -p "$kit/broken"
  cp "$BROKEN_LIB"/libholdfast_native.so "$kit/broken/"
fi
# A user's kernels, compiled as docs/user-kernels.md says (h200-session.sh phase user:...).
. "$root/.mvn/select-java.sh"
mkdir -p "$kit/user-kernels/classes"
jar=$root/bench/target/holdfast/lib/holdfast.jar
"$JAVA_HOME/bin/javac" -cp "$jar" -processorpath "$jar" -d "$kit/user-kernels/classes" "$root"/examples/src/main/java/org/example/*.java
du -sh "$kit"
