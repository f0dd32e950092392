package org.holdfast.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.KernelContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Instruments the half-sweep kernels thread by thread: each thread runs alone on a fresh copy of a
 * random array, and the elements it changed are the ones it wrote. Over all threads of a launch,
 * every interior point of the half-sweep's colour must be written exactly once, and nothing else.
 */
class RedBlackCoverageTest {

    private interface HalfSweep {
        void run(KernelContext context, double[] u, double[] f, int n, double h2);
    }

    @ParameterizedTest(name = "N = {0}, {1} threads")
    @CsvSource({
        "3, 1", "3, 7", "4, 1", "4, 2", "5, 3", "11, 1", "11, 45", "11, 64", "12, 7", "12, 50", "33, 13", "33, 496", "34, 256"
    })
    void everyInteriorPointIsUpdatedOncePerIterationByItsOwnColour(int n, int threads) {
        PoissonProblem problem = new PoissonProblem(n);
        Random random = new Random(42L * n + threads);
        double[] u = new double[problem.points()];
        double[] f = new double[problem.points()];
        for (int k = 0; k < u.length; k++) {
            u[k] = random.nextDouble();
            f[k] = random.nextDouble() * 100;
        }
        int[] redWrites = writesPerPoint(RedBlackKernels::red, problem, u, f, threads);
        int[] blackWrites = writesPerPoint(RedBlackKernels::black, problem, u, f, threads);

        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int c = i * n + j;
                boolean interior = i > 0 && j > 0 && i < n - 1 && j < n - 1;
                boolean red = (i + j) % 2 == 0;
                String where = "point (" + i + ", " + j + ")";
                assertEquals(interior && red ? 1 : 0, redWrites[c], where + ": writes by the red half-sweep");
                assertEquals(interior && !red ? 1 : 0, blackWrites[c], where + ": writes by the black half-sweep");
            }
        }
    }

    /** How many threads of one launch of {@code kernel} wrote each element. */
    private static int[] writesPerPoint(HalfSweep kernel, PoissonProblem problem, double[] u, double[] f, int threads) {
        int[] writes = new int[u.length];
        for (int thread = 0; thread < threads; thread++) {
            double[] copy = u.clone();
            kernel.run(KernelContext.forThread(thread, threads), copy, f, problem.n(), problem.h2());
            for (int k = 0; k < copy.length; k++) {
                if (Double.doubleToRawLongBits(copy[k]) != Double.doubleToRawLongBits(u[k])) {
                    writes[k]++;
                }
            }
        }
        assertTrue(threads > 0);
        return writes;
    }
}
