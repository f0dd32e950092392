package org.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@code --print-kernel} shows what the other options would run: the CUDA C of the Java kernels those modes
 * launch (the standard pair, the temporal pass, the persistent kernels), and the native kernels by file.
 */
class KernelPrinterTest {

    private static String printed(String... args) {
        String[] all = new String[args.length + 1];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "--print-kernel";
        CommandRun run = CommandRun.of(all);
        assertEquals(ExitCode.OK, run.status(), run.err());
        return run.out();
    }

    @Test
    void theStandardLaunchesShowTheGeneratedPairAndNothingElse() {
        String out = printed("-m", "graph");
        assertTrue(out.contains("// graph (java, sweeps-per-launch=1):\n//   org.holdfast.kernels.RedBlackKernels: red then black, one launch per"
                + " half-sweep\n"), out);
        assertTrue(out.contains("// ======== org.holdfast.kernels.RedBlackKernels (META-INF/holdfast/kernels/"
                + "org.holdfast.kernels.RedBlackKernels.cu)\n"), out);
        assertTrue(out.contains("extern \"C\" __global__ void red(double* __restrict__ u"), out);
        assertFalse(out.contains("TemporalKernels") || out.contains("PersistentRedBlackKernels"), out);
    }

    @Test
    void sweepsPerLaunchAboveOneShowTheTemporalPass() {
        String out = printed("-m", "launch", "--sweeps-per-launch", "1,4");
        assertTrue(out.contains("// launch (java, sweeps-per-launch=4):\n//   org.holdfast.kernels.temporal.TemporalKernels: streamPass with k = 4"
                + " (its instance streamPass_k4), one launch per pass of 4 half-sweeps\n"), out);
        assertTrue(out.contains("// launch (java, sweeps-per-launch=1):\n"), out);
        assertTrue(out.contains("__global__ void __launch_bounds__(256, 2) streamPass_k4("), out);
        assertTrue(out.contains("__global__ void red("), out);
    }

    @Test
    void onBandsKIsTheGhostRowsEveryHalfSweepStillALaunch() {
        String out = printed("-m", "graph,cpu", "--gpus", "2", "--sweeps-per-launch", "1,4");
        assertTrue(out.contains("// graph (java, sweeps-per-launch=4):\n//   org.holdfast.kernels.bands.BandKernels: red then black on each"
                + " of 2 bands, one launch per half-sweep; 4 ghost rows, halos exchanged every 4 half-sweeps (not the temporal pass)\n"), out);
        assertTrue(out.contains("// graph (java, sweeps-per-launch=1):\n//   org.holdfast.kernels.bands.BandKernels: red then black on each"
                + " of 2 bands, one launch per half-sweep; one ghost row, halos exchanged after every half-sweep\n"), out);
        assertTrue(out.contains("// cpu (java, sweeps-per-launch=4):\n"), out);
        assertTrue(out.contains("__global__ void red(") && !out.contains("streamPass_k4("), out);
    }

    @Test
    void thePersistentModesJavaKernelsAreTheirTwins() {
        String out = printed("-m", "persistent-grid,persistent-dataflow,persistent-host", "-k", "java");
        assertTrue(out.contains("// persistent-grid (java, barrier=auto, sweeps-per-exchange=auto):\n//   org.holdfast.kernels.PersistentRedBlackKernels: gridBarrierSweeps,"
                + " one launch for all iterations; or onChipSweeps where one block holds the grid in shared memory"), out);
        assertTrue(out.contains("// persistent-dataflow (java, signal=auto, sweeps-per-exchange=auto):\n//   org.holdfast.kernels"
                + ".PersistentRedBlackKernels: dataflowSweeps,"), out);
        assertTrue(out.contains("; or the twin of the native planner's choice where the Java kernels have it (cluster:"
                + " clusterAsync_p<P>, resident: resident_fOnChip<F>)"), out);
        assertTrue(out.contains("// persistent-host (native, schedule=auto, poll=busy):\n//   hand-written; the planner picks"),
                "a mode without Java kernels runs its own: " + out);
        assertTrue(out.contains("__global__ void gridBarrierSweeps("), out);
        assertEquals(1, out.split("// ======== org.holdfast.kernels.PersistentRedBlackKernels ", -1).length - 1, "each class once: " + out);
    }

    @Test
    void theJavaTemporalPassesRunWithBarrierTemporalAndOtherBarriersAreRefused() {
        String out = printed("-m", "persistent-grid", "-k", "java", "--barrier", "temporal,temporal-3blocks,cg", "--sweeps-per-exchange", "4");
        assertTrue(out.contains("// persistent-grid (java, barrier=temporal, sweeps-per-exchange=4):\n//   org.holdfast.kernels.temporal.TemporalKernels:"
                + " persistentPasses_k4, every pass of 4 half-sweeps in one persistent launch, a grid barrier between passes\n"), out);
        assertTrue(out.contains("// persistent-grid (java, barrier=temporal-3blocks, sweeps-per-exchange=4):\n//   org.holdfast.kernels.temporal"
                + ".TemporalKernels: persistentPasses3Blocks_k4, every pass of 4 half-sweeps in one persistent launch, a grid barrier"
                + " between passes, three blocks per multiprocessor\n"), out);
        assertTrue(out.contains("// persistent-grid (java, barrier=cg, sweeps-per-exchange=4):\n//   refused: persistent-grid (java): the Java"
                + " kernels have --barrier auto, two-slot, temporal, temporal-3blocks, block, cluster, not cg\n"), out);
        assertTrue(out.contains("__global__ void __launch_bounds__(256, 2) persistentPasses_k4("), out);
        assertTrue(out.contains("__global__ void __launch_bounds__(256, 3) persistentPasses3Blocks_k4("), out);
    }

