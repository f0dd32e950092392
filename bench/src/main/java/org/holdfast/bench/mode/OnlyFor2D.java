package org.holdfast.bench.mode;

import java.util.Optional;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.problem.Problem;

/**
 * Kernels that exist only for the 2D problem, written in Java (the temporal pass of the standard launches,
 * the Java twins of the persistent kernels, TornadoVM's twins): another problem is refused in one line that
 * names what it lacks, before the GPU is asked for, so that the line is the same on every machine and the
 * row says {@code refused:}. The native library's kernels are not here: what it has for a problem is its
 * table's ({@link NativeVariants#refusal}, {@link NativeKernelFiles#halfSweeps}).
 */
final class OnlyFor2D {

    private OnlyFor2D() {
    }

    /** The refusal of {@code problem}, {@code graph: no temporal pass for poisson3d yet}; empty for the 2D problem. */
    static Optional<String> refusal(Problem problem, String missing) {
        return problem instanceof PoissonProblem ? Optional.empty() : Optional.of(missing + " for " + problem.name() + " yet");
    }

    /**
     * {@code problem} as the 2D problem these kernels take.
     *
     * @throws ModeRefusedException with {@link #refusal} for any other
     */
    static PoissonProblem require(Problem problem, String missing) {
        if (problem instanceof PoissonProblem square) {
            return square;
        }
        throw new ModeRefusedException(refusal(problem, missing).orElseThrow());
    }
}
