package org.holdfast.bench.mode;

import java.util.List;
import java.util.Optional;
import org.holdfast.kernels.problem.Problem;
import org.holdfast.tornado.api.TornadoDevice;

/**
 * What the CPU modes share: the Java kernels through the task graph on a CPU device, no blocks to
 * count. A mode says which device and how many work items it cuts the grid into; the cut changes
 * how the work is spread, never the result.
 */
public abstract class CpuKernelsMode extends DescribedMode {

    protected CpuKernelsMode(String name, String description, int plotColour) {
        super(name, description, Paradigm.CPU, List.of(KernelSource.JAVA), BlockCount.NONE, plotColour);
    }

    /**
     * {@code --sweeps-per-launch k}: on virtual devices ({@code --gpus} above 1), k ghost rows and a halo exchange
     * every k half-sweeps ({@link BandedRunner}); on one device it changes nothing.
     */
    @Override
    public List<ModeOption> options() {
        return List.of(StandardLaunchMode.SWEEPS_PER_LAUNCH);
    }

    /** On one device: none. */
    @Override
    public List<ModeOption> options(KernelSource kernels) {
        return options(kernels, 1);
    }

    /** k only where the grid is split and the kernels are Holdfast's own: on one device, every k gives the same row. */
    @Override
    public List<ModeOption> options(KernelSource kernels, int gpus) {
        return gpus > 1 && kernels.userKernels().isEmpty() ? options() : List.of();
    }

    /**
     * Before the run (a row that did not start): none at k = 1, the default and all one device knows, as before;
     * {@code k=<k>} above, as the bands say once they run ({@link BandedRunner#variant}).
     */
    @Override
    public RowVariant variant(OptionValues values) {
        int k = Integer.parseInt(values.get(StandardLaunchMode.SWEEPS_PER_LAUNCH));
        return k == 1 ? RowVariant.NONE : BandedRunner.variant(k);
    }

    /** The CPU device the kernels run on. */
    protected abstract TornadoDevice device();

    /** Groups of {@code threads} work items each that cover the grid of {@code request}. */
    protected abstract int groups(RunRequest request, int threads);

    /** Work items per group. */
    protected abstract int threads(RunRequest request);

    /** The Java methods themselves, on this mode's CPU device: nothing is compiled for a GPU. */
    @Override
    public KernelsThatRun kernelsThatRun(KernelSource kernels, OptionValues values, Problem problem) {
        Optional<UserKernels> user = kernels.userKernels();
        String owner = user.map(UserKernels::className).orElse(problem.halfSweepKernels().owner().getName());
        String methods = user.isPresent() && user.get().halfSweeps().isEmpty() ? "solve, every group at once"
                + (user.get().clusterSolve() ? ", " + user.get().clusterRule() : "")
                : "red, then black, per iteration";
        return KernelsThatRun.described(owner + ": " + methods + ", the Java methods themselves on the CPU (no CUDA C)");
    }

    /**
     * Split over {@code gpus} devices, the CPU modes run the square's bands on as many virtual devices
     * ({@link BandedRunner}): Holdfast's own kernels on the square only.
     */
    @Override
    public Optional<String> splitRefusal(int gpus, KernelSource kernels, Problem problem) {
        return SplitRefusal.of(gpus, kernels, problem);
    }

    /**
     * A runner of the Java kernels, or of a user's class: its red and black, or, for a class with only
     * the persistent kernel, that kernel with every group at once on the grid the CPU backend chooses.
     */
    @Override
    public final ModeRunner runner(RunRequest request, Machine machine) {
        if (request.gpus() > 1) {
            return new BandedRunner(request, device(), threads(request));
        }
        Optional<UserKernels> user = request.kernels().userKernels();
        if (user.isPresent() && user.get().halfSweeps().isEmpty()) {
            return JavaPersistentRunner.onCpu(request, device(), user.get());
        }
        int threads = threads(request);
        return new TaskGraphRunner(request, device(), groups(request, threads), threads, plan -> {
            if (request.profiler()) {
                plan.withProfiler();
            }
        });
    }
}
