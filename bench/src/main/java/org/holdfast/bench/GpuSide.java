package org.holdfast.bench;

import java.util.Optional;
import org.holdfast.bench.config.Experiment;
import org.holdfast.bench.gpu.GpuRunners;
import org.holdfast.bench.harness.NoGpuRunners;
import org.holdfast.bench.harness.RunnerFactory;
import org.holdfast.bridge.NativeException;
import org.holdfast.bridge.NativeLibraryMissingException;
import org.holdfast.bridge.PersistentBridge;
import org.holdfast.tornado.cuda.CudaLoad;
import org.holdfast.tornado.cuda.backend.CudaBackend;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;

/** The GPU modes of this machine, or the reason there are none. */
final class GpuSide {

    private GpuSide() {
    }

    /** Runners for the GPU modes when experiment needs any; otherwise, or without a GPU, a factory that says why not. */
    static RunnerFactory open(Experiment experiment, boolean profiler) {
        if (experiment.modes().stream().noneMatch(Mode::needsGpu)) {
            return new NoGpuRunners("no GPU mode was asked for");
        }
        Optional<CudaTornadoDevice> gpu = CudaBackend.device(0);
        if (gpu.isEmpty()) {
            return new NoGpuRunners(gpuMissing());
        }
        try {
            return new GpuRunners(gpu.get(), PersistentBridge.open(), null, profiler);
        } catch (NativeLibraryMissingException | NativeException e) {
            return new GpuRunners(gpu.get(), null, "native library: " + e.getMessage(), profiler);
        }
    }

    private static String gpuMissing() {
        CudaLoad load = CudaBackend.load();
        return load instanceof CudaLoad.Unavailable unavailable ? unavailable.reason() : "no CUDA device";
    }

    /** One line for {@code --devices}: where the native library is, or why it is not. */
    static String nativeLibraryStatus() {
        try (PersistentBridge bridge = PersistentBridge.open()) {
            return "native: " + bridge.library() + " (holdfast_native " + bridge.version() + ", built for "
                    + bridge.runtimeVersions().runtimeName() + ")";
        } catch (NativeLibraryMissingException | NativeException e) {
            return "native: unavailable: " + e.getMessage();
        }
    }
}
