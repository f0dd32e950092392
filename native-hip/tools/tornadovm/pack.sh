#!/usr/bin/env bash
# Packs what a GPU machine without Java needs to run TornadoVM with Holdfast's kernels, as one
# tarball: a jlink'd Java 25 runtime with only the modules TornadoVM's PTX backend needs, the parts
# of the SDK that backend uses, Holdfast's jars and the launcher script. Run here, after
# build-sdk.sh and after building Holdfast against the SDK:
#
#   TORNADO_SDK=/work/tornadovm/sdk ./mvnw -B -DskipTests package -pl tornado-tasks/tornadovm -am
#   native-hip/tools/tornadovm/pack.sh [SDK] [OUTPUT]
#
# SDK defaults to $TORNADO_SDK or /work/tornadovm/sdk; OUTPUT to /work/tornadovm/dist. Writes
# OUTPUT/holdfast-tornadovm-kit.tar.gz and prints its size; run.sh unpacks and runs it there.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
sdk=${1:-${TORNADO_SDK:-/work/tornadovm/sdk}}
output=${2:-/work/tornadovm/dist}
jdk=${JAVA_HOME_25:-/usr/lib/jvm/temurin-25-jdk-amd64}
stage=$output/stage/tornadovm-kit
rm -rf "$output/stage"
mkdir -p "$stage/sdk/share/java/tornado" "$stage/sdk/share/java/graalJars" "$stage/sdk/lib" "$stage/sdk/etc" "$stage/app"

# The JDK modules the kept jars require (jar --describe-module): JVMCI for Graal, java.desktop
# because tornado.drivers.ptx requires it, management for Graal's Truffle compiler module. The
# module image stays uncompressed (zip-0): the tarball's gzip then packs it to 18 MB, where jlink's
# own zip-9 leaves 25 MB. libjvm.so ships with its symbol table: strip it (30 MB to 25 MB).
"$jdk/bin/jlink" --add-modules java.base,java.logging,java.management,jdk.management,jdk.unsupported,jdk.internal.vm.ci,java.desktop \
  --strip-debug --no-man-pages --no-header-files --compress=zip-0 --output "$stage/runtime"
find "$stage/runtime" -name '*.so' -exec strip --strip-unneeded {} +

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
cp "$sdk"/tornado-argfile.template "$sdk"/LICENSE_* "$stage/sdk/"

# Holdfast: the TornadoVM module (twins and the smoke program) and what it uses; the bundle's
# holdfast.jar and native library too where they have been built, for the tornado modes to come.
cp "$root"/tornado-tasks/tornadovm/target/holdfast-tornadovm-*.jar "$root"/tornado-tasks/kernels/target/holdfast-kernels-*.jar \
  "$root"/tornado-tasks/api/target/holdfast-tornado-api-*.jar "$stage/app/"
for built in holdfast.jar libholdfast_native.so; do
  if [ -f "$root/bench/target/holdfast/lib/$built" ]; then
    cp "$root/bench/target/holdfast/lib/$built" "$stage/app/"
  fi
done

tar -czf "$output/holdfast-tornadovm-kit.tar.gz" -C "$output/stage" tornadovm-kit
rm -rf "$output/stage"
du -sh "$output/holdfast-tornadovm-kit.tar.gz"
