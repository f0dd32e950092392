package org.holdfast.bench.harness;

import org.holdfast.bench.KernelSource;
import org.holdfast.bench.Mode;
import org.holdfast.bench.config.Experiment;
import org.holdfast.tornado.api.BlockCountRule;

/** Makes the runner of each mode, and knows each device's copy bandwidth. */
public interface RunnerFactory extends AutoCloseable {

    /**
     * A runner for {@code mode} with {@code kernels}, its blocks counted by {@code blocks}.
     *
     * @throws ModeUnavailableException when this machine cannot run the mode
     */
    ModeRunner create(Mode mode, KernelSource kernels, BlockCountRule blocks, Experiment experiment);

    /** Copy bandwidth (bytes read + written per second, in GB/s) of the device {@code mode} runs on, measured once. */
    double copyBandwidth(Mode mode);

    /** The copy bandwidths measured so far, GB/s, by the device's name. */
    java.util.Map<String, Double> ceilings();

    /**
     * The overhead breakdown (launch latency, graph node, grid barrier, host handshake), measured
     * once per run; empty where there is no GPU.
     */
    java.util.List<org.holdfast.bench.report.OverheadRow> overheads();

    @Override
    void close();
}
