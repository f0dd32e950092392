package org.holdfast.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson.PoissonSolver;
import org.holdfast.kernels.poisson.PoissonTaskGraph;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.ExecutionResult;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoExecutionPlan;
import org.holdfast.tornado.api.TornadoRuntime;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Red-black iterations in every mode, timed by JMH on the host clock: the CPU backends, the
 * standard launches ({@code launch}, {@code launch-sync}, {@code graph}) and the persistent kernels.
 * One benchmark operation is one iteration (red then black); each invocation runs
 * {@value #ITERATIONS} of them back to back, then waits for the device.
 *
 * <p>{@code u} stays on the device between invocations (it keeps converging; the arithmetic does not
 * depend on the values), so no copy is timed. GPU modes fail their set-up on a machine without a GPU,
 * and the persistent ones without the native library.
 */
@State(Scope.Benchmark)
@BenchmarkMode(org.openjdk.jmh.annotations.Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class SolverBenchmark {

    static final int ITERATIONS = 100;

    @Param({"11", "101", "1001"})
    int n;

    @Param({"cpu", "cpu-parallel", "launch", "launch-sync", "graph", "persistent-grid", "persistent-host",
        "persistent-dataflow"})
    String mode;

    @Param({"256"})
    int threads;

    private TornadoExecutionPlan plan;
    private PersistentIterations persistent;

    @Setup(Level.Trial)
    public void prepare() {
        PoissonProblem problem = new PoissonProblem(n);
        if (mode.startsWith("persistent-")) {
            persistent = PersistentIterations.open(mode, problem, threads, ITERATIONS);
            return;
        }
        double[] u = problem.initialU();
        double[] f = problem.rightHandSide();
        TornadoDevice device = device(mode);
        boolean gpu = device.isGpu();
        int perBlock = gpu ? threads : mode.equals("cpu") ? 1 : 256;
        int blocks = mode.equals("cpu") ? 1 : PoissonSolver.onePointPerThread(problem, perBlock);
        PoissonTaskGraph tasks = new PoissonTaskGraph(problem, u, f, blocks, perBlock, DataTransferMode.FIRST_EXECUTION);
        plan = new TornadoExecutionPlan(tasks.graph())
                .withDevice(device)
                .withGridScheduler(tasks.scheduler())
                .withWarmUp()
                .withRepeats(ITERATIONS);
        if (mode.equals("launch-sync")) {
            plan.withSyncEveryRepeat();
        } else if (mode.equals("graph")) {
            plan.withCUDAGraph();
        }
    }

    private static TornadoDevice device(String mode) {
        return switch (mode) {
            case "cpu" -> TornadoRuntime.sequentialCpu();
            case "cpu-parallel" -> TornadoRuntime.parallelCpu();
            case "launch", "launch-sync", "graph" -> TornadoRuntime.firstGpu()
                    .orElseThrow(() -> new IllegalStateException(mode + " needs a GPU, and this machine has none"));
            default -> throw new IllegalArgumentException("unknown mode " + mode);
        };
    }

    @Benchmark
    @OperationsPerInvocation(ITERATIONS)
    public void iterations(Blackhole blackhole) {
        if (persistent != null) {
            blackhole.consume(persistent.run());
            return;
        }
        ExecutionResult result = plan.execute();
        blackhole.consume(result.elapsedNanos());
    }

    @TearDown(Level.Trial)
    public void release() {
        if (plan != null) {
            plan.close();
        }
        if (persistent != null) {
            persistent.close();
        }
    }
}
