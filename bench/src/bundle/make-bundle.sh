#!/bin/sh
# Builds the self-contained bundle: target/holdfast/ and target/<name>.tar.gz.
#   runtime/   a jlink Java runtime with only the modules Holdfast uses
#   lib/       holdfast.jar (the tool, its libraries and the JMH benchmarks) and the native library
#   config/    the experiment files
#   docs/      the pages of docs/: what the columns mean, kernels of your own, the kernel language, ...
#   examples/  kernels of your own as a Maven project (docs/user-kernels.md)
#   bin/       holdfast and holdfast-jmh (the same launcher under two names)
# Arguments: the bench module's target folder, the tarball's name, the repository root.
# The last thing it writes is holdfast/.complete: ./holdfast rebuilds a bundle without it (an interrupted build).
set -eu
target=$1
name=$2
root=$3
bundle=$target/holdfast
limit_mib=64

[ -n "${JAVA_HOME-}" ] && [ -x "$JAVA_HOME/bin/jlink" ] || { echo "make-bundle: JAVA_HOME must point at a JDK 25 with jlink (run through ./mvnw)" >&2; exit 1; }

rm -rf "$bundle" "$target/$name.tar.gz"
mkdir -p "$bundle/lib" "$bundle/bin"

# java.desktop draws the plots; java.management and jdk.unsupported serve JMH; java.logging serves JUnit on GPU machines.
"$JAVA_HOME/bin/jlink" \
  --add-modules java.base,java.desktop,java.logging,java.management,jdk.unsupported \
  --strip-debug --no-header-files --no-man-pages --compress=zip-9 \
  --exclude-files='**/libawt_xawt.so,**/libsplashscreen.so,**/libjsound.so,**/libjawt.so,**/libjavajpeg.so,**/bin/keytool' \
  --output "$bundle/runtime"
# The JDK's libraries keep their symbol tables (libjvm.so: 5 MiB of them); the bundle has no use for them.
if command -v strip >/dev/null 2>&1; then
  chmod -R u+w "$bundle/runtime/lib"
  strip --strip-unneeded "$bundle/runtime/lib/server/libjvm.so" "$bundle/runtime/lib/"*.so
fi

# Fonts for the plots on machines that have none: fontconfig.properties is Java's fallback.
mkdir -p "$bundle/runtime/lib/fonts"
cp "$root"/bench/src/bundle/fonts/*.ttf "$root/bench/src/bundle/fonts/LICENSE.txt" "$bundle/runtime/lib/fonts/"
cp "$root/bench/src/bundle/fonts/fontconfig.properties" "$bundle/runtime/lib/"

cp "$target/holdfast-benchmarks.jar" "$bundle/lib/holdfast.jar"
native=$root/native-hip/target/lib/libholdfast_native.so
if [ -f "$native" ]; then
  cp "$native" "$bundle/lib/"
  # Its symbol table is for debuggers, not for the bundle (the C ABI's dynamic symbols stay).
  command -v strip >/dev/null 2>&1 && strip --strip-unneeded "$bundle/lib/libholdfast_native.so"
else
  echo "make-bundle: no native library at $native (built only where nvcc is found): the persistent modes will say so"
fi
mkdir -p "$bundle/config"
cp "$root"/config/* "$bundle/config/"
# One launcher under two names: the name it is started by picks the tool. A copy, not a link, so that
# it needs no tool to find itself when started directly.
cp "$root/bench/src/bundle/bin/holdfast" "$bundle/bin/holdfast"
cp "$root/bench/src/bundle/bin/holdfast" "$bundle/bin/holdfast-jmh"
chmod 755 "$bundle/bin/holdfast" "$bundle/bin/holdfast-jmh"
cp "$root/bench/src/bundle/README.txt" "$bundle/"
mkdir -p "$bundle/docs"
# Every page of docs/ (they cite one another; ExamplesIT checks that each cited one is here; the result folders
# stay in the checkout), and examples/ as a user copies it: pom.xml, README, sources.
cp "$root"/docs/*.md "$bundle/docs/"
mkdir -p "$bundle/examples"
cp -R "$root/examples/pom.xml" "$root/examples/README.md" "$root/examples/src" "$bundle/examples/"

# The limit is on what travels: the compressed tarball (a GPU machine gets it through a 64 MiB channel).
tar -czf "$target/$name.tar.gz" -C "$target" holdfast
size_kib=$(du -sk "$bundle" | cut -f1)
packed_kib=$(du -k "$target/$name.tar.gz" | cut -f1)
if [ "$packed_kib" -gt $((limit_mib * 1024)) ]; then
  rm -f "$target/$name.tar.gz"
  echo "make-bundle: the bundle's tarball is $((packed_kib / 1024)) MiB, over the $limit_mib MiB limit" >&2
  exit 1
fi
# Last: the mark that everything above is in place (./holdfast runs a bundle only with it).
date -u '+%Y-%m-%dT%H:%M:%SZ' >"$bundle/.complete"
echo "make-bundle: $bundle ($((size_kib / 1024)) MiB; packed $((packed_kib / 1024)) MiB) and $target/$name.tar.gz"
