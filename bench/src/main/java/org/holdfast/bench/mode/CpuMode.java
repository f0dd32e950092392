package org.holdfast.bench.mode;

import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoRuntime;

/** {@code cpu}: the Java kernels on one thread, one work item walking the whole grid in order. */
public final class CpuMode extends CpuKernelsMode {

    public CpuMode() {
        super("cpu", "the Java kernels on one thread", 0x7f7f7f);
    }

    @Override
    protected TornadoDevice device() {
        return TornadoRuntime.sequentialCpu();
    }

    @Override
    protected int groups(RunRequest request, int threads) {
        return 1;
    }

    @Override
    protected int threads(RunRequest request) {
        return 1;
    }
}
