package org.holdfast.bench.mode;

import java.lang.reflect.Method;
import java.util.Optional;
import org.holdfast.bridge.NativeException;
import org.holdfast.bridge.NativeLibraryMissingException;
import org.holdfast.bridge.PersistentBridge;
import org.holdfast.kernels.problem.HalfSweepKernels;
import org.holdfast.kernels.problem.Problem;
import org.holdfast.kernels.temporal.TemporalKernels;
import org.holdfast.kernels.temporal.TemporalKernels3D;
import org.holdfast.tornado.api.TaskMethods;
import org.holdfast.tornado.cuda.CudaLoad;
import org.holdfast.tornado.cuda.backend.CudaBackend;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;

/**
 * What this machine offers the modes: the CPU always; the GPU and the native library where they are
 * here, or the reason they are not. A mode asks for what it needs and gets a
 * {@link ModeUnavailableException} that says why when it is missing.
 */
public final class Machine implements AutoCloseable {

    private final CudaTornadoDevice gpu;
    private final String gpuMissing;
    private final PersistentBridge bridge;
    private final String bridgeMissing;

    private Machine(CudaTornadoDevice gpu, String gpuMissing, PersistentBridge bridge, String bridgeMissing) {
        this.gpu = gpu;
        this.gpuMissing = gpuMissing;
        this.bridge = bridge;
        this.bridgeMissing = bridgeMissing;
    }

    /** The machine; the GPU and the native library are opened only when {@code gpuWanted}. */
    public static Machine open(boolean gpuWanted) {
        if (!gpuWanted) {
            return withoutGpu("no GPU mode was asked for");
        }
        Optional<CudaTornadoDevice> device = CudaBackend.device(0);
        if (device.isEmpty()) {
            return withoutGpu("no GPU: " + (CudaBackend.load() instanceof CudaLoad.Unavailable unavailable ? unavailable.reason()
                    : "no CUDA device"));
        }
        try {
            return new Machine(device.get(), null, PersistentBridge.open(), null);
        } catch (NativeLibraryMissingException | NativeException e) {
            return new Machine(device.get(), null, null, "native library: " + e.getMessage());
        }
    }

    /** A machine whose GPU modes all say {@code reason}. */
    public static Machine withoutGpu(String reason) {
        return new Machine(null, reason, null, reason);
    }

    /** The GPU, for modes that run on it. */
    public CudaTornadoDevice gpu() {
        if (gpu == null) {
            throw new ModeUnavailableException(gpuMissing);
        }
        return gpu;
    }

    /** GPUs on this machine: the driver's devices where the GPU opened, otherwise 0. */
    public int gpuCount() {
        return gpu == null ? 0 : CudaBackend.devicesHere();
    }

    /** Why there is no GPU here, or empty where there is one. */
    public Optional<String> gpuMissing() {
        return Optional.ofNullable(gpu == null ? gpuMissing : null);
    }

    /** Why the native library cannot run here (no GPU, or the library did not load), or empty where it can. */
    public Optional<String> nativeLibraryMissing() {
        return gpu == null ? gpuMissing() : Optional.ofNullable(bridge == null ? bridgeMissing : null);
    }

    /** The GPU if there is one, for measurements that are skipped without it. */
    public Optional<CudaTornadoDevice> gpuIfPresent() {
        return Optional.ofNullable(gpu);
    }

    /** The native library, for modes that run its kernels. */
    public PersistentBridge bridge() {
        gpu();
        if (bridge == null) {
            throw new ModeUnavailableException(bridgeMissing);
        }
        return bridge;
    }

    /** The native library if it loaded, for measurements that are skipped without it. */
    public Optional<PersistentBridge> bridgeIfPresent() {
        return Optional.ofNullable(bridge);
    }

    /**
     * The GPU launching the hand-written standard kernels of {@code problem} in place of its Java red and black (which
     * share their parameters), and the hand-written temporal passes in place of the Java ones.
     */
    public CudaTornadoDevice gpuWithNativeKernels(Problem problem) {
        PersistentBridge library = bridge();
        NativeKernelFiles.HalfSweeps pair = NativeKernelFiles.halfSweeps(problem)
                .orElseThrow(() -> new ModeRefusedException("the native library has no standard kernels for " + problem.name()));
        HalfSweepKernels java = problem.halfSweepKernels();
        CudaTornadoDevice view = gpu().withKernelOverride(TaskMethods.resolve(java.red()), library.kernel(pair.red()))
                .withKernelOverride(TaskMethods.resolve(java.black()), library.kernel(pair.black()));
        Method streamPass = kernel(TemporalKernels.class, "streamPass");
        for (int k : TemporalKernels.SWEEPS) {
            // The compiler's instance of k (@Specialize) and its hand-written twin in the library.
            view = view.withKernelOverride(streamPass, "streamPass_k" + k, library.kernel("hf_stream_pass_k" + k));
        }
        // The cube's pass, TemporalKernels3D's instances (streamPass_k<k>, streamPassDeep_k<k>) and their twins.
        for (int k : TemporalKernels3D.SWEEPS) {
            String name = TemporalKernels3D.kernelFor(k);
            view = view.withKernelOverride(kernel(TemporalKernels3D.class, name), name + "_k" + k,
                    library.kernel("hf_stream_pass_3d_k" + k));
        }
        return view;
    }

    private static Method kernel(Class<?> owner, String name) {
        for (Method method : owner.getMethods()) {
            if (method.getName().equals(name)) {
                return method;
            }
        }
        throw new IllegalStateException(owner.getSimpleName() + "." + name + " is missing");
    }

    /** One line for {@code --devices}: where the native library is, or why it is not. */
    public static String nativeLibraryStatus() {
        try (PersistentBridge opened = PersistentBridge.open()) {
            return "native: " + opened.library() + " (holdfast_native " + opened.version() + ", built for "
                    + opened.runtimeVersions().runtimeName() + ")";
        } catch (NativeLibraryMissingException | NativeException e) {
            return "native: unavailable: " + e.getMessage();
        }
    }

    @Override
    public void close() {
        if (bridge != null) {
            bridge.close();
        }
    }
}
