#!/usr/bin/env bash
# Builds a TornadoVM SDK with the PTX backend from source, with a local JDK 25 and nothing fetched
# from outside Maven Central (TornadoVM's own installer also clones GitHub repositories and pip-installs
# Python modules; the PTX backend needs none of that). See docs/tornadovm.md.
#
#   lab/tornadovm/build-sdk.sh [WORK]      (default WORK: /work/tornadovm)
#
# Expects WORK/src to be a TornadoVM checkout (tag v5.2.0-jdk25; clone-tag.sh makes one). Writes:
#   WORK/m2          TornadoVM's own Maven repository (the shared ~/.m2 is only read, as a tail)
#   WORK/stubs       empty libcuda.so / libnvidia-ml.so to link against where the driver is absent
#   WORK/sdk         the SDK (TORNADOVM_HOME), with tornado-argfile expanded for that folder
#   WORK/logs/*.log  one log per step
set -euo pipefail
work=${1:-/work/tornadovm}
src=$work/src
logs=$work/logs
graal_version=25.0.2     # TornadoVM's pom.xml property graalvm.version
export JAVA_HOME=${JAVA_HOME_25:-/usr/lib/jvm/temurin-25-jdk-amd64}
export PATH=$JAVA_HOME/bin:$PATH
mkdir -p "$logs" "$work/stubs" "$work/m2"
mvn=("$src/mvnw" -B -Dstyle.color=never "-Dmaven.repo.local=$work/m2" "-Dmaven.repo.local.tail=$HOME/.m2/repository")

step() { # step NAME COMMAND...: runs COMMAND with its output in logs/NAME.log
  local name=$1; shift
  echo "[$(date +%T)] $name"
  if ! "$@" >"$logs/$name.log" 2>&1; then
    echo "FAILED: $name (see $logs/$name.log)"; tail -n 30 "$logs/$name.log"; exit 1
  fi
}

# 1. Graal compiler jars (JDK 25 has JVMCI but no Graal): the jars of TornadoVM's
#    bin/pull_graal_jars.py, through Maven instead of its Python downloader. Its eighth,
#    org.graalvm.compiler:compiler-management:25.0.2, is not on Maven Central (the script would save
#    the 404 page as a jar); nothing in TornadoVM requires it.
cd "$src"
mkdir -p graalJars
for gav in org.graalvm.compiler:compiler org.graalvm.sdk:graal-sdk \
           org.graalvm.truffle:truffle-api org.graalvm.truffle:truffle-compiler org.graalvm.sdk:collections \
           org.graalvm.sdk:word org.graalvm.polyglot:polyglot; do
  [ -f "graalJars/${gav#*:}-$graal_version.jar" ] && continue
  step "graal-${gav#*:}" "${mvn[@]}" -q org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy \
    "-Dartifact=$gav:$graal_version" -DoutputDirectory=graalJars -Dtransitive=false
done

# 2. Link stubs. The PTX JNI library links -lcuda -lnvidia-ml; a machine with the CUDA toolkit but
#    no driver has neither (the toolkit here ships no stubs folder). A shared library may leave its
#    symbols undefined, so empty libraries with the driver's sonames suffice; the real ones are
#    loaded on the GPU machine. --no-as-needed keeps them as NEEDED entries although the empty
#    stubs resolve nothing (Debian's gcc links --as-needed by default, which would drop them and
#    leave cuInit unresolved at run time).
for lib in cuda:libcuda.so.1 nvidia-ml:libnvidia-ml.so.1; do
  name=${lib%%:*} soname=${lib#*:}
  [ -f "$work/stubs/lib$name.so" ] || echo | gcc -shared -fPIC -x c - -Wl,-soname,"$soname" -o "$work/stubs/lib$name.so"
done
export LIBRARY_PATH=$work/stubs${LIBRARY_PATH:+:$LIBRARY_PATH}
export LDFLAGS="-Wl,--no-as-needed${LDFLAGS:+ $LDFLAGS}"

# 3. The Maven build, PTX backend only (what TornadoVM's bin/compile runs for --backend ptx).
echo "tornado.backends=ptx-backend" >tornado-assembly/src/etc/tornado.backend
step maven-clean "${mvn[@]}" -Pjdk25,ptx-backend clean
step maven-install "${mvn[@]}" -T2 -Pjdk25,ptx-backend -Dtornado.backend=ptx install

# 4. The SDK folder (the assembly unpacks it under dist/), and the argfile that lets a plain
#    `java @tornado-argfile` run TornadoVM without the Python launcher.
readelf -d tornado-drivers/ptx-jni/target/linux-amd64-release/cmake/libtornado-ptx.so | grep -q 'NEEDED.*libcuda.so.1' \
  || { echo "FAILED: libtornado-ptx.so does not name libcuda.so.1"; exit 1; }
inner=$(ls -d "$src"/dist/tornadovm-*-ptx-linux-amd64/tornadovm-*-ptx | head -n 1)
rm -rf "$work/sdk"
cp -a "$inner" "$work/sdk"
echo "tornado.backends=ptx-backend" >"$work/sdk/etc/tornado.backend"
export TORNADOVM_HOME=$work/sdk
(cd "$work/sdk/bin" && step argfile python3 gen-tornado-argfile-template.py ptx)
sed "s|\${TORNADOVM_HOME}|$work/sdk|g" "$work/sdk/tornado-argfile.template" >"$work/sdk/tornado-argfile"
du -sh "$work/sdk"
# pack.sh and check-here.sh default to the SDK built last (sdk-folders.sh).
echo "$(cd "$work/sdk" && pwd)" >"$(cd "$(dirname "$0")" && pwd)/last-build"
echo "TORNADOVM_HOME=$work/sdk"
