package org.holdfast.bench.mode;

import org.holdfast.bench.bands.LaunchStyle;
import org.holdfast.tornado.api.TornadoExecutionPlan;

/** {@code launch-sync}: one launch per half-sweep, the host waiting for the stream after every iteration. */
public final class LaunchSyncMode extends StandardLaunchMode {

    public LaunchSyncMode() {
        super("launch-sync", "one launch per half-sweep, with a stream sync after every iteration", 0x8c564b);
    }

    @Override
    protected void configure(TornadoExecutionPlan plan, boolean profiler) {
        plan.withSyncEveryRepeat();
        if (profiler) {
            plan.withProfiler();
        }
    }

    @Override
    protected LaunchStyle launchStyle() {
        return LaunchStyle.SYNC_EVERY_ITERATION;
    }
}
