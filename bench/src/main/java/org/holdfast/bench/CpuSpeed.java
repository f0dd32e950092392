package org.holdfast.bench;

import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.problem.PlainReference;

/**
 * How fast one core of this machine updates a point, measured on the problem's plain reference in about a
 * tenth of a second: the fastest of many half-sweeps of a grid that fits in cache, once the JIT has
 * compiled the loop, so that it is what a run can at best expect of a CPU mode (larger grids wait
 * for memory and are slower).
 */
final class CpuSpeed {

    /** 511 x 511 interior points, 4 MiB for u and f. */
    private static final int N = 513;
    private static final long MEASURE_NANOS = 100_000_000L;

    private CpuSpeed() {
    }

    /** Nanoseconds per point update on one core, at best. */
    static double nanosPerPoint() {
        PoissonProblem problem = new PoissonProblem(N);
        double[] u = problem.initialU();
        double[] f = new double[problem.arrayLength()]; // the speed does not depend on the values
        PlainReference reference = problem.reference();
        long ends = System.nanoTime() + MEASURE_NANOS;
        long fastest = Long.MAX_VALUE;
        do {
            long start = System.nanoTime();
            reference.halfSweep(u, f, PlainReference.RED);
            reference.halfSweep(u, f, PlainReference.BLACK);
            fastest = Math.min(fastest, System.nanoTime() - start);
        } while (System.nanoTime() < ends);
        return (double) fastest / problem.interiorPoints();
    }
}
