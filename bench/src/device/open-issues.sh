#!/usr/bin/env bash
# The GPU runs the open issues still need, as batches of h200-session.sh phases that each fit one
# device call (under 600 s). Run from the repository root on the GPU machine, with .device-kit/
# carried (make-device-kit.sh); logs and results land in $OUT as for h200-session.sh.
#
#   bench/src/device/open-issues.sh checks   the GPU tests the last fixes touched, the native self-test,
#                                            compute-sanitizer on the native and the Java kernels
#                                            (issues 10, 11, 12)
#   bench/src/device/open-issues.sh sweeps   the on-chip and resident variants through the harness,
#                                            every size of issue 10 with graph in the same run, and the
#                                            overhead rows of the cluster barrier and DSMEM probes
#
# The TornadoVM table (issue 13) is a call of its own: native-hip/tools/tornadovm/run.sh with its
# kit carried (.device-carry/tornadovm/), since both kits together pass the 64 MiB a call carries.
set -uo pipefail
session=$(dirname "$0")/h200-session.sh
case ${1:-} in
  checks)
    exec bash "$session" info native \
      tests:PersistentModesGpuTest,PersistentRunGpuTest,GpuModesPassTheirChecksGpuTest,PersistentKernelsGpuTest \
      sanitize-native sanitize-java
    ;;
  sweeps)
    exec bash "$session" info \
      sweep:issue10:-m+graph,persistent-grid,persistent-dataflow,persistent-host+-n+3,4,5,11,12,33,34,101,102,257,1001,1002+--init+random \
      sweep:issue10-resident:-m+graph,persistent-dataflow+-k+native+--signal+resident+--sweeps-per-exchange+1,2,3,4+-t+512+-n+101,257,1001,1002+--no-overheads \
      sweep:issue10-block:-m+graph,persistent-grid+--barrier+block+-n+3,4,5,11,12,33+--no-overheads \
      sweep:issue10-cluster:-m+graph,persistent-grid,persistent-dataflow+--barrier+cluster+--signal+cluster+-n+33,34,101,102,257+--no-overheads
    ;;
  *)
    echo "usage: open-issues.sh checks|sweeps (see the comment at the top)" >&2
    exit 2
    ;;
esac
