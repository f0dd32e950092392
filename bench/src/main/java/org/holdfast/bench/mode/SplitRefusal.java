package org.holdfast.bench.mode;

import java.util.Optional;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.problem.Problem;

/**
 * What a split over several devices in bands of rows (docs/multi-gpu.md) runs: Holdfast's own Java band
 * kernels ({@code BandKernels}) on the square. The CPU modes and the standard launches refuse the rest with
 * these lines.
 */
final class SplitRefusal {

    private SplitRefusal() {
    }

    /** Why {@code kernels} on {@code problem} cannot be split over {@code gpus} devices; empty where they can (and at 1). */
    static Optional<String> of(int gpus, KernelSource kernels, Problem problem) {
        if (gpus == 1) {
            return Optional.empty();
        }
        if (kernels.userKernels().isPresent()) {
            return Optional.of("--gpus " + gpus + " splits the grid for Holdfast's own band kernels (BandKernels); a class"
                    + " of your own runs on one device");
        }
        if (kernels.equals(KernelSource.NATIVE)) {
            return Optional.of("--gpus " + gpus + " splits the grid for Holdfast's own Java band kernels (BandKernels); the"
                    + " hand-written kernels run on one device");
        }
        if (!(problem instanceof PoissonProblem)) {
            return Optional.of("--gpus " + gpus + ": the band split exists for " + PoissonProblem.NAME + " only, not "
                    + problem.name() + " yet");
        }
        return Optional.empty();
    }
}
