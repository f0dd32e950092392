#!/usr/bin/env bash
# The GPU runs that closed issues 10 to 13, as batches of h200-session.sh phases that each fit one
# device call (under 600 s); rerun them after changing the persistent kernels or the auto rule. Run
# from the repository root on the GPU machine, with .device-kit/ carried (make-device-kit.sh); logs
# and results land in $OUT as for h200-session.sh.
#
#   bench/src/device/open-issues.sh checks     the GPU tests of the persistent modes, the native
#                                              self-test, memcheck and synccheck on it, and the three
#                                              tools on the Java and the temporal kernels, all at once
#   bench/src/device/open-issues.sh sweeps     the persistent modes as auto runs them at every size of
#                                              issue 10 with graph (and the overhead table), resident by
#                                              k, block, cluster, the temporal k boundary; then the
#                                              temporal kernel under the three tools at every k
#   bench/src/device/open-issues.sh variants   every variant named, at every size, in one run (the plot
#                                              of them all)
#   bench/src/device/open-issues.sh racecheck  racecheck on the native self-test in shards that run at
#                                              once (alone it takes longer than a call: the cluster
#                                              kernels at 16 block counts and 10 sizes each)
#
# The TornadoVM table (issue 13) is a call of its own: lab/tornadovm/run.sh with its
# kit carried (.device-carry/tornadovm/), since both kits together pass the 64 MiB a call carries.
set -uo pipefail
session=$(dirname "$0")/h200-session.sh
case ${1:-} in
  checks)
    # Nothing here is timed, so the tests and the sanitizers share the GPU (time-sliced contexts).
    # racecheck on the self-test takes longer than this call has: the racecheck batch runs it.
    SANITIZE_TOOLS="memcheck synccheck" exec bash "$session" info native \
      together:tests:PersistentModesGpuTest,PersistentRunGpuTest,GpuModesPassTheirChecksGpuTest,PersistentKernelsGpuTest/sanitize-native/sanitize-java/sanitize-temporal
    ;;
  variants)
    # Every variant of the persistent modes, named, at every size of issue 10, graph in the same run:
    # one table and one plot of them all (refusals keep their rows). 256 threads for all (resident
    # runs 512 when auto picks it; its 512-thread rows are the sweeps batch's).
    exec bash "$session" info \
      sweep:issue10-variants:-m+graph,persistent-grid,persistent-dataflow,persistent-host+--barrier+block,cluster,temporal,cg,two-slot+--signal+counters,cluster,resident+--schedule+relay,lockstep,neighbour+-n+3,4,5,11,12,33,34,101,102,257,1001,1002+--no-overheads
    ;;
  racecheck)
    shards=()
    for variant in grid-cluster dataflow-cluster; do
      for sizes in 3,4,5,11,12 33,34 101,102 257; do
        shards+=("sanitize-native:race-$variant-${sizes%%,*}:racecheck:--variants+$variant+--on-chip-sizes+$sizes+--no-largest")
      done
      shards+=("sanitize-native:race-$variant-largest:racecheck:--variants+$variant+--on-chip-sizes+3")
    done
    # The self-test's main grid of variants with their session-reuse cases, grid-block at every
    # on-chip size, and the cases outside the variants (co-residency, kernel handles, cluster probes).
    shards+=("sanitize-native:race-rest:racecheck:--variants+standard,grid-cooperative-groups,grid-two-slot,host-lockstep-busy,host-lockstep-sleep,host-neighbour-busy,host-neighbour-sleep,host-relay-busy,host-relay-sleep,dataflow,dataflow-resident,dataflow-resident-k1,dataflow-resident-k2,dataflow-resident-k5,grid-block")
    exec bash "$session" info "together:$(IFS=/; echo "${shards[*]}")"
    ;;
  sweeps)
    exec bash "$session" info native \
      sweep:issue10:-m+graph,persistent-grid,persistent-dataflow,persistent-host+-n+3,4,5,11,12,33,34,101,102,257,1001,1002+--init+random \
      sweep:issue10-resident:-m+graph,persistent-dataflow+-k+native+--signal+resident+--sweeps-per-exchange+1,2,3,4+-t+512+-n+101,257,1001,1002+--no-overheads \
      sweep:issue10-block:-m+graph,persistent-grid+--barrier+block+-n+3,4,5,11,12,33+--no-overheads \
      sweep:issue10-cluster:-m+graph,persistent-grid,persistent-dataflow+--barrier+cluster+--signal+cluster+-n+33,34,101,102,257+--no-overheads \
      sweep:issue10-temporal:-m+graph,persistent-grid+--barrier+temporal+--sweeps-per-exchange+4,8+-n+359,513,1001,1501,2049,3001,4097+--no-overheads \
      sanitize-temporal
    ;;
  *)
    echo "usage: open-issues.sh checks|sweeps|variants|racecheck (see the comment at the top)" >&2
    exit 2
    ;;
esac
