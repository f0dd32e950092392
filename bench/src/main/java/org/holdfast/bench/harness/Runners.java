package org.holdfast.bench.harness;

import java.util.Map;
import org.holdfast.bench.KernelSource;
import org.holdfast.bench.Mode;
import org.holdfast.bench.config.Experiment;
import org.holdfast.tornado.api.BlockCountRule;
import org.holdfast.kernels.poisson.PoissonSolver;
import org.holdfast.tornado.api.TornadoRuntime;

/** The runners of this machine: the CPU modes always, the GPU modes where {@code gpu} can make them. */
public final class Runners implements RunnerFactory {

    /** Work items per group on the CPU; any value gives the same result. */
    private static final int CPU_GROUP = 256;

    private final RunnerFactory gpu;
    private final boolean profiler;
    private Double hostCopy;

    /**
     * @param gpu the factory of the GPU modes; it throws {@link ModeUnavailableException} where there is no GPU
     * @param profiler whether task graphs time every task
     */
    public Runners(RunnerFactory gpu, boolean profiler) {
        this.gpu = gpu;
        this.profiler = profiler;
    }

    @Override
    public ModeRunner create(Mode mode, KernelSource kernels, BlockCountRule blocks, Experiment experiment) {
        return switch (mode) {
            case CPU -> new TaskGraphRunner(mode.cliName(), TornadoRuntime.sequentialCpu(), TaskGraphRunner.Launching.PLAIN,
                    PoissonSolver::oneThread, 1, profiler);
            case CPU_PARALLEL -> new TaskGraphRunner(mode.cliName(), TornadoRuntime.parallelCpu(),
                    TaskGraphRunner.Launching.PLAIN, PoissonSolver::onePointPerThread, CPU_GROUP, profiler);
            default -> gpu.create(mode, kernels, blocks, experiment);
        };
    }

    @Override
    public double copyBandwidth(Mode mode) {
        if (!mode.needsGpu()) {
            if (hostCopy == null) {
                hostCopy = HostCopyBandwidth.measureGbPerSecond();
            }
            return hostCopy;
        }
        return gpu.copyBandwidth(mode); // measured once there
    }

    @Override
    public Map<String, Double> ceilings() {
        Map<String, Double> all = new java.util.LinkedHashMap<>();
        if (hostCopy != null) {
            all.put("host", hostCopy);
        }
        all.putAll(gpu.ceilings());
        return all;
    }

    @Override
    public java.util.List<org.holdfast.bench.report.OverheadRow> overheads() {
        return gpu.overheads();
    }

    @Override
    public void close() {
        gpu.close();
    }
}
