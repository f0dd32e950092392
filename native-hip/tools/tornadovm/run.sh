#!/usr/bin/env bash
# On the GPU machine (no Java, no network): unpacks the kit made by pack.sh and runs the smoke test
# of real TornadoVM (PTX backend) with Holdfast's red and black kernels, through their TornadoVM
# twin and KernelContext: a plain execute() per iteration and the same with withCUDAGraph(), each
# checked bit for bit against a CPU loop from a seeded random interior after 10 iterations, then
# timed (us per red-black iteration, median of 5 repeats and the spread).
#
#   bash native-hip/tools/tornadovm/run.sh [KIT [SIZES]]
#     KIT    default: .device-carry/tornadovm/holdfast-tornadovm-kit.tar.gz in the repository root
#     SIZES  default: 11,101,1001
#
# Writes one log, $OUT/tornadovm.txt, and prints the table last. Takes about a minute (limits: 30 s
# for the device query, 80 s for the smoke test).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
kit=${1:-$root/.device-carry/tornadovm/holdfast-tornadovm-kit.tar.gz}
sizes=${2:-11,101,1001}
out=${OUT:-$root/device-out}
work=${TMPDIR:-/tmp}/holdfast-tornadovm
mkdir -p "$out"
log=$out/tornadovm.txt

main() {
  if [ ! -f "$kit" ]; then
    echo "run.sh: no TornadoVM kit at $kit (make it with native-hip/tools/tornadovm/pack.sh and carry it)"
    return 2
  fi
  rm -rf "$work"
  mkdir -p "$work/run"
  tar -xzf "$kit" -C "$work" || return 2
  local home=$work/tornadovm-kit
  export TORNADOVM_HOME=$home/sdk
  # The SDK's argfile names the SDK folder: write it for where the kit lies now.
  sed "s|\${TORNADOVM_HOME}|$TORNADOVM_HOME|g" "$TORNADOVM_HOME/tornado-argfile.template" >"$work/tornado-argfile"
  local java=$home/runtime/bin/java
  local classpath
  classpath=$(ls "$home"/app/holdfast-tornadovm-*.jar "$home"/app/holdfast-kernels-*.jar "$home"/app/holdfast-tornado-api-*.jar | paste -sd:)
  cd "$work/run" || return 2 # the argfile puts "." on the module path: an empty folder
  echo "== machine"
  if command -v nvidia-smi >/dev/null; then
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader
  fi
  "$java" -version 2>&1 | head -n 1
  echo "kit: $(du -sh "$kit" | cut -f1) packed, $(du -sh "$home" | cut -f1) unpacked"
  echo "== TornadoVM devices"
  timeout 30 "$java" @"$work/tornado-argfile" -m tornado.drivers.common/uk.ac.manchester.tornado.drivers.TornadoDeviceQuery
  echo "device query: exit $?"
  echo "== smoke test, N = $sizes"
  local start=$SECONDS
  timeout 80 "$java" @"$work/tornado-argfile" -Dtornado.enable.fma=false -cp "$classpath" org.holdfast.tornadovm.TornadoVmSmoke "$sizes" \
    >"$work/smoke.txt" 2>&1
  local status=$?
  grep -v '^|' "$work/smoke.txt"
  echo "smoke test: exit $status in $((SECONDS - start)) s$([ "$status" -eq 124 ] && echo ' (stopped at the 80 s limit)')"
  echo
  grep '^|' "$work/smoke.txt"
  return "$status"
}

main 2>&1 | tee "$log"
exit "${PIPESTATUS[0]}"
