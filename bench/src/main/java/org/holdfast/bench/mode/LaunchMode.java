package org.holdfast.bench.mode;

import org.holdfast.bench.bands.LaunchStyle;
import org.holdfast.tornado.api.TornadoExecutionPlan;

/** {@code launch}: one launch per half-sweep, queued on one stream, no sync between. */
public final class LaunchMode extends StandardLaunchMode {

    public LaunchMode() {
        super("launch", "one launch per half-sweep, queued on one stream, no sync between", 0xff7f0e);
    }

    @Override
    protected void configure(TornadoExecutionPlan plan, boolean profiler) {
        if (profiler) {
            plan.withProfiler();
        }
    }

    @Override
    protected LaunchStyle launchStyle() {
        return LaunchStyle.QUEUED;
    }
}
