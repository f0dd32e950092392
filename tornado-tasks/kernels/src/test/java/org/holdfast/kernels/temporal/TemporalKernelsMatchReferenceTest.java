package org.holdfast.kernels.temporal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Arrays;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.ReferenceSolver;
import org.holdfast.tornado.api.TornadoExecutionPlan;
import org.holdfast.tornado.api.TornadoRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Java temporally blocked kernel, run on the CPU backend as any kernel is (each group's 256
 * threads together, warp shuffles through the group), equals the plain reference bit for bit, from
 * a random interior and short of convergence: k = 1, 2, 3, 4, 6, 8, 12, 16 (several of them ending on
 * a shorter pass; 12 and 16 over several passes, two strips at N = 520), ghost borders wider than the grid (N = 3 .. 12), segments and strips that do not
 * divide the grid, and runs that start in either buffer. Kept small: every step of every group is
 * a few barriers of 256 threads.
 */
class TemporalKernelsMatchReferenceTest {

    @ParameterizedTest(name = "N = {0}, k = {1}, {2} iterations, {3} target blocks")
    @CsvSource({
        "3, 1, 2, 1", "3, 8, 3, 1",
        "4, 2, 3, 2", "4, 3, 2, 1",
        "5, 4, 3, 3", "5, 8, 1, 1",
        "11, 1, 3, 4", "11, 3, 4, 3", "11, 8, 5, 2",
        "12, 2, 4, 5", "12, 4, 3, 4", "12, 8, 7, 3",
        "40, 6, 4, 3",
        "257, 8, 2, 3",
        "520, 8, 2, 2",
        // The deep passes: ring of 10 rows, levels beyond it read f from global memory; counts k does not divide
        "3, 12, 7, 1", "3, 16, 9, 1",
        "4, 16, 9, 2", "5, 12, 13, 3",
        "11, 16, 17, 4", "12, 12, 13, 5",
        "33, 16, 19, 3", "34, 12, 11, 2",
        "40, 16, 16, 3",
        "101, 12, 14, 3", "101, 16, 19, 4",
        "520, 12, 7, 3", "520, 16, 9, 2"})
    void equalsTheReferenceBitForBit(int n, int k, int iterations, int targetBlocks) {
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(n + 31L * k);
        double[] f = problem.rightHandSide();
        double[] reference = ReferenceSolver.solve(problem, initial, f, iterations);
        double[] oneFewer = ReferenceSolver.solve(problem, initial, f, iterations - 1);
        if (n > 3) {
            assertNotEquals(Arrays.toString(oneFewer), Arrays.toString(reference), "one iteration changes the array");
        }
        StreamGeometry geometry = StreamGeometry.plan(n, k, targetBlocks);
        assertArrayEquals(reference, run(problem, initial, f, k, geometry, iterations), "N = " + n + ", k = " + k + ", "
                + geometry);
    }

    /** Two runs without reloading: the second starts wherever the first ended (in scratch after an odd pass count). */
    @Test
    void aRunContinuesFromTheBufferTheLastOneEndedIn() {
        int n = 12;
        int k = 3;
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(7);
        double[] f = problem.rightHandSide();
        double[] u = initial.clone();
        double[] scratch = initial.clone();
        int[] schedule = new int[4];
        int[] work = new int[1];
        StreamGeometry geometry = StreamGeometry.plan(n, k, 2);
        TemporalTaskGraph tasks = new TemporalTaskGraph(problem, u, scratch, f, schedule, work, k, geometry);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tasks.graph())) {
            plan.withDevice(TornadoRuntime.sequentialCpu()).withGridScheduler(tasks.scheduler());
            int blocks = geometry.blocks();
            boolean inScratch = runOn(plan, schedule, work, blocks, PassSchedule.of(k, 2), false); // 4 half-sweeps: 2 passes
            inScratch = runOn(plan, schedule, work, blocks, PassSchedule.of(k, 3), inScratch); // 6: 2 passes
            inScratch = runOn(plan, schedule, work, blocks, PassSchedule.of(k, 1), inScratch); // 2: 1 pass, into scratch
            assertEquals(true, inScratch);
            inScratch = runOn(plan, schedule, work, blocks, PassSchedule.of(k, 2), inScratch); // from scratch: 2 passes
            assertArrayEquals(ReferenceSolver.solve(problem, initial, f, 8), inScratch ? scratch : u);
        }
    }

    static double[] run(PoissonProblem problem, double[] initial, double[] f, int k, StreamGeometry geometry, int iterations) {
        double[] u = initial.clone();
        double[] scratch = initial.clone();
        Arrays.fill(scratch, Double.NaN); // the interior must be written; the boundary is u's
        for (int i = 0; i < problem.n(); i++) {
            for (int j = 0; j < problem.n(); j++) {
                if (i == 0 || j == 0 || i == problem.n() - 1 || j == problem.n() - 1) {
                    scratch[i * problem.n() + j] = initial[i * problem.n() + j];
                }
            }
        }
        int[] schedule = new int[4];
        int[] work = new int[1];
        TemporalTaskGraph tasks = new TemporalTaskGraph(problem, u, scratch, f, schedule, work, k, geometry);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tasks.graph())) {
            plan.withDevice(TornadoRuntime.sequentialCpu()).withGridScheduler(tasks.scheduler());
            return runOn(plan, schedule, work, geometry.blocks(), PassSchedule.of(k, iterations), false) ? scratch : u;
        }
    }

    /**
     * Runs the schedule's executions, each counting the half-sweeps its blocks ran (every block adds its
     * pass's half-sweeps once per launch); returns whether the result is in scratch. The cube's test runs it too.
     */
    static boolean runOn(TornadoExecutionPlan plan, int[] schedule, int[] work, int blocks, PassSchedule passes,
            boolean inScratch) {
        for (PassSchedule.Execution execution : passes.executions(inScratch)) {
            System.arraycopy(execution.schedule(), 0, schedule, 0, schedule.length);
            work[0] = 0;
            plan.withRepeats(execution.repeats()).execute();
            assertEquals(execution.repeats() * blocks * (execution.schedule()[0] + execution.schedule()[2]), work[0],
                    "block half-sweeps of " + execution.repeats() + " repeats of " + java.util.Arrays.toString(execution.schedule()));
        }
        return passes.endsInScratch(inScratch);
    }
}
