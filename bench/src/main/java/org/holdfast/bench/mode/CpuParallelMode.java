package org.holdfast.bench.mode;

import org.holdfast.kernels.poisson.PoissonTaskGraph;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoRuntime;

/** {@code cpu-parallel}: the same Java kernels on all cores, a work item per point, contiguous ranges per core. */
public final class CpuParallelMode extends CpuKernelsMode {

    public CpuParallelMode() {
        super("cpu-parallel", "the same Java kernels on all cores", 0x3f3f3f);
    }

    @Override
    public boolean parallelOnCpu() {
        return true;
    }

    @Override
    protected TornadoDevice device() {
        return TornadoRuntime.parallelCpu();
    }

    @Override
    protected int groups(RunRequest request, int threads) {
        return PoissonTaskGraph.blocksForOnePointPerThread(request.problem(), threads);
    }

    @Override
    protected int threads(RunRequest request) {
        return request.threads();
    }
}
