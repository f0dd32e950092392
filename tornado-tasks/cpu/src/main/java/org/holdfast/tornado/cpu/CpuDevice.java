package org.holdfast.tornado.cpu;

import org.holdfast.tornado.api.CompiledGraph;
import org.holdfast.tornado.api.ImmutableTaskGraph;
import org.holdfast.tornado.api.PlanSettings;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoRuntime;

/** The CPU as a device: one thread or every core. */
final class CpuDevice implements TornadoDevice {

    private final boolean parallel;

    CpuDevice(boolean parallel) {
        this.parallel = parallel;
    }

    @Override
    public String id() {
        return parallel ? TornadoRuntime.PARALLEL_CPU : TornadoRuntime.SEQUENTIAL_CPU;
    }

    @Override
    public String description() {
        int cores = Runtime.getRuntime().availableProcessors();
        String cpu = System.getProperty("os.arch") + ", " + cores + (cores == 1 ? " core" : " cores") + ", Java "
                + Runtime.version().feature();
        return parallel ? "the Java kernels on all cores (" + cpu + ")" : "the Java kernels on one thread (" + cpu + ")";
    }

    @Override
    public boolean isGpu() {
        return false;
    }

    @Override
    public CompiledGraph compile(ImmutableTaskGraph graph, PlanSettings settings) {
        return new CpuCompiledGraph(graph, settings, this, parallel);
    }
}
