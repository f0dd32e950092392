package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.ReferenceSolver;
import org.holdfast.kernels.problem.Problem;

/** How the tests of the Java twins drive a runner as the harness does, each run checked against the reference bit for bit. */
final class TwinRunChecks {

    private TwinRunChecks() {
    }

    /**
     * From a load, {@code iterations} and as many again on from the last run without a load (state the kernel carries
     * from run to run carried on), then from a load again one iteration (a count of its own) and {@code iterations} on.
     */
    static void fromALoadAndOnFromTheLastRun(ModeRunner runner, PoissonProblem problem, double[] initial, int iterations) {
        double[] f = problem.rightHandSide();
        double[] result = new double[problem.points()];
        runner.load(initial);
        runner.run(iterations);
        runner.unload(result);
        assertArrayEquals(ReferenceSolver.solve(problem, initial, f, iterations), result, "from a load");
        runner.run(iterations);
        runner.unload(result);
        assertArrayEquals(ReferenceSolver.solve(problem, initial, f, 2 * iterations), result, "on from the last run");
        runner.load(initial);
        runner.run(1);
        runner.unload(result);
        assertArrayEquals(ReferenceSolver.solve(problem, initial, f, 1), result, "another count, from a load");
        runner.run(iterations);
        runner.unload(result);
        assertArrayEquals(ReferenceSolver.solve(problem, initial, f, 1 + iterations), result, "another count, on from the last run");
    }

    /**
     * The Java kernels' and the native kernels' runners of {@code mode} for {@code request}'s kernels, each from
     * {@code initial}: {@code iterations}, then one more without a reload, each equal to the reference; then both ran the
     * same shape (blocks, threads, the planner's note, the row's variant). Their shapes, Java first.
     */
    static List<RunShape> javaAndNativeInOneShape(NativePersistentMode mode, Function<KernelSource, RunRequest> request,
            Machine machine, double[] initial, int iterations) {
        List<RunShape> shapes = new ArrayList<>();
        for (KernelSource kernels : List.of(KernelSource.JAVA, KernelSource.NATIVE)) {
            RunRequest asked = request.apply(kernels);
            Problem problem = asked.problem();
            try (ModeRunner runner = mode.runner(asked, machine)) {
                double[] result = new double[problem.points()];
                runner.load(initial);
                assertTrue(runner.run(iterations) > 0);
                runner.unload(result);
                assertArrayEquals(problem.reference().solve(initial, asked.f(), iterations), result, kernels + " " + runner.shape());
                assertTrue(runner.run(1) > 0);
                runner.unload(result);
                assertArrayEquals(problem.reference().solve(initial, asked.f(), iterations + 1), result, kernels + ", a second run");
                shapes.add(runner.shape());
            }
        }
        RunShape java = shapes.get(0);
        RunShape nativeTwin = shapes.get(1);
        assertEquals(nativeTwin.blocks(), java.blocks(), "blocks, java against native");
        assertEquals(nativeTwin.threads(), java.threads(), "threads, java against native");
        assertEquals(nativeTwin.note(), java.note(), "the planner's note (its shape: k, cluster size, points per thread, f)");
        assertEquals(nativeTwin.variant(), java.variant(), "labelled as its twin");
        return shapes;
    }
}
