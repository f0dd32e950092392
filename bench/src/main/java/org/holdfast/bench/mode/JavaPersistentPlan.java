package org.holdfast.bench.mode;

import java.lang.reflect.Method;
import org.holdfast.kernels.PersistentTaskGraph;
import org.holdfast.kernels.PersistentTaskGraph.Design;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.problem.Problem;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;

/**
 * How a Java persistent kernel runs on the GPU: which kernel, on how many blocks, on chip or not. The
 * rules are the native planner's ({@code native-hip/src/planner.cpp}, {@code plan_alone_on_chip}), so
 * that a Java kernel and its native twin get the same grid from the same block-count rule; the
 * co-resident count is the Java kernel's own, from the CUDA backend's occupancy query.
 *
 * <ul>
 *   <li>{@code auto}: a grid small enough to hold u and f in one block's shared memory, with at most
 *       {@link #ON_CHIP_POINTS_PER_THREAD} points of a colour per thread, runs on one block; otherwise
 *       as many useful blocks as can be co-resident (grid barrier: one thread per point of a colour;
 *       dataflow: one block per interior row);</li>
 *   <li>a fixed count or {@code same-as-standard}: exactly that many (the backend refuses, before the
 *       launch, a grid that cannot be co-resident);</li>
 *   <li>one block whose u fits in shared memory runs the on-chip kernel, with f on chip too when it fits.</li>
 * </ul>
 * A user's {@code solve} is planned like the grid-barrier kernel, without the on-chip choice.
 *
 * @param kernel the kernel launched
 * @param design its built-in design, or null for a user's kernel
 * @param blocks blocks in the grid
 * @param threads threads per block
 * @param fOnChip on chip: whether f is held too
 */
record JavaPersistentPlan(Method kernel, Design design, int blocks, int threads, boolean fOnChip) {

    /** The most points of one colour per thread for which a small grid runs on one block (native {@code kOnChipPointsPerThread}). */
    static final int ON_CHIP_POINTS_PER_THREAD = 5;

    /** The plan of built-in design {@code design} (grid barrier or dataflow) for {@code request}. */
    static JavaPersistentPlan of(Design design, RunRequest request, CudaTornadoDevice gpu) {
        int n = request.problem().n();
        int threads = request.threads();
        long points = request.problem().pointsPerColour();
        long optIn = gpu.sharedBytesPerBlockOptIn();
        int blocks = request.blocks().plannerBlocks(points, threads);
        if (blocks == 0) {
            boolean small = onChipBytes(request.problem(), true) <= optIn && points <= (long) ON_CHIP_POINTS_PER_THREAD * threads;
            blocks = small ? 1 : usefulCoResident(design == Design.DATAFLOW ? n - 2 : onePerThread(points, threads), design.kernel(),
                    threads, gpu);
        }
        if (blocks == 1 && onChipBytes(request.problem(), false) <= optIn) {
            return new JavaPersistentPlan(Design.ON_CHIP.kernel(), Design.ON_CHIP, 1, threads, onChipBytes(request.problem(), true) <= optIn);
        }
        return new JavaPersistentPlan(design.kernel(), design, blocks, threads, false);
    }

    /** The plan of a user's persistent kernel {@code solve} for {@code request}: grid-stride useful blocks, no on-chip choice. */
    static JavaPersistentPlan of(Method solve, RunRequest request, CudaTornadoDevice gpu) {
        int threads = request.threads();
        long points = request.problem().pointsPerColour();
        int blocks = request.blocks().plannerBlocks(points, threads);
        if (blocks == 0) {
            blocks = usefulCoResident(onePerThread(points, threads), solve, threads, gpu);
        }
        return new JavaPersistentPlan(solve, null, blocks, threads, false);
    }

    private static long onePerThread(long points, int threads) {
        return (points + threads - 1) / threads;
    }

    /** At least one block, at most the useful ones and the co-resident ones of {@code kernel}. */
    private static int usefulCoResident(long useful, Method kernel, int threads, CudaTornadoDevice gpu) {
        return (int) Math.max(1, Math.min(useful, gpu.coResidentBlocks(kernel, threads, 0)));
    }

    private static long onChipBytes(Problem problem, boolean withF) {
        return problem.arrayBytes() * (withF ? 2 : 1);
    }

    /** Whether one block holds the grid in shared memory. */
    boolean onChip() {
        return design == Design.ON_CHIP;
    }

    /** For the report: {@code on chip}, or empty. */
    String note() {
        return onChip() ? "on chip" : "";
    }

    /** The one-task graph of a run of {@code iterations} iterations on {@code u}. */
    PersistentTaskGraph graph(PoissonProblem problem, double[] u, double[] f, int iterations) {
        return design == null ? PersistentTaskGraph.of(kernel, problem, u, f, iterations, blocks, threads)
                : PersistentTaskGraph.of(design, problem, u, f, iterations, blocks, threads, fOnChip);
    }
}
