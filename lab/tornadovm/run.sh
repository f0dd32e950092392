#!/usr/bin/env bash
# On the GPU machine (no Java, no network): unpacks the kit made by pack.sh and runs Holdfast's
# harness under TornadoVM's `tornado` launcher with the TornadoVM modes beside Holdfast's own:
#
#   holdfast -m tornado,tornado-graph,launch-sync,graph,PERSISTENT -n SIZES --no-plots --no-overheads
#
# Every row is checked by the harness as every mode is (a verification run from a random interior,
# every timed repeat bit for bit against the reference; TornadoVM with tornado.enable.fma=false,
# which the tornadovm backend sets). Prints Holdfast's table, then the ratios of issue 13:
# launch-sync against tornado (Holdfast's launches against TornadoVM's plain execute()) and graph
# against tornado-graph (the two CUDA-graph paths).
#
#   bash lab/tornadovm/run.sh [KIT [SIZES [PERSISTENT]]]
#     KIT         default: .device-carry/tornadovm/holdfast-tornadovm-kit.tar.gz in the repository root
#     SIZES       default: 11,101,1001,4097
#     PERSISTENT  the persistent mode (and options) to set beside them; default: persistent-grid
#
# Uses TornadoVM's own launcher (sdk/bin/tornado) where python3 is on the PATH, else the argfile the
# launcher itself documents as its equivalent (java @tornado-argfile). Writes one log,
# $OUT/tornadovm.txt, and prints the tables last. Takes about 60 s, under 3 minutes in all (limits: 15 s for the
# device query, 90 s for the TornadoVM run, 60 s for the persistent run; a run cut short keeps its rows so far).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
kit=${1:-$root/.device-carry/tornadovm/holdfast-tornadovm-kit.tar.gz}
sizes=${2:-11,101,1001,4097}
persistent=${3:-persistent-grid}
out=${OUT:-$root/device-out}
work=${TMPDIR:-/tmp}/holdfast-tornadovm
mkdir -p "$out"
log=$out/tornadovm.txt
jvm_options="--enable-native-access=ALL-UNNAMED -Djava.awt.headless=true -XX:MaxRAMPercentage=70 -Dholdfast.kernel.cache=$work/kernel-cache"

main() {
  if [ ! -f "$kit" ]; then
    echo "run.sh: no TornadoVM kit at $kit (make it with lab/tornadovm/pack.sh and carry it)"
    return 2
  fi
  rm -rf "$work"
  mkdir -p "$work/run"
  tar -xzf "$kit" -C "$work" || return 2
  local home=$work/tornadovm-kit
  export TORNADOVM_HOME=$home/sdk JAVA_HOME=$home/runtime PATH=$PATH:/usr/local/cuda/bin
  # The argfile names the SDK folder: write it for where the kit lies now (the launcher does the same).
  sed "s|\${TORNADOVM_HOME}|$TORNADOVM_HOME|g" "$TORNADOVM_HOME/tornado-argfile.template" >"$TORNADOVM_HOME/tornado-argfile"
  cd "$work/run" || return 2 # the launcher puts "." on the module path: an empty folder
  echo "== machine"
  command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader
  "$JAVA_HOME/bin/java" -version 2>&1 | head -n 1
  echo "kit: $(du -sh "$kit" | cut -f1) packed, $(du -sh "$home" | cut -f1) unpacked"
  # Two processes: TornadoVM creates a CUDA context of its own beside Holdfast's primary context, and
  # in one process the persistent mode's large allocations failed after the TornadoVM rows
  # (N = 4097: CUDA_ERROR_ALREADY_MAPPED). The persistent rows run in a second process, with their own
  # graph rows as the baseline of that run.
  local params="-m tornado,tornado-graph,launch-sync,graph -n $sizes -o $work/results --no-plots --no-overheads"
  local params_persistent="-m graph,$persistent -n $sizes -o $work/results-persistent --no-plots --no-overheads"
  if command -v python3 >/dev/null; then
    echo "launcher: TornadoVM's tornado ($(python3 --version 2>&1))"
  else
    echo "launcher: java @tornado-argfile (no python3 here for TornadoVM's tornado; the argfile is its documented equivalent)"
  fi
  echo "== TornadoVM devices"
  if command -v python3 >/dev/null; then
    timeout 15 "$TORNADOVM_HOME/bin/tornado" --devices 2>&1 | grep -v '^\s*$' | tail -n 12
  else
    timeout 15 "$JAVA_HOME/bin/java" @"$TORNADOVM_HOME/tornado-argfile" uk.ac.manchester.tornado.drivers.TornadoDeviceQuery verbose 2>&1 |
      grep -v '^\s*$' | tail -n 12
  fi
  local status=0
  run_holdfast "$params" 90 "$work/holdfast.txt" || status=$?
  run_holdfast "$params_persistent" 60 "$work/holdfast-persistent.txt" || status=$?
  echo "== results.csv (TornadoVM and standard launches; then the persistent run)"
  cat "$work/results/results.csv" 2>/dev/null
  tail -n +2 "$work/results-persistent/results.csv" 2>/dev/null
  echo
  grep '^|' "$work/holdfast.txt"
  echo
  grep '^|' "$work/holdfast-persistent.txt"
  echo
  ratios "$work/results/results.csv" "$work/results-persistent/results.csv"
  return "$status"
}

