package org.holdfast.tornadovm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.holdfast.kernels.RedBlackKernels;
import org.holdfast.kernels.RedBlackKernelsTornadoVM;
import org.holdfast.kernels.poisson.PoissonProblem;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.ImmutableTaskGraph;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.TornadoExecutionResult;
import uk.ac.manchester.tornado.api.WorkerGrid1D;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;

/**
 * A first run of real TornadoVM on a GPU: Holdfast's red and black kernels, through their TornadoVM
 * twin and TornadoVM's {@code KernelContext}, one {@code execute()} per red-black iteration, plainly
 * and with {@code withCUDAGraph()}. Each variant is first checked bit for bit over the whole array
 * against a plain CPU loop, from a seeded random interior after {@value #CHECK_ITERATIONS} iterations
 * (short of convergence: the sensitivity, how much the last iteration still changed, is printed),
 * then timed: wall time per {@code execute()}, which waits for the GPU, after a warm-up; median of
 * {@value #REPEATS} repeats and their spread. Prints a Markdown table last.
 *
 * <p>Run under TornadoVM ({@code java @tornado-argfile -Dtornado.enable.fma=false ...}): without that
 * flag TornadoVM fuses multiplies and adds, which Java never does. Usage: {@code TornadoVmSmoke [N,...]}
 * (default: 11). Exit status 0 when every variant matched, 1 when one did not, 2 for bad arguments.
 */
public final class TornadoVmSmoke {

    static final int CHECK_ITERATIONS = 10;
    static final int WARM_UP = 50;
    static final int REPEATS = 5;
    static final int PER_REPEAT = 200;
    static final int THREADS_PER_BLOCK = 256;
    static final long SEED = 42;

    /** One measured variant at one size. */
    record Row(int n, String variant, boolean equal, double maxDiff, long mismatches, double sensitivity, double[] microsPerIteration,
            String failure) {
    }

    private TornadoVmSmoke() {
    }

    public static void main(String[] args) {
        List<Integer> sizes = new ArrayList<>();
        try {
            for (String size : (args.length == 0 ? "11" : args[0]).split(",")) {
                sizes.add(new PoissonProblem(Integer.parseInt(size.trim())).n());
            }
        } catch (IllegalArgumentException e) {
            System.err.println("TornadoVmSmoke: bad size list " + Arrays.toString(args) + ": " + e.getMessage() + " (usage: TornadoVmSmoke [N,...])");
            System.exit(2);
        }
        System.out.println("tornado.enable.fma=" + System.getProperty("tornado.enable.fma", "(unset: TornadoVM fuses)"));
        List<Row> rows = new ArrayList<>();
        for (int n : sizes) {
            for (boolean cudaGraph : new boolean[] {false, true}) {
                Row row = measure(n, cudaGraph);
                System.out.println("N=" + n + " " + row.variant() + ": " + (row.failure() != null ? "FAILED " + row.failure()
                        : (row.equal() ? "bit-equal" : "DIFFERS") + ", " + format(median(row.microsPerIteration())) + " us/iter"));
                rows.add(row);
            }
        }
        System.out.println();
        System.out.println(table(rows));
        System.exit(rows.stream().allMatch(r -> r.failure() == null && r.equal()) ? 0 : 1);
    }

