package org.holdfast.bench.mode;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson3d.Poisson3DProblem;
import org.holdfast.kernels.problem.Problem;
import org.holdfast.kernels.temporal.StreamGeometry;
import org.holdfast.kernels.temporal.StreamGeometry3D;
import org.holdfast.kernels.temporal.TemporalKernels;
import org.holdfast.kernels.temporal.TemporalKernels3D;
import org.holdfast.kernels.temporal.TemporalTaskGraph;

/**
 * The temporally blocked pass of a problem, for the standard launches with {@code --sweeps-per-launch k}
 * above 1: the square's ({@link TemporalKernels}, native twins {@code hf_stream_pass_k<k>}) or the
 * cube's ({@link TemporalKernels3D}, native twins {@code hf_stream_pass_3d_k<k>}); none for another problem.
 *
 * @param javaKernels the class whose {@code streamPass} runs
 * @param nativePrefix the native twins' name before k
 * @param nativeFile the file under {@link NativeKernelFiles#FOLDER} that defines them
 * @param threads threads per block
 */
record TemporalPass(Class<?> javaKernels, String nativePrefix, String nativeFile, int threads) {

    private static final TemporalPass SQUARE = new TemporalPass(TemporalKernels.class, "hf_stream_pass_k", "temporal_stream.h",
            TemporalKernels.THREADS);
    private static final TemporalPass CUBE = new TemporalPass(TemporalKernels3D.class, "hf_stream_pass_3d_k",
            "temporal_stream_3d.h", TemporalKernels3D.THREADS);

    /** The pass of {@code problem}, or empty where it has none. */
    static Optional<TemporalPass> of(Problem problem) {
        return problem instanceof PoissonProblem ? Optional.of(SQUARE)
                : problem instanceof Poisson3DProblem ? Optional.of(CUBE) : Optional.empty();
    }

    /** Whether the pass has an instance (and a native twin) of k half-sweeps: the square goes deeper than the cube. */
    boolean compiledFor(int k) {
        return Arrays.stream(sweeps()).anyMatch(s -> s == k);
    }

    /** The k the pass is compiled for, as messages list them: {@code 1, 2, 3, 4, 6, 8}. */
    String sweepsList() {
        return Arrays.stream(sweeps()).mapToObj(Integer::toString).collect(Collectors.joining(", "));
    }

    private int[] sweeps() {
        return this == CUBE ? TemporalKernels3D.SWEEPS : TemporalKernels.SWEEPS;
    }

    /** What runs: the generated instance or the hand-written twin, one launch per pass of k half-sweeps. */
    KernelsThatRun kernelsThatRun(KernelSource kernels, int k) {
        if (kernels.equals(KernelSource.NATIVE)) {
            return KernelsThatRun.described("hand-written, " + nativePrefix + k + " (" + NativeKernelFiles.FOLDER + nativeFile
                    + "), one launch per pass of " + k + " half-sweeps");
        }
        String kernel = this == CUBE ? TemporalKernels3D.kernelFor(k) : "streamPass";
        return KernelsThatRun.generated(javaKernels, kernel + " with k = " + k + " (its instance " + kernel + "_k" + k
                + "), one launch per pass of " + k + " half-sweeps");
    }

    /** A wave of blocks on {@code multiprocessors}: as many as are resident at once. */
    int wave(int k, int multiprocessors) {
        return (this == CUBE ? TemporalKernels3D.blocksPerSm(k) : TemporalKernels.BLOCKS_PER_SM) * multiprocessors;
    }

    /** The two-pass task graph of {@code problem} (this pass's), its items cut for about {@code targetBlocks} blocks. */
    TemporalTaskGraph taskGraph(Problem problem, double[] u, double[] scratch, double[] f, int[] schedule, int[] work, int k,
            int targetBlocks) {
        if (problem instanceof Poisson3DProblem cube) {
            return TemporalTaskGraph.cube(cube, u, scratch, f, schedule, work, k, StreamGeometry3D.plan(cube.n(), k, targetBlocks));
        }
        PoissonProblem square = (PoissonProblem) problem;
        return new TemporalTaskGraph(square, u, scratch, f, schedule, work, k, StreamGeometry.plan(square.n(), k, targetBlocks));
    }
}
