package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.holdfast.kernels.PersistentRedBlackKernels;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.junit.jupiter.api.Test;

/**
 * {@code persistent-grid -k java --barrier block}: the register kernels ({@link PersistentRedBlackKernels#onChipRegisters}),
 * what the barrier resolves to and how the row is labelled, without a GPU (the block rule that sizes them is the native
 * library's, read on the GPU; OnChipRegistersMatchReferenceTest and PersistentKernelsOnCpuTest run the kernels on the CPU).
 */
class JavaBlockTwinTest {

    private static final PersistentGridMode GRID = new PersistentGridMode();

    private static OptionValues barrier(String barrier, String k) {
        return Modes.ALL.defaults().with(PersistentGridMode.BARRIER, barrier).with(NativePersistentMode.SWEEPS_PER_EXCHANGE, k);
    }

    @Test
    void theBlockBarrierRunsTheRegisterKernels() {
        KernelsThatRun block = GRID.kernelsThatRun(KernelSource.JAVA, barrier("block", "auto"), new PoissonProblem(11));
        assertEquals(PersistentRedBlackKernels.class, block.generatedClass().orElseThrow());
        assertTrue(block.what().contains(": onChipRegisters_p<P>_warp<W> (P = 1, 2, 4;"), block.what());
        KernelsThatRun auto = GRID.kernelsThatRun(KernelSource.JAVA, barrier("auto", "auto"), new PoissonProblem(11));
        assertTrue(auto.what().contains("the native planner's choice where the Java kernels have it (temporal: persistentPasses_k<k>,"
                + " temporal-3blocks: persistentPasses3Blocks_k<k>, block: onChipRegisters_p<P>_warp<W>, cluster: clusterResident_p<P>)"), auto.what());
    }

    @Test
    void theRowIsLabelledAsTheNativeOne() {
        assertEquals(new RowVariant("block/k=1", "block", 1), GRID.ran("block", 1, barrier("block", "auto")));
    }

    @Test
    void moreHalfSweepsPerExchangeAreRefusedBeforeTheGpuIsAsked() {
        PoissonProblem problem = new PoissonProblem(11);
        RunRequest request = new RunRequest(problem, problem.rightHandSide(), KernelSource.JAVA, BlockCountRule.parse("auto"),
                barrier("block", "2"), RunRequest.DEFAULT_THREADS, RunRequest.DEFAULT_WATCHDOG_SECONDS, false);
        IllegalArgumentException k2 = assertThrows(IllegalArgumentException.class,
                () -> GRID.runner(request, Machine.withoutGpu("no GPU in this test")));
        assertTrue(k2.getMessage().contains("--sweeps-per-exchange takes 1 or auto"), k2.getMessage());
    }

    @Test
    void theKernelsAreTheNativeRegisterBudgets() {
        assertEquals("onChipRegisters", PersistentRedBlackKernels.kernelFor(4));
        assertEquals("onChipRegisters8", PersistentRedBlackKernels.kernelFor(8));
        assertEquals("onChipRegisters16", PersistentRedBlackKernels.kernelFor(16));
        assertEquals(1024, PersistentRedBlackKernels.maxThreadsFor(4));
        assertEquals(512, PersistentRedBlackKernels.maxThreadsFor(8));
        assertEquals(256, PersistentRedBlackKernels.maxThreadsFor(16));
        // N = 92, the largest the block rule takes: 92 rows of 46 doubles (46 points, already even) in each plane; N = 89's 45 round up to 46.
        assertEquals(2 * 92 * 46 * Double.BYTES, PersistentRedBlackKernels.planesBytes(92));
        assertEquals(2 * 89 * 46 * Double.BYTES, PersistentRedBlackKernels.planesBytes(89));
    }
}
