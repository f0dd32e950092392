#!/usr/bin/env bash
# Packs what a GPU machine without Java needs to run Holdfast under TornadoVM's launcher, as one
# tarball that needs nothing beside it (not Holdfast's bundle): a jlink'd Java 25 runtime with the
# modules TornadoVM's PTX backend and Holdfast need (and the bundle's fonts, for the plots), the
# parts of the SDK that backend uses with its `tornado` launcher, and Holdfast's holdfast.jar (with
# the tornadovm backend) and native library. Run here, after build-sdk.sh and after building
# Holdfast against the SDK:
#
#   TORNADO_SDK=/work/tornadovm/sdk ./mvnw -B -DskipTests package
#   lab/tornadovm/pack.sh [SDK] [OUTPUT]
#
# SDK defaults to $TORNADO_SDK, else $TORNADOVM_HOME, else the SDK build-sdk.sh built last
# (sdk-folders.sh); OUTPUT to dist/ beside the SDK. Writes OUTPUT/holdfast-tornadovm-kit.tar.gz and
# prints its size; run.sh unpacks and runs it there.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
. "$(dirname "$0")/sdk-folders.sh"
sdk=${1:-$(default_sdk)}
require_sdk "$sdk"
output=${2:-$(default_dist "$sdk")}
jdk=${JAVA_HOME_25:-/usr/lib/jvm/temurin-25-jdk-amd64}
stage=$output/stage/tornadovm-kit
rm -rf "$output/stage"
mkdir -p "$stage/sdk/share/java/tornado" "$stage/sdk/share/java/graalJars" "$stage/sdk/lib" "$stage/sdk/etc" "$stage/sdk/bin" "$stage/app"
holdfast_jar=$root/bench/target/holdfast/lib/holdfast.jar
if ! unzip -Z1 "$holdfast_jar" 2>/dev/null | grep -c 'org/holdfast/tornadovm/TornadoVmBackend.class' >/dev/null; then
  echo "pack.sh: $holdfast_jar has no tornadovm backend: build Holdfast with TORNADO_SDK=$sdk ./mvnw -B -DskipTests package first" >&2
  exit 1
fi

# The JDK modules the kept jars require (jar --describe-module): JVMCI for Graal, java.desktop
# because tornado.drivers.ptx requires it, management for Graal's Truffle compiler module. The
# module image stays uncompressed (zip-0): the tarball's gzip then packs it to 18 MB, where jlink's
# own zip-9 leaves 25 MB. libjvm.so ships with its symbol table: strip it (30 MB to 25 MB).
"$jdk/bin/jlink" --add-modules java.base,java.logging,java.management,jdk.management,jdk.unsupported,jdk.internal.vm.ci,java.desktop \
  --strip-debug --no-man-pages --no-header-files --compress=zip-0 --output "$stage/runtime"
find "$stage/runtime" -name '*.so' -exec strip --strip-unneeded {} +
# The plots' fonts, for machines that have none (as the bundle's make-bundle.sh does).
mkdir -p "$stage/runtime/lib/fonts"
cp "$root"/bench/src/bundle/fonts/*.ttf "$root/bench/src/bundle/fonts/LICENSE.txt" "$stage/runtime/lib/fonts/"
cp "$root/bench/src/bundle/fonts/fontconfig.properties" "$stage/runtime/lib/"

# The SDK, less what the PTX backend never loads: examples, benchmarks, unit tests and their
# libraries, the CUDA-library bindings (cuBLAS and friends), Truffle and polyglot (only Truffle
# languages use them; Graal itself needs the small truffle-compiler module).
keep_tornado="tornado-api- tornado-runtime- tornado-annotation- tornado-drivers-common- tornado-drivers-ptx-[0-9] asm- commons-math3- snmp4j-"
for jar in "$sdk"/share/java/tornado/*.jar; do
  for keep in $keep_tornado; do
    # shellcheck disable=SC2254 # the patterns are globs on purpose
    case $(basename "$jar") in $keep*) cp "$jar" "$stage/sdk/share/java/tornado/" ;; esac
  done
done
for keep in compiler- truffle-compiler- collections- word-; do
  cp "$sdk"/share/java/graalJars/"$keep"[0-9]*.jar "$stage/sdk/share/java/graalJars/"
done
cp "$sdk"/lib/libtornado-ptx.so "$stage/sdk/lib/"
cp "$sdk"/etc/tornado.properties "$sdk"/etc/tornado.backend "$sdk"/etc/tornado.release "$stage/sdk/etc/"
cp -r "$sdk"/etc/exportLists "$stage/sdk/etc/"
cp "$sdk"/bin/tornado "$sdk"/bin/tornado.py "$stage/sdk/bin/"   # the launcher (python3), as the SDK has it
cp "$sdk"/tornado-argfile.template "$sdk"/LICENSE_* "$stage/sdk/"

# Holdfast: the bundle's holdfast.jar (the tool, with the tornadovm backend and the kernels' twins)
# and the native library, found by the persistent modes beside the jar.
cp "$holdfast_jar" "$stage/app/"
if [ -f "$root/bench/target/holdfast/lib/libholdfast_native.so" ]; then
  cp "$root/bench/target/holdfast/lib/libholdfast_native.so" "$stage/app/"
else
  echo "pack.sh: no libholdfast_native.so in the bundle (built where nvcc is): the persistent modes will say so" >&2
fi

tar -czf "$output/holdfast-tornadovm-kit.tar.gz" -C "$output/stage" tornadovm-kit
rm -rf "$output/stage"
echo "kit: $output/holdfast-tornadovm-kit.tar.gz, $(du -k "$output/holdfast-tornadovm-kit.tar.gz" | cut -f1) KiB"
