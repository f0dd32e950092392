#!/usr/bin/env bash
# One batch of GPU work on a machine without Java: unpacks the kit made by make-device-kit.sh and
# runs the phases named on the command line, each bounded by a timeout, logging everything.
#
#   bench/src/device/h200-session.sh PHASE...
#     info                 the GPU, the driver, NVRTC and the tools found
#     native               the native self-test (every kernel and mode, watchdog faults)
#     native:GROUP         one group of the self-test (work-count, deadline, ll-forms), its whole log in the summary
#     native-bench         the native library's own C benchmark
#     probe                the floor under a host handshake (GPU ping-pong through mapped flags)
#     tests                every JUnit test tagged gpu, on the bundle's own Java runtime
#     tests:CLASSES        the same for some test classes only (simple names joined by ',', Class#method for one
#                          method); TESTS_EXCLUDE
#                          (a class-name pattern) leaves classes out of the whole scan, TESTS_TIMEOUT bounds it,
#                          TESTS_DETAILS=tree lists each test as it ends (a run cut short still says what passed),
#                          TESTS_CONFIG passes JUnit configuration parameters, TESTS_WRAPPER runs the JVM under a tool
#     selftest:NAME:ARGS   the native self-test with ARGS (words joined by '+'), logs/selftest-NAME.log
#     sanitize-native      compute-sanitizer memcheck, racecheck and synccheck on the native self-test
#                          (the three tools at once)
#     sanitize-native:NAME:TOOLS:ARGS  one shard of that: the TOOLS (joined by ',') on the self-test with ARGS
#                          (words joined by '+'), logs in logs/NAME/: racecheck on one on-chip variant and a
#                          few sizes, for instance, so that shards run together within a call's time
#     sanitize-java        the same three tools, at once, on the Java-generated kernels through the holdfast
#                          command: standard launches (the temporally blocked pass too, k = 2, 8 and 16), the
#                          Java persistent kernels on chip and on a grid of blocks, and their native twins
#     sanitize-java:NAME:TOOLS:ARGS  the TOOLS (joined by ',') at once on holdfast ARGS (words joined by '+')
#     sanitize-temporal    the same three tools, at once, on the persistent temporal kernels (--barrier temporal, temporal-cg;
#                          then temporal-3blocks, temporal-paired)
#                          at every k it has
#     jmh                  a short run of the JMH benchmarks from the bundle
#     jmh:ARGS             the same with other parameters (ARGS words joined by '+': jmh:-p+n=11+-p+mode=cpu;
#                          with -i in ARGS its own -wi, -i, -w, -r replace the short defaults)
#     sweep:NAME:ARGS      holdfast ARGS -o results/NAME (ARGS words joined by '+'; commas stay inside a word)
#     before:NAME:ARGS     the same with the baseline the kit carries (make-device-kit.sh, BASELINE_LIB):
#                          an earlier holdfast.jar and native library on this bundle's runtime
#     broken:NAME:ARGS     the same with the broken native library the kit carries (make-broken-library.sh,
#                          make-device-kit.sh BROKEN_LIB): what the checks say of a library that skips work
#     ncu:NAME:KERNEL:ARGS Nsight Compute (--set detailed) on the first launch of the kernels matching the
#                          regular expression KERNEL in holdfast ARGS; its report in logs/ncu-NAME.log
#     sass:NAME:REGEX      cuobjdump -sass of the functions matching REGEX in the native library and in the Java
#                          kernels' cubins (the kernel cache, so after a phase that ran them), logs/sass-NAME.log;
#                          the summary gets each function's instruction count
#     user:ARGS            a user's kernels from outside the repository: the kit's compiled examples/
#                          copied to a folder of their own, holdfast ARGS run there with --classpath
#                          classes -o results/user (ARGS as for sweep)
#     together:P1/P2/...   phases that time nothing (tests, sanitizers) run at once, their summary
#                          lines as each ends: together:tests:A,B/sanitize-native/sanitize-java
#
# Writes $OUT/summary.txt, $OUT/logs.tgz and $OUT/results.tgz (the device tool brings $OUT back).
set -uo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
kit=$root/.device-kit
out=${OUT:-$root/device-out}
work=/tmp/holdfast-session
logs=$work/logs
mkdir -p "$out" "$logs" "$work/results"
summary=$out/summary.txt
: >"$summary"
say() { echo "$*" | tee -a "$summary"; }