# run_holdfast PARAMS LIMIT LOG: holdfast PARAMS under TornadoVM's launcher (or its argfile), at most
# LIMIT seconds, its output in LOG; prints its lines that are not table rows and its exit status.
run_holdfast() {
  local params=$1 limit=$2 out=$3
  local -a run
  if command -v python3 >/dev/null; then
    run=("$TORNADOVM_HOME/bin/tornado" "--jvm=$jvm_options" -cp "$home/app/holdfast.jar" org.holdfast.bench.Main "--params=$params")
  else
    # shellcheck disable=SC2086 # the options and parameters are several words on purpose
    run=("$JAVA_HOME/bin/java" @"$TORNADOVM_HOME/tornado-argfile" $jvm_options -cp "$home/app/holdfast.jar" org.holdfast.bench.Main $params)
  fi
  echo "== holdfast $params"
  local start=$SECONDS
  timeout "$limit" "${run[@]}" >"$out" 2>&1
  local status=$?
  grep -v '^holdfast: .*(.*%' "$out" | grep -v '^|' | grep -v '^\s*$' | tail -n 25
  echo "holdfast: exit $status in $((SECONDS - start)) s$([ "$status" -eq 124 ] && echo " (stopped at the $limit s limit)")"
  return "$status"
}

# The issue's ratios from results.csv (µs per iteration, median): how many times faster Holdfast's
# launch-sync is than TornadoVM's execute(), its graph than TornadoVM's withCUDAGraph(), and the
# persistent mode than both.
# ratios CSV [PERSISTENT_CSV]: the second file, from the persistent run, gives the persistent rows only.
ratios() {
  [ -f "$1" ] || { echo "(no results.csv: no ratios)"; return; }
  # A quoted note ("cluster of 16, k = 4, ...") holds commas: it is emptied before the fields are read.
  awk -F, 'FNR > 1 {
      gsub(/"[^"]*"/, "")
      if ($11 == "") next
      name = $1 ($3 != "" ? " (" $3 ")" : "")
      if ($1 ~ /^persistent/) { p[$6] = $11; pname[$6] = name; sizes[$6] = 1 }
      else if (FILENAME == ARGV[1]) { t[$1, $6] = $11; sizes[$6] = 1 }
    }
    function cell(v) { return v == "" ? "-" : sprintf("%.2f", v) }
    function ratio(a, b) { return (a == "" || b == "" || b == 0) ? "-" : sprintf("%.1fx", a / b) }
    END {
      print "| N | tornado | launch-sync | launch-sync vs tornado | tornado-graph | graph | graph vs tornado-graph | persistent | persistent vs tornado-graph |"
      print "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
      n = 0; for (s in sizes) list[++n] = s + 0
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (list[j] < list[i]) { x = list[i]; list[i] = list[j]; list[j] = x }
      for (i = 1; i <= n; i++) {
        s = list[i]
        print "| " s " | " cell(t["tornado", s]) " | " cell(t["launch-sync", s]) " | " ratio(t["tornado", s], t["launch-sync", s]) \
          " | " cell(t["tornado-graph", s]) " | " cell(t["graph", s]) " | " ratio(t["tornado-graph", s], t["graph", s]) \
          " | " (s in p ? pname[s] " " cell(p[s]) : "-") " | " ratio(t["tornado-graph", s], p[s]) " |"
      }
      print "(µs per red-black iteration, median of the timed repeats; a ratio is how many times faster the Holdfast mode is; TornadoVM rows: host clock around execute())"
    }' "$@"
}

main 2>&1 | tee "$log"
exit "${PIPESTATUS[0]}"
