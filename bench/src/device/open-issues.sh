#!/usr/bin/env bash
# The GPU runs the open issues need, as batches of h200-session.sh phases that each fit one device
# call (under 600 s). Run from the repository root on the GPU machine, with .device-kit/ carried
# (make-device-kit.sh; for `trust`, BROKEN_LIB from make-broken-library.sh skip-last-half-sweep);
# logs and results land in $OUT as for h200-session.sh.
#
#   bench/src/device/open-issues.sh checks     every GPU test, the native self-test, memcheck and
#                                              synccheck on it, and the three tools on the Java and the
#                                              temporal kernels, all at once (nothing in them is timed)
#   bench/src/device/open-issues.sh trust      what the trust checks must show on the GPU: the self-test
#                                              (work count and deadline groups included), the probe of
#                                              every LL line form in one process, a broken library at a
#                                              converged N = 5, the resident kernel's runs without an
#                                              exchange, a planner's refusal, every GPU test, and the three
#                                              tools on the Java kernels, the resident handshake and the
#                                              work count
#   bench/src/device/open-issues.sh racecheck  racecheck on the native self-test in shards that run at
#                                              once (alone it takes longer than a call)
#   bench/src/device/open-issues.sh before-after
#                                              every GPU mode with -k java,native
#                                              at N = 11, 101, 1001, 4097 with the kit's baseline library and
#                                              jar (BASELINE_LIB) and with this bundle's, twice each,
#                                              alternated; and the temporal passes with either barrier
#   bench/src/device/open-issues.sh checks3d   every GPU test, with (at once) memcheck and synccheck on the whole
#                                              self-test, racecheck on the cube's kernels, on the square's
#                                              kernels the cube's templates touched, and on the deep temporal
#                                              passes
#   bench/src/device/open-issues.sh cube-and-top
#                                              the cube's table (every mode, every variant, N = 8 .. 512, graph in
#                                              the same run), then the square's top (deep temporal passes, the
#                                              Java temporal twin against its native twin, graph beside them)
#   bench/src/device/open-issues.sh cube-variants-and-twins
#                                              the cube's whole table in one run (every mode and variant), the
#                                              Java block twin against its native twin, the square's deep top
#   bench/src/device/open-issues.sh cube-table the cube's table in one run (every mode and variant, graph beside
#                                              them, N = 8 .. 512) and ncu on the rows that miss the goals
#   bench/src/device/open-issues.sh cube-checks
#                                              the native self-test, every GPU test, and the three tools on the
#                                              cube's resident row, at once
#   bench/src/device/open-issues.sh suite      every GPU test alone, each listed as it ends
#   bench/src/device/open-issues.sh resident-and-cluster-twin
#                                              the three tools on the square's resident kernel, and the disabled
#                                              Java cluster twin's test under memcheck, at once
#   bench/src/device/open-issues.sh cluster-twin
#                                              the Java cluster twin's generated CUDA alone and under the three tools
#                                              (lab/cluster-twin-probe), then its GPU tests and the tools through holdfast
#   bench/src/device/open-issues.sh middle     the cluster-bands row checked (self-test, the three tools), then timed
#                                              beside one cluster, resident, the Java twins and graph, N = 33 .. 1001
#   bench/src/device/open-issues.sh java-top   the Java temporal twin against its native twin at the top, its GPU tests
#                                              and the three tools on it, and a user's cluster kernel (examples/)
#   bench/src/device/open-issues.sh temporal-sass
#                                              Nsight Compute and the machine code of the Java temporal twin and its
#                                              native twin at k = 8, N = 4097; the user's cluster kernel checked, timed
#   bench/src/device/open-issues.sh java-table the table that closes issue 19 (auto, Java against native, graph beside),
#                                              the resident twin's test and tools, every Java twin at unnamed sizes
#   bench/src/device/open-issues.sh async-twin the Java twin of persistent-dataflow cluster (mbarriers, st.async): its
#                                              tests, timed against native, the three tools, the machine code
#   bench/src/device/open-issues.sh suite-and-races
#                                              every GPU test, at once with racecheck on the async cluster twin and
#                                              the user cluster kernel; the NCCL and NVSHMEM found (headers packed)
#   bench/src/device/open-issues.sh closing-table
#                                              the new temporal rows and the band kernels checked (self-test, three tools),
#                                              then issue 19's table and issue 20's table, graph beside
#   bench/src/device/open-issues.sh closing-suite
#                                              every GPU test alone
#   bench/src/device/open-issues.sh last-checks
#                                              the async cluster twin under the three tools; the NCCL band check
#   bench/src/device/open-issues.sh resident-twin
#                                              the Java resident twin's disabled GPU test alone, then under each tool
#   bench/src/device/open-issues.sh square-top the deep temporal passes against graph at N = 1001, 4097, 10001
#   bench/src/device/open-issues.sh bands-session
#                                              the band sessions' self-test, tools and GPU tests; persistent-grid
#                                              --gpus 3 on GPU 0 and --gpus 1 through NCCL
#   bench/src/device/open-issues.sh bands-closing
#                                              the same after the staggered watchdog, the NCCL cases with the glue
#   bench/src/device/open-issues.sh java-temporal-tools
#                                              the three tools on the Java persistent temporal passes (one- and 3-block)
#   bench/src/device/open-issues.sh bands-temporal
#                                              the band kernel's temporal pass: self-test N = 3 .. 4097, the three tools
#   bench/src/device/open-issues.sh bands-temporal-table
#                                              its GPU tests through the command, the NCCL check, and the table beside
#                                              one GPU's best and graph
#   bench/src/device/open-issues.sh three-block-sass
#                                              ncu and the machine code of the Java 3-block pass beside native's, k = 8
#   bench/src/device/open-issues.sh java-3blocks
#                                              the Java temporal-3blocks twin's GPU tests, timed against native; the
#                                              NCCL band check with NCCL's log, PyTorch's NCCL and memcheck
#   bench/src/device/open-issues.sh middle-where
#                                              where the middle's time goes: the resident kernel's compute-only and
#                                              exchange-only split (lab/resident's bench, from the kit), cluster-bands
#                                              on its own 512 threads beside one cluster, resident and graph, the 3-block
#                                              temporal pass against the one-block one (Java and native), and ncu's
#                                              stall reasons on the resident kernel (1001) and the one cluster (257)
#   bench/src/device/open-issues.sh resident-lean
#                                              the resident kernel's lean column walk without overlap (and cluster-bands,
#                                              which shares its half-sweep): the self-test at issue 20's sizes, the cube's
#                                              resident, the three tools on native and Java, the mode and twin GPU tests,
#                                              all at once; then timed by k, Java against native, graph beside
#   bench/src/device/open-issues.sh closing-middle
#                                              the resident twin and mode GPU tests, then issue 20's table: every size,
#                                              Java and native, graph at k = 1 and 8, every persistent row, the plot
#
# The TornadoVM table is a call of its own: lab/tornadovm/run.sh with its kit carried.
set -uo pipefail
session=$(dirname "$0")/h200-session.sh
# The NCCL glue (issue 24) built against this machine's NCCL (/usr) with its check and the halo probe's table
# (nccl_build, in the foreground: the tests and rows that need the glue come after it); the check run on the one
# GPU in the background (nccl_check): with NCCL's log, against PyTorch's NCCL where one is found, and under
# memcheck (NCCL's own API errors not counted: its start-up probes kernel images that are not there); one log in $OUT.
nccl_glue=/tmp/nccl-build/libholdfast_nccl_bands.so
nccl_build() {
  cmake -S native-hip -B /tmp/nccl-build -DHOLDFAST_NCCL_ROOT=/usr >/tmp/nccl-build.log 2>&1 &&
    cmake --build /tmp/nccl-build -j 16 --target holdfast_bands_nccl_check holdfast_nccl_halo_probe >>/tmp/nccl-build.log 2>&1
  echo "nccl build: exit $?" >>/tmp/nccl-build.log
}
nccl_check() {
  [ -f $nccl_glue ] || nccl_build
  (log=/tmp/nccl-build.log
    echo "== the halo probe's table (two GPUs; one: exit 77)" >>$log
    timeout 60 /tmp/nccl-build/holdfast_nccl_halo_probe >>$log 2>&1; echo "exit $?" >>$log
    check="/tmp/nccl-build/holdfast_bands_nccl_check --gpus 1 --sizes 3,11,101 --ghost-rows 1,3 --runs 2"
    echo "== /usr NCCL, NCCL_DEBUG=INFO" >>$log
    NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,ALLOC,REG timeout 60 $check >>$log 2>&1; echo "exit $?" >>$log
    torch_nccl=$(find / -xdev -path '*nvidia/nccl/lib/libnccl.so.2' 2>/dev/null | head -n 1)
    if [ -n "$torch_nccl" ]; then
      echo "== $torch_nccl" >>$log
      LD_LIBRARY_PATH=$(dirname "$torch_nccl") timeout 60 $check >>$log 2>&1; echo "exit $?" >>$log
    fi
    echo "== memcheck" >>$log
    timeout 120 compute-sanitizer --tool memcheck --report-api-errors no --print-limit 20 $check >>$log 2>&1
    echo "exit $?" >>$log
    echo "== the temporal pass (--pass temporal), and under memcheck" >>$log
    temporal="/tmp/nccl-build/holdfast_bands_nccl_check --gpus 1 --sizes 3,11,101,1001 --ghost-rows 1,3,8 --runs 2 --pass temporal"
    timeout 60 $temporal >>$log 2>&1; echo "exit $?" >>$log
    timeout 120 compute-sanitizer --tool memcheck --report-api-errors no --print-limit 20 $temporal >>$log 2>&1
    echo "exit $?" >>$log
    cp $log "${OUT:-/tmp}/nccl-build.log") &
}

