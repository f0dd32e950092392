package org.holdfast.kernels.temporal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.ReferenceSolver;
import org.holdfast.tornado.api.TornadoExecutionPlan;
import org.holdfast.tornado.api.TornadoRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every temporally blocked pass of a run in one persistent launch ({@link TemporalKernels#persistentPasses}, and its build
 * for three blocks per multiprocessor {@link TemporalKernels#persistentPasses3Blocks} at its k), on the CPU
 * backend with every thread of every group live: equal to the plain reference bit for bit from a random interior, at
 * every k, with iteration counts k does not divide (a shorter last pass), with fewer groups than items (grid-stride,
 * the per-thread arrays reused from item to item) and more (idle groups), starting from either buffer; and a group that
 * skips a half-sweep fails through the work count where the array alone cannot tell.
 */
class PersistentPassesMatchReferenceTest {

    private static final int[] SIZES = {3, 4, 5, 11, 12, 33, 34, 101};
    private static final int[] ITERATIONS = {1, 2, 5, 7};
    private static final Duration WATCHDOG = Duration.ofSeconds(30);

    /** Counts for the deep passes (k > 8): up to three passes, the last shorter (twice that on the second run), unconverged at N = 4. */
    private static final int[] DEEP_ITERATIONS = {7, 9, 11, 13};

    /**
     * Every size and k; the iteration count and the grid (target items, groups) vary with them, so that each occurs at each;
     * the deep passes once more with counts that give them several passes; the three-block kernel at each of its k.
     */
    static Stream<Arguments> cases() {
        return Stream.of(cases(PersistentPassKernel.TWO_BLOCKS, ITERATIONS, 0), cases(PersistentPassKernel.TWO_BLOCKS, DEEP_ITERATIONS, 9),
                cases(PersistentPassKernel.THREE_BLOCKS, ITERATIONS, 0)).flatMap(cases -> cases);
    }

    private static Stream<Arguments> cases(PersistentPassKernel kernel, int[] iterationCounts, int smallestK) {
        int[] sweeps = kernel.sweeps();
        return IntStream.range(0, SIZES.length).boxed().flatMap(s -> IntStream.range(0, sweeps.length)
                .filter(j -> sweeps[j] >= smallestK).mapToObj(j -> {
                    int n = SIZES[s];
                    int k = sweeps[j];
                    int iterations = iterationCounts[(s + j) % iterationCounts.length];
                    int target = 1 + (s + 2 * j) % 4;
                    int blocks = 1 + (s * 3 + j) % 3;
                    return Arguments.of(kernel, n, k, iterations, target, blocks);
                }));
    }

    @ParameterizedTest(name = "{0}: N = {1}, k = {2}, {3} iterations, {4} target items, {5} groups")
    @MethodSource("cases")
    void equalsTheReferenceBitForBit(PersistentPassKernel kernel, int n, int k, int iterations, int target, int blocks) {
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = problem.randomInitialU(n + 17L * k);
        double[] f = problem.rightHandSide();
        double[] reference = ReferenceSolver.solve(problem, initial, f, iterations);
        if (n > 3) {
            assertTrue(PoissonProblem.maxAbsDiff(reference, ReferenceSolver.solve(problem, initial, f, iterations - 1)) > 1e-9,
                    "one iteration fewer shows");
        }
        StreamGeometry geometry = StreamGeometry.plan(n, k, target);
        double[] u = new double[problem.points()];
        double[] scratch = new double[problem.points()];
        TemporalPersistentTaskGraph tasks = new TemporalPersistentTaskGraph(kernel, problem, u, scratch, f, k, iterations, geometry,
                blocks);
        try (TornadoExecutionPlan plan = plan(tasks)) {
            System.arraycopy(initial, 0, u, 0, u.length);
            tasks.loaded();
            assertArrayEquals(reference, runOnce(plan, tasks), geometry + " on " + blocks + " groups");
            assertSame(u, tasks.state(), "after a load, the run ends in u");
            // A second run without a load starts wherever the first ended (scratch after an odd number of passes).
            assertArrayEquals(ReferenceSolver.solve(problem, initial, f, 2 * iterations), runOnce(plan, tasks), "a run on from the last");
        }
    }

    /** Both orders of the two buffers from a load: an even and an odd number of passes each. */
    @Test
    void theRunStartsFromTheArrayThatMakesItEndInU() {
        PoissonProblem problem = new PoissonProblem(12);
        double[] initial = problem.randomInitialU(3);
        double[] f = problem.rightHandSide();
        for (int iterations : new int[] {2, 3}) { // k = 4: one pass (from scratch), two passes (from u)
            double[] u = new double[problem.points()];
            double[] scratch = new double[problem.points()];
            TemporalPersistentTaskGraph tasks = new TemporalPersistentTaskGraph(problem, u, scratch, f, 4, iterations,
                    StreamGeometry.plan(12, 4, 2), 2);
            try (TornadoExecutionPlan plan = plan(tasks)) {
                System.arraycopy(initial, 0, u, 0, u.length);
                tasks.loaded();
                assertArrayEquals(ReferenceSolver.solve(problem, initial, f, iterations), runOnce(plan, tasks));
                assertSame(u, tasks.state(), iterations + " iterations");
            }
        }
    }

    /**
     * Group 0 runs its last pass one half-sweep short (native-hip's HF_FAULT_SKIP_HALF_SWEEP) at N = 5 from a zero
     * interior after enough iterations that the grid has converged: the array equals the reference bit for bit, and only
     * the work count tells the run from a complete one.
     */
    @Test
    void aGroupThatSkipsAHalfSweepFailsThroughTheWorkCountAtAConvergedGrid() {
        int n = 5;
        int iterations = 301;
        PoissonProblem problem = new PoissonProblem(n);
        double[] f = problem.rightHandSide();
        double[] u = new double[problem.points()];
        double[] scratch = new double[problem.points()];
        TemporalPersistentTaskGraph tasks = new TemporalPersistentTaskGraph(problem, u, scratch, f, 4, iterations,
                StreamGeometry.plan(n, 4, 2), 2);
        tasks.skipLastHalfSweepIn(0);
        double[] result;
        try (TornadoExecutionPlan plan = plan(tasks)) {
            tasks.loaded();
            tasks.beforeRun();
            plan.execute();
            plan.transferToHost(tasks.state());
            result = tasks.state().clone();
        }
        assertArrayEquals(ReferenceSolver.solve(problem, new double[problem.points()], f, iterations), result,
                "converged: the array cannot tell");
        assertEquals(Optional.of("broken at n = 5: block 0 ran 601 of 602 half-sweeps (blocks ran 601 to 602)"),
                tasks.workShortfall(1, "broken at n = 5"));
    }

    private static TornadoExecutionPlan plan(TemporalPersistentTaskGraph tasks) {
        return new TornadoExecutionPlan(tasks.graph()).withDevice(TornadoRuntime.sequentialCpu())
                .withGridScheduler(tasks.scheduler()).withWatchdog(WATCHDOG);
    }

    /** One run: every group counted every half-sweep; the array that holds the result. */
    private static double[] runOnce(TornadoExecutionPlan plan, TemporalPersistentTaskGraph tasks) {
        tasks.beforeRun();
        plan.execute();
        assertEquals(Optional.empty(), tasks.workShortfall(1, "run"));
        plan.transferToHost(tasks.state());
        return tasks.state().clone();
    }

    /** The three-block kernel is compiled for k = 2, 4, 6, 8 only: another k is refused before anything runs. */
    @Test
    void theThreeBlockKernelRefusesAKItIsNotCompiledFor() {
        PoissonProblem problem = new PoissonProblem(12);
        double[] u = new double[problem.points()];
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new TemporalPersistentTaskGraph(PersistentPassKernel.THREE_BLOCKS, problem, u, u.clone(),
                        problem.rightHandSide(), 3, 2, StreamGeometry.plan(12, 3, 2), 2));
        assertEquals("the temporally blocked kernel persistentPasses3Blocks is compiled for k = [2, 4, 6, 8], not 3",
                refused.getMessage());
    }
}