tar -xf "$kit"/holdfast-*-linux-x86_64.tar.* -C "$work" # .xz from make-device-kit.sh (tar finds the compression)
bundle=$work/holdfast
java=$bundle/runtime/bin/java
export PATH=$PATH:/usr/local/cuda/bin
# Options the caller set (-Dholdfast.bands.transport=copy, say) are kept; the kernel cache is the session's.
export HOLDFAST_JAVA_OPTS="${HOLDFAST_JAVA_OPTS:-} -Dholdfast.kernel.cache=$work/kernel-cache"

# step NAME SECONDS COMMAND...: runs COMMAND with its output in logs/NAME.log and one summary line.
step() {
  local name=$1 limit=$2
  shift 2
  local start=$SECONDS
  timeout "$limit" "$@" >"$logs/$name.log" 2>&1
  local status=$?
  local note=""
  [ "$status" -eq 124 ] && note=" (stopped at the $limit s limit)"
  say "$name: exit $status in $((SECONDS - start)) s$note"
  return "$status"
}

# sanitized NAME TOOL ARGS...: holdfast ARGS (two iterations, no plots or overheads) under
# compute-sanitizer TOOL, with a watchdog of 600 s (the tools slow a kernel by orders of magnitude, and the
# host's deadline for a run's first launch, twice the watchdog plus a second, must not cut it short), its log in logs/NAME.log and the tool's summary line in the summary.
sanitized() {
  local name=$1 tool=$2
  shift 2
  # No bandwidth probes under a tool (Ceilings): racecheck alone spent minutes on the shared-memory one.
  HOLDFAST_JAVA_OPTS="$HOLDFAST_JAVA_OPTS -Dholdfast.ceilings=skip" step "$name" "${JAVA_SANITIZE_TIMEOUT:-480}" compute-sanitizer --tool "$tool" --error-exitcode 99 \
    --target-processes all "$bundle/bin/holdfast" "$@" -i 2 -r 1 --watchdog 600 --no-plots --no-overheads \
    -o "$work/results/sanitize-$name"
  say "  $name: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$logs/$name.log" | tail -n 1)"
}

