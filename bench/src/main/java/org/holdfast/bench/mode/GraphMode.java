package org.holdfast.bench.mode;

import org.holdfast.bench.bands.LaunchStyle;
import org.holdfast.tornado.api.TornadoExecutionPlan;

/**
 * {@code graph}: the launches captured once as CUDA graphs and replayed. The profiler times tasks
 * between launches, which a graph does not have, so it stays off here.
 */
public final class GraphMode extends StandardLaunchMode {

    public GraphMode() {
        super("graph", "the launches captured once as a CUDA graph and replayed", 0x9467bd);
    }

    @Override
    protected void configure(TornadoExecutionPlan plan, boolean profiler) {
        plan.withCUDAGraph();
    }

    @Override
    protected LaunchStyle launchStyle() {
        return LaunchStyle.CUDA_GRAPH;
    }
}
