package org.holdfast.bench.harness;

import org.holdfast.bench.KernelSource;
import org.holdfast.bench.Mode;
import org.holdfast.bench.config.Experiment;
import org.holdfast.tornado.api.BlockCountRule;

/** The GPU side of a machine where the GPU modes cannot run: every request says why. */
public final class NoGpuRunners implements RunnerFactory {

    private final String reason;

    public NoGpuRunners(String reason) {
        this.reason = reason;
    }

    @Override
    public ModeRunner create(Mode mode, KernelSource kernels, BlockCountRule blocks, Experiment experiment) {
        throw new ModeUnavailableException(reason);
    }

    @Override
    public double copyBandwidth(Mode mode) {
        throw new ModeUnavailableException(reason);
    }

    @Override
    public java.util.Map<String, Double> ceilings() {
        return java.util.Map.of();
    }

    @Override
    public java.util.List<org.holdfast.bench.report.OverheadRow> overheads() {
        return java.util.List.of();
    }

    @Override
    public void close() {
        // Nothing held.
    }
}
