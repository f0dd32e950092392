package org.holdfast.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.holdfast.bench.config.ProblemKind;
import org.holdfast.bench.mode.BlockCountRule;
import org.holdfast.bench.mode.CliNamed;
import org.holdfast.bench.mode.Machine;
import org.holdfast.bench.mode.ModeDescriptor;
import org.holdfast.bench.mode.ModeRunner;
import org.holdfast.bench.mode.Modes;
import org.holdfast.bench.mode.RunRequest;
import org.holdfast.kernels.problem.Problem;
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

/**
 * Red-black iterations in every mode, timed by JMH on the host clock, through the runner the
 * harness times: the same set-up, the same measured call. One benchmark operation is one iteration
 * (red then black); each invocation is one {@link ModeRunner#run} of {@value #ITERATIONS} of them.
 *
 * <p>Everything is allocated in {@link #prepare()}, which also runs the iterations once so that
 * nothing left to allocate (a CUDA graph) falls into a measured call. The array stays where the
 * mode keeps it between invocations (it keeps converging; the arithmetic does not depend on the
 * values), so no copy is timed. GPU modes fail their set-up on a machine without a GPU, the
 * persistent ones without the native library, the TornadoVM ones outside TornadoVM's launcher. The
 * modes are the registry's, in its order. {@code problem} picks the square ({@code poisson2d}, N² points)
 * or the cube ({@code poisson3d}, N³: {@code -p problem=poisson3d -p n=16,32,128}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(org.openjdk.jmh.annotations.Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class SolverBenchmark {

    static final int ITERATIONS = 100;

    /** JMH sets it; the default is for code that makes the benchmark itself (the tests). */
    @Param({"poisson2d"})
    String problem = "poisson2d";

    @Param({"11", "101", "1001"})
    int n;

    @Param({"cpu", "cpu-parallel", "launch", "launch-sync", "graph", "persistent-grid", "persistent-host",
        "persistent-dataflow", "tornado", "tornado-graph"})
    String mode;

    @Param({"" + RunRequest.DEFAULT_THREADS})
    int threads;

    private Machine machine;
    private ModeRunner runner;

    @Setup(Level.Trial)
    public void prepare() {
        ModeDescriptor descriptor = Modes.ALL.parse(mode);
        Problem grid = CliNamed.parse(ProblemKind.class, problem).orElseThrow(() -> new IllegalArgumentException(
                "-p problem=" + problem + ": choose from " + CliNamed.names(ProblemKind.class))).at(n);
        machine = Machine.open(descriptor.paradigm().needsGpu());
        RunRequest request = new RunRequest(grid, grid.rightHandSide(), descriptor.kernelSources().get(0),
                BlockCountRule.parse("auto"), Modes.ALL.defaults(), threads, RunRequest.DEFAULT_WATCHDOG_SECONDS, false);
        try {
            runner = descriptor.runner(request, machine);
            runner.load(grid.initialU());
            runner.run(ITERATIONS);
        } catch (RuntimeException e) {
            release();
            throw e;
        }
    }

    @Benchmark
    @OperationsPerInvocation(ITERATIONS)
    public double iterations() {
        return runner.run(ITERATIONS);
    }

    @TearDown(Level.Trial)
    public void release() {
        if (runner != null) {
            runner.close();
            runner = null;
        }
        if (machine != null) {
            machine.close();
            machine = null;
        }
    }
}
