package org.holdfast.tornado.cuda.backend;

import org.holdfast.tornado.cuda.CudaContext;
import org.holdfast.tornado.cuda.CudaDevice;
import org.holdfast.tornado.cuda.nvrtc.KernelCache;
import org.holdfast.tornado.cuda.nvrtc.KernelCompiler;

/**
 * What every view of one GPU shares: the device, its primary context and the kernel compiler, each
 * made on first use. Listing devices creates neither. The context is retained once and held for the
 * life of the process, as the CUDA runtime holds its own; the driver releases it at exit.
 */
final class DeviceSession {

    private final CudaDevice device;
    private final String driverVersion;
    private CudaContext context;
    private KernelCompiler compiler;

    DeviceSession(CudaDevice device, String driverVersion) {
        this.device = device;
        this.driverVersion = driverVersion;
    }

    CudaDevice device() {
        return device;
    }

    String driverVersion() {
        return driverVersion;
    }

    /** The primary context, current on the calling thread. */
    synchronized CudaContext context() {
        if (context == null) {
            context = CudaContext.retainPrimary(device);
        } else {
            context.makeCurrent();
        }
        return context;
    }

    /** NVRTC with the default disk cache; throws, saying where NVRTC was looked for, when it is missing. */
    synchronized KernelCompiler compiler() {
        if (compiler == null) {
            compiler = KernelCompiler.nvrtc(KernelCache.atDefaultLocation());
        }
        return compiler;
    }
}