case ${1:-} in
  checks)
    SANITIZE_TOOLS="memcheck synccheck" exec bash "$session" info native \
      together:tests/sanitize-native/sanitize-java/sanitize-temporal
    ;;
  trust)
    # The timed parts first, alone on the GPU; then the tests (the timed probes' tests alone first) and the
    # three tools on the Java kernels, the resident handshake and the work count, at once.
    resident=-m+persistent-dataflow+--signal+resident+-r+100+--init+random+-n+66,1001+--no-overheads+--no-plots
    TESTS_EXCLUDE='.*ProbesGpuTest' exec bash "$session" info native native:ll-forms \
      broken:skip:-m+persistent-grid,persistent-dataflow,persistent-host+-n+5+-i+1000+--no-overheads+--no-plots \
      sweep:resident-i1:$resident+-i+1 sweep:resident-i2:$resident+-i+2 sweep:resident-i4:$resident+-i+4 \
      sweep:resident-k8:$resident+-i+1+--sweeps-per-exchange+8 \
      sweep:refused:-m+persistent-grid+--barrier+block+-n+200+-i+10+--no-overheads+--no-plots \
      tests:ProbesGpuTest \
      "together:tests/sanitize-java/sanitize-native:resident:memcheck,racecheck,synccheck:--variants+dataflow-resident+--iterations+1+--sizes+66,101/sanitize-native:work:memcheck,racecheck,synccheck:--only+work-count"
    ;;
  before-after)
    all=-m+launch,launch-sync,graph,persistent-grid,persistent-dataflow,persistent-host+-k+java,native
    all=$all+-n+11,101,1001,4097+-i+1000,1000,200,200+-r+5+--init+random+--no-overheads+--no-plots
    barriers=-m+persistent-grid+--barrier+temporal,temporal-cg+-k+native+-n+1001,4097,10001+-i+200+-r+5
    barriers=$barriers+--init+random+--no-overheads+--no-plots
    exec bash "$session" info before:all-modes-before-1:$all sweep:all-modes-after-1:$all \
      before:all-modes-before-2:$all sweep:all-modes-after-2:$all sweep:temporal-barriers:$barriers
    ;;
  racecheck)
    shards=()
    for variant in grid-cluster dataflow-cluster; do
      for sizes in 3,4,5,11,12 33,34 101,102 257; do
        shards+=("sanitize-native:race-$variant-${sizes%%,*}:racecheck:--variants+$variant+--on-chip-sizes+$sizes+--no-largest")
      done
      shards+=("sanitize-native:race-$variant-largest:racecheck:--variants+$variant+--on-chip-sizes+3")
    done
    shards+=("sanitize-native:race-rest:racecheck:--variants+standard,grid-cooperative-groups,grid-two-slot,host-lockstep-busy,host-lockstep-sleep,host-neighbour-busy,host-neighbour-sleep,host-relay-busy,host-relay-sleep,dataflow,dataflow-resident,dataflow-resident-k1,dataflow-resident-k2,dataflow-resident-k5,grid-block")
    exec bash "$session" info "together:$(IFS=/; echo "${shards[*]}")"
    ;;
  checks3d)
    deep=grid-temporal-k12,grid-temporal-k16,grid-temporal-k24,grid-temporal-k32,grid-temporal-cg-k16
    SANITIZE_TOOLS="memcheck synccheck" exec bash "$session" info native \
      "together:tests/sanitize-native/sanitize-native:race-cube:racecheck:--variants+cube-*+--no-largest/sanitize-native:race-square:racecheck:--variants+grid-block,grid-cooperative-groups,dataflow,host-relay-busy,host-lockstep-busy,grid-cluster,dataflow-cluster+--on-chip-sizes+11,33+--no-largest/sanitize-native:deep:memcheck,racecheck,synccheck:--variants+$deep+--sizes+33,101+--blocks+0,7+--threads+256+--iterations+37"
    ;;
  cube-and-top)
    cube=-p+poisson3d+-n+8,16,32,64,128,256,512+-i+1000,1000,1000,400,100,20,10+-r+5+--init+random+--no-overheads
    top=-n+1001,4097,10001+-i+96+-r+5+--init+random+--no-overheads+--no-plots
    exec bash "$session" info \
      sweep:cube-modes:-m+launch,launch-sync,graph,persistent-grid,persistent-dataflow,persistent-host+-k+java,native+$cube \
      sweep:cube-variants:-m+graph,persistent-grid,persistent-dataflow+-k+java,native+--sweeps-per-launch+1,2,4,6,8+--barrier+auto,block,cluster,temporal+--signal+auto,cluster+$cube \
      sweep:square-top:-m+graph,persistent-grid+-k+java,native+--sweeps-per-launch+1,8,16+--barrier+temporal+--sweeps-per-exchange+auto,8,12,16,24,32+$top
    ;;
  cube-variants-and-twins)
    # The cube's whole table in one run (every mode, every variant, graph k = 1 .. 8 beside them: the
    # issue's one-run table and the rows auto's rule is read from), the Java block twin against its
    # native twin, then the square's top (deep temporal passes).
    cube=-p+poisson3d+-n+8,16,32,64,128,256,512+-i+1000,1000,1000,400,100,20,10+-r+5+--init+random+--no-overheads
    top=-n+1001,4097,10001+-i+96+-r+5+--init+random+--no-overheads+--no-plots
    exec bash "$session" info \
      sweep:cube-all:-m+launch,launch-sync,graph,persistent-grid,persistent-dataflow,persistent-host+-k+java,native+--sweeps-per-launch+1,2,4,6,8+--barrier+auto,block,cluster,temporal,cg+--signal+auto,counters,cluster+$cube \
      sweep:block-twin:-m+graph,persistent-grid+-k+java,native+--barrier+block,auto+-n+11,12,33,34,65,92+-i+2000+-r+5+--init+random+--no-overheads+--no-plots \
      sweep:square-top:-m+graph,persistent-grid+-k+java,native+--sweeps-per-launch+1,8,16+--barrier+temporal+--sweeps-per-exchange+auto,8,12,16,24,32+$top
    ;;
  cube-table)
    # The cube's table for the README in one run: every mode with -k java,native, graph at k = 1 and 4
    # beside every persistent variant (auto's k), N = 8 .. 512; then where the time goes in the rows
    # that miss the issue's goals (ncu).
    cube=-p+poisson3d+-n+8,16,32,64,128,256,512+-i+1000,1000,1000,400,100,20,10+-r+5+--init+random+--no-overheads
    exec bash "$session" info \
      sweep:cube-table:-m+launch,launch-sync,graph,persistent-grid,persistent-dataflow,persistent-host+-k+java,native+--sweeps-per-launch+1,4+--barrier+auto,block,cluster,cg,temporal+--signal+auto,counters,cluster,resident+$cube \
      ncu:temporal512:hf_stream_pass_3d_k4:-p+poisson3d+-m+launch+--sweeps-per-launch+4+-k+native+-n+512+-i+4 \
      ncu:cluster32:cluster_resident:-p+poisson3d+-m+persistent-grid+--barrier+cluster+-k+native+-n+32+-i+200 \
      ncu:block16:on_chip_registers:-p+poisson3d+-m+persistent-grid+--barrier+block+-k+native+-n+16+-i+200
    ;;
  cube-checks)
    # What the cube's new rows need before they are timed: the native self-test (the cube's resident
    # row at every size and block count it takes), every GPU test, and the three tools on the cube's
    # resident row, at once (nothing here is timed).
    TESTS_TIMEOUT=${TESTS_TIMEOUT:-450} exec bash "$session" info \
      "together:native/tests/sanitize-native:resident3d:memcheck,racecheck,synccheck:--only+resident3d+--cube-sizes+5,12+--no-largest+--cube-iterations+9"
    ;;
  suite)
    # Every GPU test alone, each listed as it ends (the last full run predates this stop's merges: the cube's
    # resident row, the bands over GPUs, the cluster language).
    TESTS_DETAILS=tree TESTS_TIMEOUT=${TESTS_TIMEOUT:-540} exec bash "$session" info tests
    ;;
  resident-and-cluster-twin)
    # At once: the three tools on the square's resident kernel (templated on the problem since its last
    # sanitizer run), and the disabled Java cluster twin's test under memcheck in a JVM of its own (it
    # faults and spoils its context; the JUnit parameter lifts @Disabled for this run only).
    TESTS_CONFIG=junit.jupiter.conditions.deactivate=org.junit.*DisabledCondition \
      TESTS_WRAPPER="compute-sanitizer --tool memcheck --target-processes all --print-limit 40" TESTS_TIMEOUT=300 \
      exec bash "$session" info "together:tests:ClusterTwinGpuTest/sanitize-native:resident2d:memcheck,racecheck,synccheck:--variants+dataflow-resident,dataflow-resident-k1,dataflow-resident-k2,dataflow-resident-k5+--sizes+11,33,101+--no-largest"
    ;;
  cluster-twin)
    # The Java cluster twin (issue 19) after the translator stopped marking a synchronising function's arrays
    # __restrict__: its generated CUDA alone (lab/cluster-twin-probe, no Java) and under the three tools, then, only
    # if that passed, its GPU tests and the three tools on it through the holdfast command.
    probe=lab/cluster-twin-probe
    mkdir -p "${OUT:-/tmp}/probe"
    # The generated CUDA as the kit's bundle carries it (the holdfast jar's META-INF/holdfast/kernels).
    tar -xf .device-kit/holdfast-*.tar.* -O holdfast/lib/holdfast.jar > /tmp/holdfast-probe.jar
    python3 -c 'import sys, zipfile; open(sys.argv[2], "wb").write(zipfile.ZipFile(sys.argv[1]).read(
        "META-INF/holdfast/kernels/org.holdfast.kernels.PersistentRedBlackKernels.cu"))' \
      /tmp/holdfast-probe.jar $probe/org.holdfast.kernels.PersistentRedBlackKernels.cu || exit 1
    if (cd $probe && nvcc -arch=sm_90 --fmad=false -std=c++17 -lineinfo -I. probe.cu -o probe && ./probe && for tool in memcheck racecheck synccheck; do
          compute-sanitizer --tool $tool --error-exitcode 99 --print-limit 20 ./probe > "${OUT:-/tmp}/probe/$tool.txt" 2>&1 \
            || { echo "probe: $tool found errors"; exit 1; }
          echo "probe: $tool clean"; done); then
      exec bash "$session" info tests:ClusterTwinGpuTest,PersistentKernelsGpuTest \
        "sanitize-java:cluster:memcheck,racecheck,synccheck:-m+persistent-grid+--barrier+cluster+-k+java+-n+11,33,101,257+--sweeps-per-exchange+auto,1,2"
    fi
    echo "probe failed: the Java tests were not run"
    exit 1
    ;;
  middle)
    # Issue 20's middle: the new cluster-bands row (several clusters over every multiprocessor) checked (the
    # self-test at every size, block count and k it takes, the three tools at small sizes, all at once; nothing
    # timed), then timed beside one cluster, the resident kernel, the Java twins and graph, N = 33 .. 1001.
    mid=-m+graph,persistent-grid,persistent-dataflow+-k+java,native+--barrier+auto,cluster,cluster-bands+--signal+auto,resident
    mid=$mid+-n+33,101,129,257,513,1001+-i+400+-r+5+--init+random+--no-overheads+--no-plots
    SANITIZE_TIMEOUT=${SANITIZE_TIMEOUT:-150} exec bash "$session" info \
      "together:selftest:cluster-bands:--variants+grid-cluster-bands*+--sizes+4,11,12,33,34,129,257,513,1001+--blocks+0,2,32,120+--threads+512,256+--iterations+11/sanitize-native:cluster-bands:memcheck,racecheck,synccheck:--variants+grid-cluster-bands+--sizes+11,34+--blocks+2,0+--threads+64+--iterations+3+--no-largest" \
      sweep:middle:$mid
    ;;
  java-top)
    # Issue 19 after the array selections: the Java temporal twin (one streamItem call now) timed against its native
    # twin at the top, the GPU tests it and the cluster twin have, the three tools on it, and a user's cluster kernel
    # (examples/ClusterRedBlackSor, a cooperative cluster launch) beside the persistent example.
    top=-m+graph,persistent-grid+-k+java,native+--sweeps-per-launch+1,8+--barrier+temporal+--sweeps-per-exchange+4,8
    top=$top+-n+1001,4097,10001+-i+96+-r+5+--init+random+--no-overheads+--no-plots
    TESTS_TIMEOUT=${TESTS_TIMEOUT:-240} exec bash "$session" info sweep:java-temporal:$top \
      "together:tests:TemporalModesGpuTest,ClusterTwinGpuTest/sanitize-java:temporal:memcheck,racecheck,synccheck:-m+persistent-grid+--barrier+temporal+-k+java+-n+33,101+--sweeps-per-exchange+2,4,8" \
      sanitize-java:user-cluster:memcheck,racecheck,synccheck:-m+persistent-grid+-k+java:org.example.ClusterRedBlackSor+--classpath+.device-kit/user-kernels/classes+-n+11,33 \
      user:-k+java:org.example.ClusterRedBlackSor,java:org.example.PersistentRedBlackSor+-m+cpu-parallel,persistent-grid+-n+11,33,101,257,1001
    ;;
  temporal-sass)
    # Issue 19's one miss at the top (the Java temporal twin at k = 8, N = 4097: 72.4 µs against 68.8): Nsight Compute on
    # one launch of each twin, then both kernels' machine code side by side; and the user's cluster kernel that java-top
    # could not reach (its --classpath holds a '/', which together: splits on): the three tools, then timed.
    one=-m+persistent-grid+--barrier+temporal+--sweeps-per-exchange+8+-n+4097+-i+8+--init+random
    user=-m+persistent-grid+-k+java:org.example.ClusterRedBlackSor+--classpath+.device-kit/user-kernels/classes+-n+11,33
    exec bash "$session" info ncu:java-temporal8:persistentPasses_k8:$one+-k+java \
      ncu:native-temporal8:temporal_stream_persistent:$one+-k+native \
      'sass:temporal8:persistentPasses_k8|temporal_stream_persistentILi8ELNS_11PassBarrierE0' \
      sanitize-java:user-cluster:memcheck,racecheck,synccheck:$user \
      user:-k+java:org.example.ClusterRedBlackSor,java:org.example.PersistentRedBlackSor+-m+cpu-parallel,persistent-grid+-n+11,33,101,257,1001
    ;;
  java-table)
    # Issue 19's closing run: at N = 11 .. 10001 the Java persistent kernel auto chooses against the native one, graph
    # (k = 1) beside them, and the Java resident twin beside its native twin, in one run; then the GPU test of the
    # resident twin and the three tools on the changed temporal twin and on the resident twin through holdfast; then
    # every Java twin at the sizes no table names (odd iteration counts), each row checked bit for bit.
    table=-m+graph,persistent-grid,persistent-dataflow+-k+java,native+--barrier+auto+--signal+resident+--sweeps-per-launch+1
    table=$table+-n+11,33,101,257,1001,4097,10001+-i+2000,2000,1000,1000,200,96,48+-r+5+--init+random+--no-overheads
    sizes=-m+persistent-grid,persistent-dataflow+-k+java+--barrier+block,cluster,temporal,two-slot+--signal+counters,resident
    sizes=$sizes+-n+3,4,5,12,34,102,1002+-i+7+-r+2+--init+random+--no-overheads+--no-plots
    JAVA_SANITIZE_TIMEOUT=${JAVA_SANITIZE_TIMEOUT:-120} TESTS_TIMEOUT=${TESTS_TIMEOUT:-120} exec bash "$session" info \
      sweep:java-table:$table \
      "together:tests:PersistentKernelsGpuTest,ResidentTwinGpuTest/sanitize-java:temporal:memcheck,racecheck,synccheck:-m+persistent-grid+--barrier+temporal+-k+java+-n+33,101+--sweeps-per-exchange+4,8/sanitize-java:resident:memcheck,racecheck,synccheck:-m+persistent-dataflow+--signal+resident+-k+java+-n+101,257" \
      sweep:java-sizes:$sizes
    ;;
  resident-threads)
    # The resident twins on their own 512 threads (named) and under auto, Java against native, after the fix that stopped
    # a named variant from running the standard launches' 256.
    exec bash "$session" info sweep:resident-threads:-m+persistent-dataflow+-k+java,native+--signal+resident,auto+-n+257,1001,1002+-i+200+-r+5+--init+random+--no-overheads+--no-plots
    ;;
  async-twin)
    # The Java twin of persistent-dataflow cluster (PersistentRedBlackKernels.clusterAsync: st.async halos completing on
    # the neighbours' mbarriers, issue 19), never run on a GPU: its kernel test alone first (a fault spoils only that JVM),
    # then the mode tests, timed beside its native twin and auto, the three tools, and both kernels' machine code.
    exec bash "$session" info \
      'tests:PersistentKernelsGpuTest#theAsynchronousStoreClusterKernelEqualsTheReferenceBitForBit(int;int;int;int;int)' \
      tests:ClusterTwinGpuTest,GpuModesPassTheirChecksGpuTest \
      sweep:async-twin:-m+persistent-dataflow,persistent-grid+-k+java,native+--signal+cluster,auto+--barrier+auto+-n+11,33,101,257+-i+1000+-r+5+--init+random+--no-overheads \
      sanitize-java:async:memcheck,racecheck,synccheck:-m+persistent-dataflow+-k+java,native+--signal+cluster+-n+11,33,101,257 \
      'sass:async:clusterAsync_p4|cluster_residentILi4ELNS_10HaloMethodE0'
    ;;
  suite-and-races)
    # Every GPU test (the last full run predates the resident twin's tests, the bands' k cases, the async twin and the
    # shared fixture), at once with racecheck where async-twin's could not finish (N = 11 to 257 on java and native
    # together passed 480 s): the async cluster twin one size per shard, and the user's cluster kernel (its classes
    # through a link: together: splits on '/'); and which NCCL and NVSHMEM this machine has, headers packed (issue 24).
    ln -sfn .device-kit/user-kernels/classes user-classes
    {
      find / -xdev \( -name 'nccl.h' -o -name 'nccl_device*' -o -name 'libnccl.so*' -o -name 'nvshmem.h' \
        -o -name 'libnvshmem*.so*' \) -not -path '/proc/*' 2>/dev/null
      for header in $(find / -xdev -name nccl.h 2>/dev/null); do grep -H -E '#define NCCL_(MAJOR|MINOR|PATCH)' "$header"; done
    } >"${OUT:-/tmp}/nccl-found.txt"
    headers=$(find / -xdev -name nccl.h -path '*include*' 2>/dev/null | head -n 1)
    [ -n "$headers" ] && tar -czf "${OUT:-/tmp}/nccl-include.tgz" -C "$(dirname "$headers")" .
    async=-m+persistent-dataflow+-k+java+--signal+cluster
    TESTS_DETAILS=tree TESTS_TIMEOUT=${TESTS_TIMEOUT:-500} JAVA_SANITIZE_TIMEOUT=${JAVA_SANITIZE_TIMEOUT:-480} \
      exec bash "$session" info \
      "together:tests/sanitize-java:async-small:racecheck:$async+-n+11,33/sanitize-java:async-101:racecheck:$async+-n+101/sanitize-java:async-257:racecheck:$async+-n+257/sanitize-java:user-cluster:racecheck:-m+persistent-grid+-k+java:org.example.ClusterRedBlackSor+--classpath+user-classes+-n+11,33"
    ;;
  closing-table)
    # Checked first, at once (nothing timed): the self-test of the new temporal rows (three blocks per SM, 16-byte pairs)
    # at every size and k they take, the three tools on them, racecheck on the async twin's P = 4 form at a size racecheck
    # finishes (N = 101 on 96 threads), and the band kernels (issue 24) with the three tools. Then issue 19's closing
    # table (auto, Java against native, graph beside) and issue 20's (every size, graph k = 1 and 8, the new rows).
    new='grid-temporal-3blocks*,grid-temporal-paired*'
    table=-m+graph,persistent-grid,persistent-dataflow+-k+java,native+--barrier+auto+--signal+auto+--sweeps-per-launch+1
    table=$table+-n+11,33,101,257,1001,4097,10001+-i+2000,2000,1000,1000,200,96,48+-r+5+--init+random+--no-overheads
    top=-m+graph,persistent-grid,persistent-dataflow+-k+native+--barrier+auto,temporal-3blocks,temporal-paired+--signal+auto
    top=$top+--sweeps-per-launch+1,8+-n+11,33,101,129,257,513,1001,2049,4097,8193,10001
    top=$top+-i+2000,2000,1000,1000,1000,400,200,96,96,48,48+-r+5+--init+random+--no-overheads
    checks="selftest:temporal-new:--variants+$new+--sizes+3,4,5,11,12,33,34,101,102,129,257,513,1001,1002,2049,4097,4098+--iterations+11"
    checks="$checks/sanitize-native:temporal-new:memcheck,racecheck,synccheck:--variants+$new+--sizes+33,34,101+--iterations+7+--no-largest"
    checks="$checks/sanitize-java:async-p4:racecheck:-m+persistent-dataflow+-k+java+--signal+cluster+-n+101+--threads+96"
    checks="$checks/selftest:bands:--only+bands/sanitize-native:bands:memcheck,racecheck,synccheck:--only+bands+--no-faults"
    SANITIZE_TIMEOUT=${SANITIZE_TIMEOUT:-100} JAVA_SANITIZE_TIMEOUT=${JAVA_SANITIZE_TIMEOUT:-100} \
      exec bash "$session" info "together:$checks" sweep:java-table:$table sweep:middle-top:$top
    ;;
  middle-where)
    # Issue 20, where the middle's time goes. The lab bench first, alone on the GPU (its binary is built by
    # lab/resident/build.sh and copied into the kit as native/resident_bench), then the harness rows, then ncu.
    [ -f .device-kit/native/resident_bench.gz ] && gunzip -f .device-kit/native/resident_bench.gz
    if [ -x .device-kit/native/resident_bench ]; then
      timeout 90 .device-kit/native/resident_bench >"${OUT:-/tmp}/resident-bench.txt" 2>&1
      echo "resident_bench: exit $?" >>"${OUT:-/tmp}/resident-bench.txt"
    fi
    mid=-m+graph,persistent-grid,persistent-dataflow+-k+native+--barrier+cluster,cluster-bands+--signal+resident
    mid=$mid+-n+129,257,513,1001+-i+400+-r+5+--init+random+--no-overheads+--no-plots
    top=-m+graph,persistent-grid+-k+java,native+--barrier+temporal,temporal-3blocks+--sweeps-per-exchange+8
    top=$top+--sweeps-per-launch+8+-n+2049,4097,8193,10001+-i+96,96,48,48+-r+5+--init+random+--no-overheads+--no-plots
    exec bash "$session" info sweep:middle-where:$mid sweep:top-3blocks:$top \
      ncu:resident1001:persistent_resident:-m+persistent-dataflow+--signal+resident+-k+native+-n+1001+-i+40 \
      ncu:cluster257:cluster_resident:-m+persistent-grid+--barrier+cluster+-k+native+-n+257+-i+200
    ;;
  resident-lean)
    # Issue 20 item 2: every thread keeps its column slot and run of rows for the whole run (device/column_share.h,
    # the Java twin's leanHalfSweep) and no half-sweep overlaps the exchange. Checked at once (nothing timed), then timed.
    sel=--variants+dataflow-resident*,grid-cluster-bands*+--sizes+3,4,5,11,12,33,34,101,102,129,257,513,1001,1002,1816
    sel=$sel+--blocks+0,1,2,7,132,264+--threads+512,256,96+--iterations+11
    checks="selftest:resident:$sel/selftest:resident3d:--only+resident3d"
    checks="$checks/sanitize-native:resident:memcheck,racecheck,synccheck:--variants+dataflow-resident,dataflow-resident-k2,grid-cluster-bands+--sizes+12,33,34+--blocks+3,0+--threads+64+--iterations+7+--no-largest"
    checks="$checks/sanitize-java:resident:memcheck,racecheck,synccheck:-m+persistent-dataflow+--signal+resident+-k+java+-n+33,101+--threads+64"
    checks="$checks/tests:ResidentTwinGpuTest,PersistentModesGpuTest,PersistentKernelsGpuTest,Poisson3DNativeGpuTest,TemporalModesGpuTest"
    mid=-m+graph,persistent-dataflow,persistent-grid+-k+java,native+--signal+resident+--barrier+cluster-bands
    mid=$mid+--sweeps-per-exchange+auto,2,3,4+-n+129,257,513,1001,1002+-i+400+-r+5+--init+random+--no-overheads+--no-plots
    SANITIZE_TIMEOUT=${SANITIZE_TIMEOUT:-240} JAVA_SANITIZE_TIMEOUT=${JAVA_SANITIZE_TIMEOUT:-240} TESTS_TIMEOUT=${TESTS_TIMEOUT:-300} \
      exec bash "$session" info "together:$checks" sweep:resident-lean:$mid
    ;;
  closing-middle)
    # Issue 20's closing run: the GPU tests of the changed rows first (the resident twin, the modes' auto choices), then
    # one sweep over issue 20's sizes with graph at k = 1 and 8 beside every persistent row, Java and native, and its plot.
    top=-m+graph,persistent-grid,persistent-dataflow+-k+java,native+--barrier+auto,cluster-bands,temporal-paired
    top=$top+--signal+auto,resident+--sweeps-per-launch+1,8+-n+11,33,101,129,257,513,1001,2049,4097,8193,10001
    top=$top+-i+2000,2000,1000,1000,1000,400,200,96,96,48,48+-r+5+--init+random+--no-overheads
    TESTS_TIMEOUT=${TESTS_TIMEOUT:-170} exec bash "$session" info tests:ResidentTwinGpuTest,PersistentModesGpuTest \
      sweep:middle-top:$top
    ;;
  closing-suite)
    # Every GPU test (the last full run, cut at its limit beside three racechecks, is too old for this code); meanwhile
    # on the CPUs, the NCCL band glue and its check program built against this machine's NCCL (/usr, 2.28.3) and run
    # on its one GPU (issue 24: the window, the LSA pointer, one band with no halos).
    (cmake -S native-hip -B /tmp/nccl-build -DHOLDFAST_NCCL_ROOT=/usr >/tmp/nccl-build.log 2>&1 &&
      cmake --build /tmp/nccl-build -j 12 --target holdfast_bands_nccl_check >>/tmp/nccl-build.log 2>&1 &&
      timeout 60 /tmp/nccl-build/holdfast_bands_nccl_check --gpus 1 --sizes 11,101 >>/tmp/nccl-build.log 2>&1
      echo "nccl band check: exit $?" >>/tmp/nccl-build.log; cp /tmp/nccl-build.log "${OUT:-/tmp}/nccl-build.log") &
    TESTS_DETAILS=tree TESTS_TIMEOUT=${TESTS_TIMEOUT:-540} bash "$session" tests
    wait
    ;;
  last-checks)
    # The async cluster twin after its push change (issue 19) under the three tools at the sizes each finishes in a call
    # (racecheck on P = 1; memcheck and synccheck on P = 4 at N = 257), at once with the NCCL band check built against
    # this machine's NCCL and run on its one GPU (issue 24).
    (cmake -S native-hip -B /tmp/nccl-build -DHOLDFAST_NCCL_ROOT=/usr >/tmp/nccl-build.log 2>&1 &&
      cmake --build /tmp/nccl-build -j 14 --target holdfast_bands_nccl_check >>/tmp/nccl-build.log 2>&1 &&
      timeout 60 /tmp/nccl-build/holdfast_bands_nccl_check --gpus 1 --sizes 11,101 >>/tmp/nccl-build.log 2>&1
      echo "nccl band check: exit $?" >>/tmp/nccl-build.log; cp /tmp/nccl-build.log "${OUT:-/tmp}/nccl-build.log") &
    async=-m+persistent-dataflow+-k+java+--signal+cluster
    JAVA_SANITIZE_TIMEOUT=${JAVA_SANITIZE_TIMEOUT:-120} bash "$session" \
      "together:sanitize-java:async-p1:memcheck,racecheck,synccheck:$async+-n+11,33/sanitize-java:async-p4:memcheck,synccheck:$async+-n+257"
    wait
    ;;
  resident-twin)
    # The Java resident twin (ResidentKernels.resident, issue 19), never run on a GPU before: its disabled GPU test alone
    # in a JVM of its own, then under memcheck, racecheck and synccheck (a fault spoils only that JVM's context).
    config=junit.jupiter.conditions.deactivate=org.junit.*DisabledCondition
    # Each invocation packs the whole logs folder into $OUT, so each run's JUnit log is kept aside under its name
    # (junit-gpu-plain.log, -memcheck, -racecheck; the last run's is junit-gpu.log itself).
    for run in plain memcheck racecheck synccheck; do
      wrapper=""
      [ "$run" != plain ] && wrapper="compute-sanitizer --tool $run --target-processes all --print-limit 20"
      TESTS_CONFIG=$config TESTS_TIMEOUT=${TESTS_TIMEOUT:-200} TESTS_WRAPPER=$wrapper \
        bash "$session" info 'tests:PersistentKernelsGpuTest#theResidentKernelEqualsTheReferenceBitForBit(int;int;int;int;boolean)'
      cp /tmp/holdfast-session/logs/junit-gpu.log "/tmp/holdfast-session/logs/junit-gpu-$run.log" 2>/dev/null
    done
    ;;
  java-3blocks)
    # The Java twin of persistent-grid temporal-3blocks (issue 19): its GPU tests, then timed against its native twin and
    # the one-block-per-SM pass, Java and native, at the top; meanwhile on the CPUs, the NCCL band check with the window's
    # device communicator (issue 24) built against this machine's NCCL and run on its one GPU, with NCCL's own log, then
    # against PyTorch's NCCL where there is one, then under memcheck.
    nccl_check
    top=-n+4097,10001+-i+96+-r+5+--init+random+--no-overheads+--no-plots
    TESTS_TIMEOUT=${TESTS_TIMEOUT:-200} bash "$session" info tests:TemporalModesGpuTest,GpuModesPassTheirChecksGpuTest \
      sweep:java-3blocks:-m+persistent-grid+-k+java,native+--barrier+temporal,temporal-3blocks+--sweeps-per-exchange+4,8+$top
    wait
    ;;
  bands-session)
    # Issue 24 on one GPU: the band sessions (self-test, the three tools) at once with their GPU tests, the band tests of
    # the standard launches and the Java temporal twins'; then persistent-grid --gpus 3 on GPU 0 (copy transport) and
    # --gpus 1 through NCCL (the glue built here, in the background, with the NCCL check and the halo probe's table).
    nccl_check
    checks="tests:PersistentBandsGpuTest,BandSessionGpuTest,GpuBandsGpuTest,TemporalModesGpuTest"
    checks="$checks/selftest:bands:--only+bands/sanitize-native:bands:memcheck,racecheck,synccheck:--only+bands+--no-faults"
    TESTS_DETAILS=tree TESTS_TIMEOUT=${TESTS_TIMEOUT:-400} SANITIZE_TIMEOUT=${SANITIZE_TIMEOUT:-300} \
      bash "$session" info "together:$checks"
    cp /tmp/holdfast-session/logs/junit-gpu.log /tmp/holdfast-session/logs/junit-gpu-bands.log 2>/dev/null
    rows=+--init+random+--no-overheads+--no-plots
    HOLDFAST_JAVA_OPTS=-Dholdfast.bands.transport=copy bash "$session" \
      sweep:bands-copy:-m+persistent-grid+-n+5,11,12,101,1001,4097+-i+9,7,7,131,50,50+--gpus+3+--sweeps-per-exchange+1,2,3,4$rows
    wait
    HOLDFAST_JAVA_OPTS="-Dholdfast.bands.transport=nccl -Dholdfast.nccl.bands.library=/tmp/nccl-build/libholdfast_nccl_bands.so" \
      bash "$session" sweep:bands-nccl:-m+persistent-grid+-n+11,101,1001+--gpus+1+--sweeps-per-exchange+1,3$rows
    ;;
  bands-closing)
    # Issue 24 on one GPU after the staggered watchdog and the one-rank window: the glue built first; the band tests
    # (the NCCL cases with the glue), the band self-test and the NCCL check at once; persistent-grid --gpus 1 through
    # NCCL, N = 3 to 4097.
    nccl_build
    nccl_check
    TESTS_JAVA_OPTS=-Dholdfast.nccl.bands.library=$nccl_glue TESTS_DETAILS=tree TESTS_TIMEOUT=${TESTS_TIMEOUT:-300} \
      bash "$session" info "together:tests:PersistentBandsGpuTest,BandSessionGpuTest,GpuBandsGpuTest/selftest:bands:--only+bands"
    cp /tmp/holdfast-session/logs/junit-gpu.log /tmp/holdfast-session/logs/junit-gpu-bands.log 2>/dev/null
    rows=+--init+random+--no-overheads+--no-plots
    HOLDFAST_JAVA_OPTS="-Dholdfast.bands.transport=nccl -Dholdfast.nccl.bands.library=$nccl_glue" \
      bash "$session" sweep:bands-nccl:-m+persistent-grid+-n+3,11,101,1001,4097+--gpus+1+--sweeps-per-exchange+1,3$rows
    wait
    ;;
  java-temporal-tools)
    # Issue 19's last check: the Java persistent temporal passes after their body became a device function shared with
    # the 3-block twin (c1adfbb; GPU tests and times since, no sanitizer): memcheck, racecheck and synccheck on the
    # one-block pass (auto's choice from N = 359) and on the 3-block pass, at once.
    tools=memcheck,racecheck,synccheck
    exec bash "$session" info \
      "together:sanitize-java:temporal:$tools:-m+persistent-grid+--barrier+temporal+-k+java+-n+33,101+--sweeps-per-exchange+2,4,8/sanitize-java:temporal-3blocks:$tools:-m+persistent-grid+--barrier+temporal-3blocks+-k+java+-n+33,101+--sweeps-per-exchange+2,4,8"
    ;;
  three-block-sass)
    # The Java temporal-3blocks twin's 5.3% at k = 8, N = 4097 (runs/java-3blocks: 68.4 against 64.9 µs), before auto may
    # move to it: Nsight Compute on one launch of each twin, then both kernels' machine code side by side.
    one=-m+persistent-grid+--barrier+temporal-3blocks+--sweeps-per-exchange+8+-n+4097+-i+8+--init+random
    exec bash "$session" info ncu:java-3blocks8:persistentPasses3Blocks_k8:$one+-k+java \
      ncu:native-3blocks8:temporal_stream_persistent:$one+-k+native \
      'sass:3blocks8:persistentPasses3Blocks_k8|temporal_stream_persistentILi8ELNS_11PassBarrierE0ELi3E'
    ;;
  bands-temporal)
    # Issue 24: the band kernel's temporal pass (HF_BAND_PASS_TEMPORAL) on one GPU: its self-test at N = 3 to 4097 and
    # the three tools on its fault-free cases at N = 5 to 101, at once; the half-sweep pass's band cases beside them.
    checks="selftest:bands-temporal:--only+bands-temporal+--sizes+3,5,11,12,33,101,257,1001,2049,4097"
    checks="$checks/selftest:bands:--only+bands"
    checks="$checks/sanitize-native:bands-temporal:memcheck,racecheck,synccheck:--only+bands-temporal+--no-faults+--sizes+5,12,33,101"
    SANITIZE_TIMEOUT=${SANITIZE_TIMEOUT:-400} exec bash "$session" info "together:$checks"
    ;;
  bands-temporal-table)
    # Issue 24 on one GPU: the band kernel's temporal pass through the command (its GPU tests with the NCCL glue, the
    # NCCL check with --pass temporal in the background), then the table: one GPU's best (auto) and graph beside the
    # bands, 2 and 3 on GPU 0 (copies) and 1 through NCCL, each pass.
    nccl_build
    nccl_check
    TESTS_JAVA_OPTS=-Dholdfast.nccl.bands.library=$nccl_glue TESTS_DETAILS=tree TESTS_TIMEOUT=${TESTS_TIMEOUT:-300} \
      bash "$session" info "together:tests:PersistentBandsGpuTest,BandSessionGpuTest,GpuBandsGpuTest,PersistentBandsSplitTest,NamesAndLayoutsTest,HeaderMirrorTest,BandRequestTest"
    cp /tmp/holdfast-session/logs/junit-gpu.log /tmp/holdfast-session/logs/junit-gpu-bands.log 2>/dev/null
    rows=+-n+1001,4097,8193+-i+48+-r+5+--init+random+--no-overheads+--no-plots
    bash "$session" sweep:one-gpu:-m+persistent-grid,graph+--sweeps-per-launch+1,8$rows
    for g in 2 3; do
      HOLDFAST_JAVA_OPTS=-Dholdfast.bands.transport=copy bash "$session" \
        sweep:bands-copy-$g:-m+persistent-grid+--gpus+$g+--barrier+auto,temporal,two-slot$rows
    done
    wait
    HOLDFAST_JAVA_OPTS="-Dholdfast.bands.transport=nccl -Dholdfast.nccl.bands.library=$nccl_glue" \
      bash "$session" sweep:bands-nccl-1:-m+persistent-grid+--gpus+1+--barrier+auto,two-slot$rows
    ;;
  square-top)
    # Issue 20's top: the deep temporal passes (k = 8 .. 32) against graph k = 1, 8, 16, Java and native.
    top=-n+1001,4097,10001+-i+96+-r+5+--init+random+--no-overheads+--no-plots
    exec bash "$session" info sweep:square-top:-m+graph,persistent-grid+-k+java,native+--sweeps-per-launch+1,8,16+--barrier+temporal+--sweeps-per-exchange+auto,8,12,16,24,32+$top
    ;;
  *)
    echo "usage: open-issues.sh checks|checks3d|trust|racecheck|before-after|cube-and-top|cube-variants-and-twins|cube-table|cube-checks|suite|resident-and-cluster-twin|cluster-twin|middle|java-top|temporal-sass|java-table|resident-threads|async-twin|resident-twin|square-top|java-3blocks|bands-session|bands-closing|three-block-sass|java-temporal-tools|bands-temporal|bands-temporal-table (see the comment at the top)" >&2
    exit 2
    ;;
esac
