package org.holdfast.bench.mode;

import org.holdfast.tornado.api.TornadoExecutionPlan;

/** {@code tornado-graph}: real TornadoVM with {@code withCUDAGraph()}, one {@code execute()} per red-black iteration. */
public final class TornadoGraphMode extends TornadoVmMode {

    public TornadoGraphMode() {
        super("tornado-graph", "real TornadoVM with withCUDAGraph(): one execute() per iteration, replaying a CUDA graph (needs the tornado launcher)",
                0xbcbd22);
    }

    @Override
    protected void configure(TornadoExecutionPlan plan) {
        plan.withCUDAGraph();
    }
}
