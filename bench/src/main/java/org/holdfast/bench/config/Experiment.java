package org.holdfast.bench.config;

import java.nio.file.Path;
import java.util.List;
import org.holdfast.bench.mode.BlockCountRule;
import org.holdfast.bench.mode.KernelSource;
import org.holdfast.bench.mode.ModeDescriptor;
import org.holdfast.bench.mode.OptionValues;
import org.holdfast.kernels.problem.Problem;

/**
 * One experiment, as the config file and the command line settled it.
 *
 * @param name the config's name, used for the default output folder
 * @param problem the problem every size solves
 * @param sizes N values, in order
 * @param iterations iterations per size, one per entry of {@code sizes}
 * @param modes the modes to run, in order
 * @param allModes whether the modes came from {@code all} (then modes this machine cannot run are skipped quietly)
 * @param kernels kernel sources for the modes that offer a choice
 * @param blocks the block-count rules; the GPU modes run once with each
 * @param threads threads per block on the GPU
 * @param threadsAsked whether a config file or the command line set them (else each persistent variant runs its own)
 * @param repeats timed repeats per mode and size (each runs every iteration from the initial array)
 * @param output folder for CSV, JSON and plots
 * @param options the value of every mode option (barrier, schedule, ...)
 * @param watchdogSeconds how long a persistent kernel may wait for anything before it stops with an error
 * @param init what the interior of the timed runs starts from
 * @param seed the seed of the random interiors: the verification run's always, the timed runs' with {@code init = random}
 * @param gpus devices the grid is split over, in bands of rows (docs/multi-gpu.md); 1 runs every mode on one device
 */
public record Experiment(String name, ProblemKind problem, List<Integer> sizes, List<Integer> iterations, List<ModeDescriptor> modes,
        boolean allModes, List<KernelSource> kernels, List<BlockCountRule> blocks, int threads, boolean threadsAsked, int repeats, Path output,
        OptionValues options, double watchdogSeconds, InitialInterior init, long seed, int gpus) {

    public Experiment {
        sizes = List.copyOf(sizes);
        iterations = List.copyOf(iterations);
        modes = List.copyOf(modes);
        kernels = List.copyOf(kernels);
        blocks = List.copyOf(blocks);
        if (sizes.size() != iterations.size()) {
            throw new IllegalArgumentException(iterations.size() + " iteration counts for " + sizes.size() + " sizes");
        }
    }

    /** The problem of the {@code index}-th size. */
    public Problem problemAt(int index) {
        return problem.at(sizes.get(index));
    }

    /** Iterations for the {@code index}-th size. */
    public int iterationsAt(int index) {
        return iterations.get(index);
    }

    /**
     * The kernel sources {@code mode} runs with: those of this experiment it runs (a user's class wherever the
     * Java kernels run, {@code auto} as the mode's first), else its first.
     */
    public List<KernelSource> kernelsOf(ModeDescriptor mode) {
        List<KernelSource> offered = mode.kernelSources();
        List<KernelSource> chosen = kernels.stream().filter(k -> k.runsIn(offered))
                .map(k -> k.equals(KernelSource.AUTO) ? offered.get(0) : k).toList();
        return chosen.isEmpty() ? List.of(offered.get(0)) : chosen;
    }

    /** Whether any of the modes runs on the GPU. */
    public boolean needsGpu() {
        return modes.stream().anyMatch(m -> m.paradigm().needsGpu());
    }
}
