package org.holdfast.bench.mode;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.holdfast.kernels.problem.Problem;

/**
 * Everything Holdfast knows about one mode. The harness, the reports, the plots, the JMH benchmarks
 * and the command line ask the descriptor; nothing else tests a mode's name. A new mode is one file
 * that implements this (with its runner, or using a shared one) and one line in {@link Modes#ALL}.
 */
public interface ModeDescriptor {

    /** The name on the command line and in reports: lower-case words joined by '-' ({@code persistent-grid}). */
    String name();

    /** One line for the help and the README: what runs. */
    String description();

    /** CPU, standard launches, a persistent kernel, or real TornadoVM. */
    Paradigm paradigm();

    /**
     * The kernel sources it can run, the first being the one it runs when the experiment names none
     * of them. With more than one, the experiment's {@code kernels} choose.
     */
    List<KernelSource> kernelSources();

    /** The variant choices it takes (each becomes a command-line option and a config key); none by default. */
    default List<ModeOption> options() {
        return List.of();
    }

    /**
     * The options that choose what runs with {@code kernels}: all of {@link #options()} unless these
     * kernels ignore some (several values of an ignored option would give equal rows, so the harness
     * runs such kernels once, with that option at its default).
     */
    default List<ModeOption> options(KernelSource kernels) {
        return options();
    }

    /**
     * {@link #options(KernelSource)} on a run split over {@code gpus} devices: the CPU modes take
     * {@code --sweeps-per-launch} on virtual devices only, where it is the half-sweeps between halo exchanges.
     */
    default List<ModeOption> options(KernelSource kernels, int gpus) {
        return options(kernels);
    }

    /** Whether it keeps every core busy (on the CPU), for estimates of how long a run takes; one core by default. */
    default boolean parallelOnCpu() {
        return false;
    }

    /**
     * What it would run with {@code kernels} and {@code values} on {@code problem}, as {@code --print-kernel} shows
     * it: without a GPU, so what only the GPU decides is named as such, and what the problem lacks as its refusal.
     */
    default KernelsThatRun kernelsThatRun(KernelSource kernels, OptionValues values, Problem problem) {
        return KernelsThatRun.described("its own code; nothing generated from Java");
    }

    /**
     * {@link #kernelsThatRun(KernelSource, OptionValues, Problem)} on a run split over {@code gpus} devices: the
     * standard launches run the band kernels there.
     */
    default KernelsThatRun kernelsThatRun(KernelSource kernels, OptionValues values, Problem problem, int gpus) {
        return kernelsThatRun(kernels, values, problem);
    }

    /** How its block count is chosen. */
    BlockCount blockCount();

    /** How close to the reference its result must be: bit for bit unless it says why not. */
    default Tolerance tolerance() {
        return Tolerance.EXACT;
    }

    /**
     * Why this mode cannot run {@code kernels} on {@code machine}, known before the run from what the
     * machine lacks (no GPU, no native library), so that a run announces it at its start and leaves
     * the mode out of its progress; empty where it may run (its runner may still find a reason).
     */
    default Optional<String> unavailableOn(Machine machine, KernelSource kernels) {
        if (!paradigm().needsGpu()) {
            return Optional.empty();
        }
        return kernels.equals(KernelSource.NATIVE) ? machine.nativeLibraryMissing() : machine.gpuMissing();
    }

    /**
     * {@link #unavailableOn(Machine, KernelSource)} for a run split over {@code gpus} devices: what the machine
     * lacks for that many (too few GPUs) too. The split's own refusals are {@link #splitRefusal}'s.
     */
    default Optional<String> unavailableOn(Machine machine, KernelSource kernels, int gpus) {
        return unavailableOn(machine, kernels);
    }

    /**
     * Why this mode cannot run {@code kernels} on {@code problem} split over {@code gpus} devices in bands
     * of rows (docs/multi-gpu.md), known before the run; always empty at one device. The CPU modes' virtual
     * devices and the standard launches' GPUs run the split: every other mode says what it lacks, and the run skips it.
     */
    default Optional<String> splitRefusal(int gpus, KernelSource kernels, Problem problem) {
        if (gpus == 1) {
            return Optional.empty();
        }
        String what = switch (paradigm()) {
            case STANDARD -> "this mode on several GPUs";
            case PERSISTENT -> "the persistent kernels on several GPUs (halos through NCCL's device API from inside the kernel)";
            case TORNADOVM -> "TornadoVM's modes on several GPUs";
            case CPU -> "this mode on several devices";
        };
        return Optional.of("runs on one device; not built yet: " + what + "; --gpus " + gpus
                + " runs the CPU modes (on virtual devices) and the standard launches (docs/multi-gpu.md)");
    }

    /**
     * A runner for one problem, with everything allocated.
     *
     * @throws ModeUnavailableException when this machine cannot run the mode (no GPU, no native library)
     */
    ModeRunner runner(RunRequest request, Machine machine);

    /**
     * The variant as reports label it before the runner says what ran (a row that failed to start):
     * the values of its options joined by '/', such as {@code neighbour/busy}, empty without options;
     * no variant name and no k unless the mode says ({@link RowVariant}).
     */
    default RowVariant variant(OptionValues values) {
        return new RowVariant(options().stream().map(values::get).collect(Collectors.joining("/")), "", 0);
    }

    /** Its colour in the plots, as 0xRRGGBB; each registered mode has its own. */
    int plotColour();
}