# NAME:TOOLS:ARGS, the form of the sanitize-*:... phases, into $name, $tools (joined by ',') and $args (words
# joined by '+'; empty where the spec ends at TOOLS).
split_tools_spec() {
  local spec=$1
  name=${spec%%:*}
  spec=${spec#*:}
  tools=${spec%%:*}
  args=""
  if [[ $spec == *:* ]]; then
    args=${spec#*:}
  fi
}

# Packs what exists so far: a phase cut short by the time limit still leaves the earlier ones.
pack() {
  # Each archive is written aside and renamed: a pack that overlaps another never leaves half a file.
  tar -czf "$out/.logs.$BASHPID.tgz" -C "$work" logs && mv -f "$out/.logs.$BASHPID.tgz" "$out/logs.tgz"
  tar -czf "$out/.results.$BASHPID.tgz" -C "$work" results && mv -f "$out/.results.$BASHPID.tgz" "$out/results.tgz"
}

run_phase() {
  local phase=$1
  case $phase in
    info)
      {
        nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv
        ls -l /usr/local/cuda*/lib64/libnvrtc* 2>/dev/null | head
        compute-sanitizer --version | head -n 2
        nproc; free -g | head -n 2
      } >"$logs/info.log" 2>&1
      say "info: $(sed -n 2p "$logs/info.log")"
      ;;
    native)
      LD_LIBRARY_PATH=$bundle/lib step native-selftest 240 "$kit/native/holdfast_native_selftest" --verbose
      say "  $(tail -n 1 "$logs/native-selftest.log")"
      grep -E '^FAIL' "$logs/native-selftest.log" | head -n 10 | tee -a "$summary"
      ;;
    native:*)
      group=${phase#native:}
      LD_LIBRARY_PATH=$bundle/lib step "native-$group" 240 "$kit/native/holdfast_native_selftest" --only "$group" --verbose
      cat "$logs/native-$group.log" >>"$summary"
      ;;
    selftest:*)
      # selftest:NAME:ARGS: the native self-test with ARGS (words joined by '+'), e.g. one variant's cases.
      spec=${phase#selftest:}
      name=${spec%%:*}
      args=""
      [[ $spec == *:* ]] && args=${spec#*:}
      # shellcheck disable=SC2086 # the arguments are words joined by '+'
      LD_LIBRARY_PATH=$bundle/lib step "selftest-$name" 240 "$kit/native/holdfast_native_selftest" ${args//+/ }
      say "  selftest-$name: $(tail -n 1 "$logs/selftest-$name.log")"
      grep -E '^FAIL' "$logs/selftest-$name.log" | head -n 10 | tee -a "$summary"
      ;;
    probe)
      step handshake-probe 120 "$kit/native/handshake_probe" 20000
      cat "$logs/handshake-probe.log" >>"$summary"
      ;;
    native-bench)
      LD_LIBRARY_PATH=$bundle/lib step native-bench 240 "$kit/native/holdfast_native_bench"
      ;;
    tests | tests:*)
      classpath=$bundle/lib/holdfast.jar
      for dir in "$kit"/tests/*/; do classpath=$classpath:$dir; done
      classpath=$classpath:$(ls "$kit"/tests/holdfast-kernel-compiler-*-tests.jar)
      # tests:A,B selects those classes (found in any module's test classes) in place of the whole scan.
      selection=(--scan-class-path "$(echo "$kit"/tests/*/ | tr ' ' ':')")
      # TESTS_EXCLUDE (a class-name pattern) leaves classes out of the scan: the timed probes' tests, say,
      # when the tests share the GPU with the sanitizers and run alone in a phase of their own.
      [ -n "${TESTS_EXCLUDE:-}" ] && selection+=(--exclude-classname "$TESTS_EXCLUDE")
      if [ "$phase" != tests ]; then
        selection=()
        IFS=, read -r -a names <<<"${phase#tests:}"
        for name in "${names[@]}"; do
          # Class#method(types) selects one test method (a disabled one lifted by TESTS_CONFIG, say) instead of its
          # class; JUnit wants the parameter types, written with ';' between them (',' separates the classes).
          method=""
          [[ $name == *'#'* ]] && method=${name#*#} && name=${name%%#*} && method=${method//;/,}
          found=$(cd "$kit/tests" && find . -name "$name.class" | head -n 1 | cut -d/ -f3- | sed 's/\.class$//; s|/|.|g')
          if [ -z "$found" ]; then say "tests: no test class $name"
          elif [ -n "$method" ]; then selection+=(--select-method "$found#$method")
          else selection+=(--select-class "$found"); fi
        done
      fi
      # TESTS_CONFIG: JUnit configuration parameters (key=value, space-separated), e.g. the one that runs
      # @Disabled tests; TESTS_WRAPPER: a command the JVM runs under (compute-sanitizer ... --target-processes all);
      # TESTS_JAVA_OPTS: more options of the test JVM (-Dholdfast.nccl.bands.library=...).
      local config=()
      for parameter in ${TESTS_CONFIG:-}; do config+=(--config "$parameter"); done
      # shellcheck disable=SC2086 # the wrapper is words
      # shellcheck disable=SC2086 # the options are words
      step junit-gpu "${TESTS_TIMEOUT:-300}" ${TESTS_WRAPPER:-} "$java" --enable-native-access=ALL-UNNAMED -Djava.awt.headless=true ${TESTS_JAVA_OPTS:-} \
        -Dholdfast.native.library="$bundle/lib/libholdfast_native.so" -Dholdfast.kernel.cache="$work/kernel-cache" \
        -jar "$kit/tests/junit-platform-console-standalone.jar" execute \
        --class-path "$classpath" "${selection[@]}" "${config[@]}" \
        --include-tag gpu --details="${TESTS_DETAILS:-summary}" --disable-banner --reports-dir "$logs/junit"
      grep -E 'tests (successful|failed|skipped|aborted)' "$logs/junit-gpu.log" | tee -a "$summary"
      grep -E '✘|MethodSource|=> ' "$logs/junit-gpu.log" | head -n 30 | tee -a "$summary"
      ;;
    sanitize-native)
      SANITIZE_TIMEOUT=${SANITIZE_TIMEOUT:-380} SANITIZE_LOG_DIR=$logs SANITIZE_PARALLEL=1 \
        LD_LIBRARY_PATH=$bundle/lib step native-sanitize 420 bash "$root/native-hip/scripts/sanitize.sh" "$kit/native/holdfast_native_selftest"
      sed -n '/compute-sanitizer summary/,$p' "$logs/native-sanitize.log" | tee -a "$summary"
      ;;
    sanitize-native:*)
      split_tools_spec "${phase#sanitize-native:}"
      mkdir -p "$logs/$name"
      # shellcheck disable=SC2086 # the arguments are words joined by '+'
      SANITIZE_TIMEOUT=${SANITIZE_TIMEOUT:-500} SANITIZE_LOG_DIR=$logs/$name SANITIZE_TOOLS=${tools//,/ } \
        LD_LIBRARY_PATH=$bundle/lib step "sanitize-$name" 540 bash "$root/native-hip/scripts/sanitize.sh" \
        "$kit/native/holdfast_native_selftest" ${args//+/ }
      say "  $name: $(sed -n '/compute-sanitizer summary/,$p' "$logs/sanitize-$name.log" | sed -n 2p | cut -d'(' -f1)"
      ;;
    sanitize-java)
      # memcheck and synccheck on every task-graph mode and the persistent modes with Java twins (on
      # chip at 11 to 33, a grid of blocks at 101); racecheck (shared-memory hazards) on plain launches
      # and persistent-grid, whose kernels use shared memory. The three at once: nothing here is timed.
      local pids=()
      for tool in memcheck synccheck racecheck; do
        modes=launch,launch-sync,graph,persistent-grid,persistent-dataflow
        [ "$tool" = racecheck ] && modes=launch,persistent-grid
        sanitized "java-$tool" "$tool" -m "$modes" -k java,native -n 11,12,33,101 --sweeps-per-launch 1,2,8,16 &
        pids+=($!)
      done
      wait "${pids[@]}"
      ;;
    sanitize-java:*)
      # sanitize-java:NAME:TOOLS:ARGS: the TOOLS (joined by ',') at once on holdfast ARGS (words joined by '+'),
      # logs as java-NAME-TOOL: one Java kernel's runs under the three tools, for instance.
      split_tools_spec "${phase#sanitize-java:}"
      local pids=()
      for tool in ${tools//,/ }; do
        # shellcheck disable=SC2086 # the arguments are words joined by '+'
        sanitized "java-$name-$tool" "$tool" ${args//+/ } &
        pids+=($!)
      done
      wait "${pids[@]}"
      ;;
    sanitize-temporal)
      # The persistent temporally blocked kernels (two-slot and cooperative groups' barrier) at every k they
      # have, under the three tools at once.
      local pids=()
      for tool in memcheck synccheck racecheck; do
        sanitized "temporal-$tool" "$tool" -m persistent-grid --barrier temporal,temporal-cg -k native -n 33,101 \
          --sweeps-per-exchange 1,2,3,4,6,8,12,16,24,32 &
        pids+=($!)
      done
      wait "${pids[@]}"
      # Three blocks per SM, and the 16-byte pairs (odd and even N take different forms), at every k each has.
      pids=()
      for tool in memcheck synccheck racecheck; do
        (sanitized "temporal-3blocks-$tool" "$tool" -m persistent-grid --barrier temporal-3blocks -k native -n 33,34,101 \
          --sweeps-per-exchange 2,4,6,8
        sanitized "temporal-paired-$tool" "$tool" -m persistent-grid --barrier temporal-paired -k native -n 33,34,101 \
          --sweeps-per-exchange 2,3,4,6,8,12,16) &
        pids+=($!)
      done
      wait "${pids[@]}"
      ;;
    jmh | jmh:*)
      # jmh:ARGS replaces the parameters (ARGS words joined by '+', e.g. jmh:-p+n=11+-p+mode=cpu).
      # jmh:ARGS also replaces the iteration counts when it names them (-wi, -i, -w, -r).
      params="-p n=101 -p mode=cpu-parallel,graph,persistent-grid,persistent-dataflow"
      [ "$phase" != jmh ] && params=${phase#jmh:} && params=${params//+/ }
      counts="-wi 2 -i 3 -w 1 -r 1"
      case " $params " in *" -i "*) counts="" ;; esac
      # shellcheck disable=SC2086 # the parameters are words
      step jmh 180 "$bundle/bin/holdfast-jmh" SolverBenchmark $params $counts \
        -f 1 -rf json -rff "$logs/jmh.json"
      grep -A 12 '^Benchmark' "$logs/jmh.log" | tee -a "$summary"
      ;;
    before:* | broken:*)
      # The bundle with lib/ files the kit carries in place of its own: an earlier holdfast.jar and
      # library (before:, BASELINE_LIB), or a broken library (broken:, BROKEN_LIB).
      kind=${phase%%:*}
      spec=${phase#*:}
      name=${spec%%:*}
      args=${spec#*:}
      folder=baseline
      [ "$kind" = broken ] && folder=broken
      if [ -z "$(ls "$kit/$folder" 2>/dev/null)" ]; then
        say "$kind:$name: no $folder in the kit (make-device-kit.sh with $( [ "$kind" = broken ] && echo BROKEN_LIB || echo BASELINE_LIB )=DIR)"
        return
      fi
      if [ ! -d "$work/holdfast-$kind" ]; then
        cp -r "$bundle" "$work/holdfast-$kind"
        cp "$kit/$folder"/* "$work/holdfast-$kind/lib/"
      fi
      # shellcheck disable=SC2086 # the arguments are words joined by '+'
      step "$kind-$name" 540 "$work/holdfast-$kind/bin/holdfast" ${args//+/ } -o "$work/results/$kind-$name"
      cat "$logs/$kind-$name.log" >>"$summary"
      ;;
    sweep:*)
      spec=${phase#sweep:}
      name=${spec%%:*}
      args=${spec#*:}
      # shellcheck disable=SC2086 # the arguments are words joined by '+'
      step "sweep-$name" 540 "$bundle/bin/holdfast" ${args//+/ } -o "$work/results/$name"
      cat "$logs/sweep-$name.log" >>"$summary"
      ;;
    ncu:*)
      # Nsight Compute on the first launch of the kernels matching KERNEL (a regular expression over the
      # __global__ function names, templates by their own name: cluster_resident, not cluster_barrier_3d_p1) in
      # holdfast ARGS: where a kernel's time goes (throughputs against their peaks, shared-memory
      # wavefronts and bank conflicts, stall reasons). Clocks left alone (--clock-control none, as the
      # device's METHOD.md asks); the kernel is replayed, so nothing here is a timing.
      spec=${phase#ncu:}
      name=${spec%%:*}
      spec=${spec#*:}
      kernel=${spec%%:*}
      args=${spec#*:}
      # shellcheck disable=SC2086 # the arguments are words joined by '+'
      step "ncu-$name" 240 ncu --clock-control none --target-processes all -k "regex:$kernel" -c 1 --set detailed \
        --section WarpStateStats --print-details all "$bundle/bin/holdfast" ${args//+/ } -r 1 --no-plots --no-overheads -o "$work/results/ncu-$name"
      say "ncu $name ($kernel):"
      grep -E '^  [a-z_0-9]+.*\(|Duration|Throughput|Shared|Bank|Achieved Occupancy|Registers Per|Warp Cycles Per Issued|One or More Eligible|Stall' \
        "$logs/ncu-$name.log" | grep -v -E '^ +-+$' | head -n 60 | tee -a "$summary"
      ;;
    sass:*)
      # The machine code of a Java kernel beside its native twin's (issue 19 asks for it where they differ in time):
      # the whole disassembly in the log, each function's instruction count in the summary.
      spec=${phase#sass:}
      name=${spec%%:*}
      regex=${spec#*:}
      for binary in "$bundle/lib/libholdfast_native.so" $(find "$work/kernel-cache" -type f 2>/dev/null); do
        echo "## $(basename "$binary")"
        cuobjdump -sass "$binary" 2>&1 | awk -v re="$regex" '/Function : /{keep = ($3 ~ re)} keep'
      done >"$logs/sass-$name.log"
      say "sass $name ($regex): instructions per function"
      awk '/Function : /{if (fn != "") print "  " fn, count; fn = $3; count = 0; next}
           /^ +\/\*[0-9a-f]+\*\/ /{count++} END{if (fn != "") print "  " fn, count}' "$logs/sass-$name.log" | tee -a "$summary"
      ;;
    user:*)
      args=${phase#user:}
      mine=$work/user
      rm -rf "$mine" && mkdir -p "$mine" && cp -r "$kit/user-kernels/classes" "$mine/classes"
      # shellcheck disable=SC2086 # the arguments are words joined by '+'
      (cd "$mine" && step user 300 "$bundle/bin/holdfast" ${args//+/ } --classpath classes -o "$work/results/user")
      cat "$logs/user.log" >>"$summary"
      ;;
    together:*)
      IFS=/ read -r -a parts <<<"${phase#together:}"
      local pids=()
      for part in "${parts[@]}"; do
        run_phase "$part" &
        pids+=($!)
      done
      # Packs every 30 s meanwhile: a call cut short still brings back what the parts wrote so far.
      (while sleep 30; do pack 2>/dev/null; done) &
      local packer=$!
      wait "${pids[@]}"
      kill "$packer" 2>/dev/null
      wait "$packer" 2>/dev/null
      ;;
    *)
      say "unknown phase $phase"
      ;;
  esac
}

for phase in "$@"; do
  run_phase "$phase"
  pack
done
