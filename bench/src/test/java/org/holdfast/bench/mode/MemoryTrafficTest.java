package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson3d.Poisson3DProblem;
import org.junit.jupiter.api.Test;

/** The bytes an iteration really moves, by the roofline's model (docs/results.md, "The roofline column"). */
class MemoryTrafficTest {

    @Test
    void aPassPerHalfSweepMovesUAndFAndUTwicePerIteration() {
        // N = 1001: 1001² doubles per array; u and f read and u written by the red and by the black half-sweep.
        assertEquals(6.0 * 1001 * 1001 * 8, MemoryTraffic.HALF_SWEEP_PASSES.bytesPerIteration(new PoissonProblem(1001)));
        assertEquals(48_096_048.0, MemoryTraffic.passes(1).bytesPerIteration(new PoissonProblem(1001)));
        assertEquals(6.0 * 11 * 11 * 11 * 8, MemoryTraffic.passes(1).bytesPerIteration(new Poisson3DProblem(11)), "the cube");
    }

    @Test
    void aPassOfKHalfSweepsMovesTheArraysOncePerKHalfSweeps() {
        double array = 4097.0 * 4097 * 8;
        assertEquals(3 * array * 2 / 8, MemoryTraffic.passes(8).bytesPerIteration(new PoissonProblem(4097)), "k = 8: a pass per 4 iterations");
        assertEquals(3 * array / 2, MemoryTraffic.passes(4).bytesPerIteration(new PoissonProblem(4097)));
        assertEquals(16_032_016.0, MemoryTraffic.passes(3).bytesPerIteration(new PoissonProblem(1001)), "k = 3: 1.5 iterations a pass");
        assertEquals(MemoryTraffic.passes(1).bytesPerIteration(new PoissonProblem(513)),
                2 * MemoryTraffic.passes(2).bytesPerIteration(new PoissonProblem(513)));
    }

    @Test
    void onChipAnUpdateLoadsItsNeighboursAndStoresItsPoint() {
        // N = 101: 99² updates an iteration, each 4 neighbour loads and a store of 8 bytes; with h²f in shared memory one load more.
        assertEquals(99.0 * 99 * 5 * 8, MemoryTraffic.sharedMemory(false).bytesPerIteration(new PoissonProblem(101)));
        assertEquals(99.0 * 99 * 6 * 8, MemoryTraffic.sharedMemory(true).bytesPerIteration(new PoissonProblem(101)));
        // The cube: 6 neighbours.
        assertEquals(9.0 * 9 * 9 * 7 * 8, MemoryTraffic.sharedMemory(false).bytesPerIteration(new Poisson3DProblem(11)));
        assertEquals(9.0 * 9 * 9 * 8 * 8, MemoryTraffic.sharedMemory(true).bytesPerIteration(new Poisson3DProblem(11)));
    }

    @Test
    void thePlanSaysWhetherTheKernelStreamsOrHoldsTheGrid() {
        assertEquals(MemoryTraffic.sharedMemory(true), MemoryTraffic.ofPlan(true, true, 1), "u on chip, f too");
        assertEquals(MemoryTraffic.sharedMemory(false), MemoryTraffic.ofPlan(true, false, 8), "u alone, whatever k");
        assertEquals(MemoryTraffic.passes(8), MemoryTraffic.ofPlan(false, false, 8), "temporal passes of k = 8");
        assertEquals(MemoryTraffic.passes(1), MemoryTraffic.ofPlan(false, false, 1), "a grid barrier per half-sweep");
        assertEquals(MemoryTraffic.passes(1), MemoryTraffic.ofPlan(false, false, 0), "k unset: one half-sweep");
    }

    @Test
    void theLimitIsNamedByTheDevice() {
        assertEquals("HBM", MemoryTraffic.passes(8).limitLabel(Paradigm.PERSISTENT));
        assertEquals("HBM", MemoryTraffic.HALF_SWEEP_PASSES.limitLabel(Paradigm.STANDARD));
        assertEquals("host", MemoryTraffic.HALF_SWEEP_PASSES.limitLabel(Paradigm.CPU));
        assertEquals("smem", MemoryTraffic.sharedMemory(true).limitLabel(Paradigm.PERSISTENT));
    }

    @Test
    void aPassRunsAtLeastOneHalfSweep() {
        assertThrows(IllegalArgumentException.class, () -> MemoryTraffic.passes(0));
    }
}