    @Test
    void theJavaClusterTwinRunsWithBarrierCluster() {
        String out = printed("-m", "persistent-grid", "-k", "java", "--barrier", "cluster");
        assertTrue(out.contains("// persistent-grid (java, barrier=cluster, sweeps-per-exchange=auto):\n//   org.holdfast.kernels.PersistentRedBlackKernels:"
                + " clusterResident_p<P> (P = 1, 2, 4; clusterResident8_p8, clusterResident16_p16), one cluster of up to 16 blocks"), out);
    }

    @Test
    void theJavaBlockTwinRunsWithBarrierBlock() {
        String out = printed("-m", "persistent-grid", "-k", "java", "--barrier", "block");
        assertTrue(out.contains("// persistent-grid (java, barrier=block, sweeps-per-exchange=auto):\n//   org.holdfast.kernels.PersistentRedBlackKernels:"
                + " onChipRegisters_p<P>_warp<W> (P = 1, 2, 4; onChipRegisters8_p8_warp<W>, onChipRegisters16_p16_warp<W>)"), out);
        assertTrue(out.contains("__global__ void __launch_bounds__(1024, 1) onChipRegisters_p4_warp0("), out);
        assertTrue(out.contains("__global__ void __launch_bounds__(256, 1) onChipRegisters16_p16_warp1("), out);
    }

    @Test
    void theJavaResidentTwinRunsWithSignalResident() {
        String out = printed("-m", "persistent-dataflow", "-k", "java", "--signal", "resident,cluster");
        assertTrue(out.contains("// persistent-dataflow (java, signal=resident, sweeps-per-exchange=auto):\n//   org.holdfast.kernels"
                + ".ResidentKernels: resident_fOnChip<F> (F = 0, 1), every block holding its band of rows"), out);
        assertTrue(out.contains("// persistent-dataflow (java, signal=cluster, sweeps-per-exchange=auto):\n//   org.holdfast.kernels"
                + ".PersistentRedBlackKernels: clusterAsync_p<P> (P = 1, 2, 4; clusterAsync8_p8, clusterAsync16_p16), one cluster"), out);
        assertTrue(out.contains("__global__ void __launch_bounds__(512, 1) resident_fOnChip1("), out);
        assertTrue(out.contains("__global__ void __launch_bounds__(1024, 1) clusterAsync_p4("), out);
    }

    @Test
    void theDeepestPassesAreNativeOnly() {
        String out = printed("-m", "persistent-grid", "-k", "java,native", "--barrier", "temporal", "--sweeps-per-exchange", "16,24");
        assertTrue(out.contains("// persistent-grid (java, barrier=temporal, sweeps-per-exchange=16):\n//   org.holdfast.kernels.temporal."
                + "TemporalKernels: persistentPasses_k16, every pass of 16 half-sweeps"), out);
        assertTrue(out.contains("// persistent-grid (java, barrier=temporal, sweeps-per-exchange=24):\n//   refused: persistent-grid (java):"
                + " the Java temporal passes (persistentPasses) are compiled for k = 1, 2, 3, 4, 6, 8, 12, 16, not 24 (--kernels native runs it)\n"), out);
        assertTrue(out.contains("// persistent-grid (native, barrier=temporal, sweeps-per-exchange=24):\n"), out);
    }

    @Test
    void nativeKernelsAreNamedWithTheFileTheyComeFrom() {
        String out = printed("-m", "graph,persistent-grid,persistent-dataflow", "-k", "native", "--sweeps-per-launch", "8",
                "--barrier", "temporal", "--sweeps-per-exchange", "4", "--signal", "resident,auto");
        assertTrue(out.contains("// graph (native, sweeps-per-launch=8):\n//   hand-written, hf_stream_pass_k8 (native-hip/src/kernels/"
                + "temporal_stream.h), one launch per pass of 8 half-sweeps\n"), out);
        assertTrue(out.contains("// persistent-grid (native, barrier=temporal, sweeps-per-exchange=4):\n//   hand-written, temporal_stream_persistent_k4"
                + " (native-hip/src/kernels/temporal_persistent.h); the planner chooses at run time"), out);
        assertTrue(out.contains("// persistent-dataflow (native, signal=resident, sweeps-per-exchange=4):\n//   hand-written, persistent_resident"
                + " (native-hip/src/kernels/persistent_resident.h)"), out);
        assertTrue(out.contains("// persistent-dataflow (native, signal=auto, sweeps-per-exchange=4):\n//   hand-written; the planner picks the variant for"
                + " each size at run time (native-hip/src/auto_rule.cpp), one of:\n//     counters: persistent_dataflow"), out);
        assertFalse(out.contains("// ========"), "nothing generated from Java runs: " + out);
    }

    @Test
    void theCpuModesRunTheJavaMethodsThemselves() {
        String out = printed("-m", "cpu");
        assertTrue(out.contains("// cpu (java):\n//   org.holdfast.kernels.RedBlackKernels: red, then black, per iteration, the Java"
                + " methods themselves on the CPU (no CUDA C)\n"), out);
        assertFalse(out.contains("// ========"), out);
    }
}
