package org.holdfast.kernels.temporal;

import static org.holdfast.kernels.temporal.TemporalKernelsMatchReferenceTest.runOn;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.holdfast.kernels.poisson3d.Poisson3DProblem;
import org.holdfast.kernels.poisson3d.ReferenceSolver3D;
import org.holdfast.kernels.problem.Problem;
import org.holdfast.tornado.api.TornadoExecutionPlan;
import org.holdfast.tornado.api.TornadoRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The cube's Java temporally blocked kernel ({@link TemporalKernels3D}), run on the CPU backend, equals
 * the plain reference bit for bit over the whole array, from a random interior and short of
 * convergence: every k, iteration counts that k does not divide (a shorter last pass), ghost borders
 * wider than the cube (N = 3 .. 9), several tiles each way (N = 65 crosses the tiles of every k),
 * several segments of planes, and runs that start in either buffer. The passes run as the square's test
 * runs them ({@link TemporalKernelsMatchReferenceTest#runOn}: every execution's work count checked).
 */
class TemporalKernels3DMatchReferenceTest {

    @ParameterizedTest(name = "N = {0}, k = {1}, {2} iterations, {3} target blocks")
    @CsvSource({
        "3, 1, 2, 1", "3, 8, 3, 1",
        "4, 2, 3, 2", "4, 3, 2, 1",
        "5, 4, 3, 3", "5, 8, 1, 1",
        "8, 6, 2, 2", "8, 1, 3, 4",
        "9, 3, 4, 3", "9, 8, 5, 2",
        "16, 2, 3, 5", "16, 8, 3, 1",
        "17, 4, 3, 4", "17, 6, 5, 3",
        "32, 3, 2, 2", "32, 8, 3, 3",
        "33, 1, 2, 1", "33, 4, 3, 2",
        "65, 8, 3, 24", "65, 2, 3, 4", "65, 6, 2, 4"})
    void equalsTheReferenceBitForBit(int n, int k, int iterations, int targetBlocks) {
        Poisson3DProblem problem = new Poisson3DProblem(n);
        double[] initial = problem.randomInitialU(n + 31L * k);
        double[] f = problem.rightHandSide();
        double[] reference = ReferenceSolver3D.solve(problem, initial, f, iterations);
        double[] oneFewer = ReferenceSolver3D.solve(problem, initial, f, iterations - 1);
        if (n > 3) {
            assertNotEquals(Arrays.toString(oneFewer), Arrays.toString(reference), "one iteration changes the array");
        }
        StreamGeometry3D geometry = StreamGeometry3D.plan(n, k, targetBlocks);
        assertArrayEquals(reference, run(problem, initial, f, k, geometry, iterations), "N = " + n + ", k = " + k + ", " + geometry);
    }

    /** N = 65 at k = 8 cuts the cube into several tiles each way and several segments: the halos cross every edge. */
    @Test
    void theLargestCaseCrossesTilesAndSegments() {
        StreamGeometry3D geometry = StreamGeometry3D.plan(65, 8, 24);
        assertTrue(geometry.tilesJ() > 1 && geometry.tilesK() > 1 && geometry.segments() > 1, geometry.toString());
    }

    /** Two runs without reloading: the second starts wherever the first ended (in scratch after an odd pass count). */
    @Test
    void aRunContinuesFromTheBufferTheLastOneEndedIn() {
        int n = 9;
        int k = 3;
        Poisson3DProblem problem = new Poisson3DProblem(n);
        double[] initial = problem.randomInitialU(7);
        double[] f = problem.rightHandSide();
        double[] u = initial.clone();
        double[] scratch = initial.clone();
        int[] schedule = new int[4];
        int[] work = new int[1];
        TemporalTaskGraph tasks = TemporalTaskGraph.cube(problem, u, scratch, f, schedule, work, k, StreamGeometry3D.plan(n, k, 2));
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tasks.graph())) {
            plan.withDevice(TornadoRuntime.sequentialCpu()).withGridScheduler(tasks.scheduler());
            boolean inScratch = runOn(plan, schedule, work, tasks.blocks(), PassSchedule.of(k, 2), false); // 4 half-sweeps: 2 passes
            inScratch = runOn(plan, schedule, work, tasks.blocks(), PassSchedule.of(k, 1), inScratch); // 2: 1 pass, into scratch
            assertEquals(true, inScratch);
            inScratch = runOn(plan, schedule, work, tasks.blocks(), PassSchedule.of(k, 2), inScratch); // from scratch: 2 passes
            assertArrayEquals(ReferenceSolver3D.solve(problem, initial, f, 5), inScratch ? scratch : u);
        }
    }

    static double[] run(Poisson3DProblem problem, double[] initial, double[] f, int k, StreamGeometry3D geometry, int iterations) {
        double[] u = initial.clone();
        double[] scratch = initial.clone();
        for (int index = 0; index < scratch.length; index++) {
            if (problem.colourOf(index) != Problem.BOUNDARY) {
                scratch[index] = Double.NaN; // the interior must be written; the boundary is u's
            }
        }
        int[] schedule = new int[4];
        int[] work = new int[1];
        TemporalTaskGraph tasks = TemporalTaskGraph.cube(problem, u, scratch, f, schedule, work, k, geometry);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(tasks.graph())) {
            plan.withDevice(TornadoRuntime.sequentialCpu()).withGridScheduler(tasks.scheduler());
            return runOn(plan, schedule, work, tasks.blocks(), PassSchedule.of(k, iterations), false) ? scratch : u;
        }
    }
}
