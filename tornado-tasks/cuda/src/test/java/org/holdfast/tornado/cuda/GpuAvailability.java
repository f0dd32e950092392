package org.holdfast.tornado.cuda;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.holdfast.tornado.cuda.backend.CudaBackend;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;
import org.holdfast.tornado.cuda.nvrtc.Nvrtc;

/** What GPU tests need, or a skip that says why: CI has no GPU. */
public final class GpuAvailability {

    private GpuAvailability() {
    }

    /** The first GPU, with the driver loaded; skips the test when there is none. */
    public static CudaTornadoDevice requireGpu() {
        assumeTrue(CudaBackend.device(0).isPresent(),
                () -> "no GPU: " + (CudaBackend.load() instanceof CudaLoad.Unavailable unavailable ? unavailable.reason() : "no device 0"));
        return CudaBackend.device(0).orElseThrow();
    }

    /** The first GPU and NVRTC; skips the test when either is missing. */
    public static CudaTornadoDevice requireGpuAndNvrtc() {
        CudaTornadoDevice device = requireGpu();
        requireNvrtc();
        return device;
    }

    /** NVRTC (which needs no GPU); skips the test when it cannot be loaded. */
    public static void requireNvrtc() {
        assumeTrue(Nvrtc.unavailableReason().isEmpty(), () -> "no NVRTC: " + Nvrtc.unavailableReason().orElse(""));
    }
}
