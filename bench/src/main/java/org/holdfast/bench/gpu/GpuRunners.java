package org.holdfast.bench.gpu;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.holdfast.bench.KernelSource;
import org.holdfast.bench.Mode;
import org.holdfast.bench.PersistentOptions;
import org.holdfast.bench.config.Experiment;
import org.holdfast.bench.harness.ModeRunner;
import org.holdfast.bench.harness.ModeUnavailableException;
import org.holdfast.bench.harness.RunnerFactory;
import org.holdfast.bench.harness.TaskGraphRunner;
import org.holdfast.bench.report.OverheadRow;
import org.holdfast.bridge.HostPolling;
import org.holdfast.bridge.PersistentBridge;
import org.holdfast.bridge.PersistentRequest;
import org.holdfast.kernels.RedBlackKernels;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.tornado.api.BlockCountRule;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.cuda.CopyBandwidth;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;

/** The GPU modes: task graphs on the CUDA backend, and the native library's persistent kernels. */
public final class GpuRunners implements RunnerFactory {

    private final CudaTornadoDevice gpu;
    private final PersistentBridge bridge;
    private final String bridgeMissing;
    private final boolean profiler;
    private Double copyBandwidth;
    private boolean gpuModeCreated;
    private List<OverheadRow> overheads;

    /**
     * @param bridge the native library, or null when it could not be loaded
     * @param bridgeMissing why the native library is missing (when {@code bridge} is null)
     */
    public GpuRunners(CudaTornadoDevice gpu, PersistentBridge bridge, String bridgeMissing, boolean profiler) {
        this.gpu = gpu;
        this.bridge = bridge;
        this.bridgeMissing = bridgeMissing;
        this.profiler = profiler;
    }

    @Override
    public ModeRunner create(Mode mode, KernelSource kernels, BlockCountRule blocks, Experiment experiment) {
        gpuModeCreated = true;
        return switch (mode.paradigm()) {
            case STANDARD -> standard(mode, kernels, blocks, experiment);
            case PERSISTENT -> new PersistentRunner(requireBridge(), gpu.context(), persistentRequest(mode, experiment),
                    blocks, gpu.id());
            case CPU -> throw new IllegalArgumentException(mode + " is not a GPU mode");
        };
    }

    private ModeRunner standard(Mode mode, KernelSource kernels, BlockCountRule blocks, Experiment experiment) {
        CudaTornadoDevice device = kernels == KernelSource.NATIVE ? withNativeKernels() : gpu;
        TaskGraphRunner.Launching launching = switch (mode) {
            case LAUNCH_SYNC -> TaskGraphRunner.Launching.SYNC_EVERY_ITERATION;
            case GRAPH -> TaskGraphRunner.Launching.CUDA_GRAPH;
            default -> TaskGraphRunner.Launching.PLAIN;
        };
        return new TaskGraphRunner(mode.cliName(), device, launching,
                (problem, threads) -> blocks.standardBlocks(RedBlackKernels.pointsPerColour(problem.n()), threads),
                experiment.threads(), profiler && mode != Mode.GRAPH);
    }

    /** The same device, launching the hand-written kernels in place of the Java ones. */
    private CudaTornadoDevice withNativeKernels() {
        PersistentBridge library = requireBridge();
        return gpu.withKernelOverride(kernel("red"), library.kernel("hf_red"))
                .withKernelOverride(kernel("black"), library.kernel("hf_black"));
    }

    private static Method kernel(String name) {
        try {
            return RedBlackKernels.class.getMethod(name, KernelContext.class, double[].class, double[].class, int.class,
                    double.class);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("RedBlackKernels." + name + " is missing", e);
        }
    }

    /** What the native planner is asked for: the mode and the variant the experiment names (CLI names). */
    public static PersistentRequest persistentRequest(Mode mode, Experiment experiment) {
        PersistentOptions options = experiment.persistent();
        String variant = switch (mode) {
            case PERSISTENT_GRID -> options.barrier().cliName();
            case PERSISTENT_HOST -> options.schedule().cliName();
            case PERSISTENT_DATAFLOW -> PersistentRequest.AUTO;
            default -> throw new IllegalArgumentException(mode + " is not a persistent mode");
        };
        HostPolling polling = switch (options.poll()) {
            case BUSY -> HostPolling.BUSY;
            case SLEEP -> HostPolling.SLEEP;
        };
        return PersistentRequest.of(mode.cliName(), variant).withThreadsPerBlock(experiment.threads())
                .withHostPolling(polling).withWatchdogSeconds(options.watchdogSeconds());
    }

    /**
     * The block count asked of the planner: 0 lets it choose (auto: as many useful blocks as are
     * co-resident, or one block on chip); a fixed count, or the standard launch's for
     * {@code same-as-standard}, is taken as it is (and refused beyond co-residency).
     */
    public static int requestedBlocks(BlockCountRule rule, PoissonProblem problem, int threads) {
        return rule instanceof BlockCountRule.Auto ? 0
                : rule.standardBlocks(RedBlackKernels.pointsPerColour(problem.n()), threads);
    }

    private PersistentBridge requireBridge() {
        if (bridge == null) {
            throw new ModeUnavailableException(bridgeMissing);
        }
        return bridge;
    }

    @Override
    public double copyBandwidth(Mode mode) {
        if (copyBandwidth == null) {
            gpu.context().makeCurrent();
            copyBandwidth = CopyBandwidth.measure(gpu.context()).gigabytesPerSecond();
        }
        return copyBandwidth;
    }

    @Override
    public Map<String, Double> ceilings() {
        Map<String, Double> ceilings = new LinkedHashMap<>();
        if (copyBandwidth != null) {
            ceilings.put(gpu.device().name(), copyBandwidth);
        }
        return ceilings;
    }

    @Override
    public List<OverheadRow> overheads() {
        if (overheads == null) {
            overheads = gpuModeCreated ? new OverheadProbe(gpu, bridge).measure() : List.of();
        }
        return new ArrayList<>(overheads);
    }

    @Override
    public void close() {
        if (bridge != null) {
            bridge.close();
        }
    }
}
