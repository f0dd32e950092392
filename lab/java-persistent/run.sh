#!/bin/sh
# Runs the java-persistent GPU check THERE (H200, CUDA 13) from the binary build.sh left in this
# folder: the full check (bit-for-bit correctness and timings of the bench's Java persistent kernels,
# grid barrier, dataflow and on chip, and of the compiler's samples; watchdog, atomics, clusters,
# dynamic shared memory beyond 48 KiB), then the small cases under compute-sanitizer memcheck,
# racecheck and synccheck. Writes one log,
# $OUT/java-persistent.txt, and prints the full check's table last. Under 120 s.
set -u
here=$(cd "$(dirname "$0")" && pwd)
out="${OUT:-$here}"
log="$out/java-persistent.txt"
mkdir -p "$out"
status=0
timeout 40 "$here/java_persistent_check" > "$log" 2>&1 || status=$?
table=$(sed -n '/^check /,/failed$/p' "$log")
sanitizers=""
for tool in memcheck racecheck synccheck; do
  echo "== compute-sanitizer --tool $tool (small cases)" >> "$log"
  if timeout 25 compute-sanitizer --tool "$tool" --error-exitcode 3 "$here/java_persistent_check" --small >> "$log" 2>&1; then
    sanitizers="$sanitizers $tool=clean"
  else
    sanitizers="$sanitizers $tool=FAILED"
    status=1
  fi
done
echo "== sanitizers:$sanitizers (exit $status)" >> "$log"
echo "${table:-no table: the check did not finish (exit $status), see $log}"
echo "sanitizers:$sanitizers"
exit $status