    static Row measure(int n, boolean cudaGraph) {
        String variant = cudaGraph ? "withCUDAGraph()" : "execute()";
        PoissonProblem problem = new PoissonProblem(n);
        double[] initial = randomInterior(problem);
        double[] f = problem.rightHandSide();
        double h2 = problem.h2();
        double[] before = initial.clone();
        for (int k = 0; k < CHECK_ITERATIONS - 1; k++) {
            referenceIteration(before, f, n, h2);
        }
        double[] reference = before.clone();
        referenceIteration(reference, f, n, h2);
        double sensitivity = PoissonProblem.maxAbsDiff(reference, before);

        DoubleArray u = DoubleArray.fromArray(initial);
        DoubleArray rhs = DoubleArray.fromArray(f);
        KernelContext context = new KernelContext();
        String graph = "n" + n + (cudaGraph ? "graph" : "plain");
        TaskGraph tasks = new TaskGraph(graph)
                .transferToDevice(DataTransferMode.FIRST_EXECUTION, u, rhs)
                .task("red", RedBlackKernelsTornadoVM::red, context, u, rhs, n, h2)
                .task("black", RedBlackKernelsTornadoVM::black, context, u, rhs, n, h2)
                .transferToHost(DataTransferMode.UNDER_DEMAND, u);
        ImmutableTaskGraph snapshot = tasks.snapshot();
        // One point per thread, as Holdfast's standard launches; the kernels' grid-stride loop covers any count.
        WorkerGrid1D worker = new WorkerGrid1D(roundUp(RedBlackKernels.pointsPerColour(n), THREADS_PER_BLOCK));
        worker.setLocalWork(THREADS_PER_BLOCK, 1, 1);
        GridScheduler grid = new GridScheduler(graph + ".red", worker);
        grid.addWorkerGrid(graph + ".black", worker);
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(snapshot)) {
            TornadoExecutionPlan run = plan.withGridScheduler(grid);
            if (cudaGraph) {
                run = run.withCUDAGraph();
            }
            TornadoExecutionResult result = null;
            for (int k = 0; k < CHECK_ITERATIONS; k++) {
                result = run.execute();
            }
            result.transferToHost(u);
            double[] device = u.toHeapArray();
            long mismatches = 0;
            for (int i = 0; i < device.length; i++) {
                mismatches += Double.doubleToRawLongBits(device[i]) == Double.doubleToRawLongBits(reference[i]) ? 0 : 1;
            }
            double maxDiff = PoissonProblem.maxAbsDiff(reference, device);
            for (int i = 0; i < WARM_UP; i++) {
                run.execute();
            }
            double[] micros = new double[REPEATS];
            for (int r = 0; r < REPEATS; r++) {
                long start = System.nanoTime();
                for (int i = 0; i < PER_REPEAT; i++) {
                    run.execute();
                }
                micros[r] = (System.nanoTime() - start) / 1e3 / PER_REPEAT;
            }
            return new Row(n, variant, mismatches == 0, maxDiff, mismatches, sensitivity, micros, null);
        } catch (Exception | Error e) {
            e.printStackTrace();
            return new Row(n, variant, false, Double.NaN, -1, sensitivity, new double[0], e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    /** The problem's boundary, and an interior of seeded random values in [-1, 1): far from the solution, so every sweep counts. */
    static double[] randomInterior(PoissonProblem problem) {
        int n = problem.n();
        double[] u = problem.initialU();
        Random random = new Random(SEED + n);
        for (int i = 1; i < n - 1; i++) {
            for (int j = 1; j < n - 1; j++) {
                u[i * n + j] = random.nextDouble() * 2 - 1;
            }
        }
        return u;
    }

    /** One red-black iteration as a plain loop, independent of the kernels: red points ((i + j) even), then black. */
    static void referenceIteration(double[] u, double[] f, int n, double h2) {
        for (int colour = 0; colour < 2; colour++) {
            for (int i = 1; i < n - 1; i++) {
                for (int j = 1 + ((i + 1 + colour) & 1); j < n - 1; j += 2) {
                    int c = i * n + j;
                    u[c] = (u[c + n] + u[c - n] + u[c + 1] + u[c - 1] - h2 * f[c]) * 0.25;
                }
            }
        }
    }

    static String table(List<Row> rows) {
        StringBuilder out = new StringBuilder();
        out.append("| N | TornadoVM | check (k = ").append(CHECK_ITERATIONS).append(") | max diff | sensitivity | us/iter (median) | spread |\n");
        out.append("| --- | --- | --- | --- | --- | --- | --- |\n");
        for (Row row : rows) {
            String check = row.failure() != null ? "FAILED" : row.equal() ? "bit-equal" : row.mismatches() + " points differ";
            String time = row.microsPerIteration().length == 0 ? "-" : format(median(row.microsPerIteration()));
            String spread = row.microsPerIteration().length == 0 ? "-"
                    : format(Arrays.stream(row.microsPerIteration()).min().orElseThrow()) + " to "
                            + format(Arrays.stream(row.microsPerIteration()).max().orElseThrow());
            out.append("| ").append(row.n()).append(" | ").append(row.variant()).append(" | ").append(check).append(" | ")
                    .append(String.format(Locale.ROOT, "%.3g", row.maxDiff())).append(" | ")
                    .append(String.format(Locale.ROOT, "%.3g", row.sensitivity())).append(" | ").append(time).append(" | ").append(spread)
                    .append(" |\n");
        }
        return out.toString();
    }

    static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted.length % 2 == 1 ? sorted[sorted.length / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }

    private static String format(double micros) {
        return String.format(Locale.ROOT, "%.1f", micros);
    }

    private static int roundUp(long value, int multiple) {
        return (int) ((value + multiple - 1) / multiple * multiple);
    }
}
