package org.holdfast.bench.gpu;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.holdfast.tornado.cuda.CudaLoad;
import org.holdfast.tornado.cuda.backend.CudaBackend;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;
import org.holdfast.tornado.cuda.nvrtc.Nvrtc;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The measurement probes give plausible figures on a real GPU. */
@Tag("gpu")
class ProbesGpuTest {

    @Test
    void copyAndSharedBandwidthAndLaunchCostsArePlausible() {
        assumeTrue(CudaBackend.device(0).isPresent(), () -> "no GPU: "
                + (CudaBackend.load() instanceof CudaLoad.Unavailable unavailable ? unavailable.reason() : "no CUDA device"));
        assumeTrue(Nvrtc.unavailableReason().isEmpty(), () -> "no NVRTC: " + Nvrtc.unavailableReason().orElse(""));
        CudaTornadoDevice gpu = CudaBackend.device(0).orElseThrow();
        CopyBandwidth bandwidth = CopyBandwidth.measure(gpu.context(), 256L << 20, 5);
        assertTrue(bandwidth.gigabytesPerSecond() > 1, bandwidth.toString());
        SharedMemoryBandwidth shared = SharedMemoryBandwidth.measure(gpu.context(), gpu.compiler(), 1024, 2);
        assertTrue(shared.gigabytesPerSecond() > 1 && Double.isFinite(shared.gigabytesPerSecond()), shared.toString());
        assertTrue(shared.blocks() >= gpu.context().device().multiprocessors(), "every SM runs the probe: " + shared);
        LaunchCosts costs = LaunchCosts.measure(gpu.context(), gpu.compiler(), 2000);
        assertTrue(costs.launchSyncMicros() > 0 && costs.launchSyncMicros() < 1000, costs.toString());
        assertTrue(costs.queuedLaunchMicros() > 0 && costs.queuedLaunchMicros() < 1000, costs.toString());
        assertTrue(costs.hostCallMicros() > 0 && costs.hostCallMicros() < 1000, costs.toString());
        assertTrue(costs.graphNodeMicros() > 0 && costs.graphNodeMicros() < 100, costs.toString());
    }
}
