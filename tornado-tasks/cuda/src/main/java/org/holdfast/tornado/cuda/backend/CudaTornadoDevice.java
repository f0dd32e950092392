package org.holdfast.tornado.cuda.backend;

import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.holdfast.tornado.api.ImmutableTaskGraph;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.PlanSettings;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.cuda.CudaContext;
import org.holdfast.tornado.cuda.CudaDevice;
import org.holdfast.tornado.cuda.CudaFunction;
import org.holdfast.tornado.cuda.driver.raw.cuda_h;
import org.holdfast.tornado.cuda.nvrtc.KernelCompiler;

/**
 * A GPU as a Holdfast device ({@code cuda:0}). Task graphs compiled for it run their kernels'
 * generated CUDA C, or, in a view made by {@link #withKernelOverride(Method, long)}, a native
 * kernel in place of a Java one (or of one instance of a {@code @Specialize}d kernel), through the
 * same launch path.
 */
public final class CudaTornadoDevice implements TornadoDevice {

    /** A kernel's generated instance: the Java method and the CUDA name (the method's, or a specialised instance's). */
    public record KernelInstance(Method kernel, String cudaName) {
    }

    private final DeviceSession session;
    private final Map<KernelInstance, Long> overrides;

    CudaTornadoDevice(DeviceSession session, Map<KernelInstance, Long> overrides) {
        this.session = session;
        this.overrides = Map.copyOf(overrides);
    }

    @Override
    public String id() {
        return "cuda:" + session.device().ordinal();
    }

    /** {@code NVIDIA H200, 132 SMs, 139.8 GiB, sm_90, driver 13.0}, and the overridden kernels if any. */
    @Override
    public String description() {
        String description = session.device().summary() + ", driver " + session.driverVersion();
        if (!overrides.isEmpty()) {
            description += ", native kernels for " + overrides.keySet().stream().map(KernelInstance::cudaName).sorted().toList();
        }
        return description;
    }

    @Override
    public boolean isGpu() {
        return true;
    }

    /** Compiles and loads the kernels, allocates device memory per array and prepares every launch. */
    @Override
    public CudaCompiledGraph compile(ImmutableTaskGraph graph, PlanSettings settings) {
        return new CudaCompiledGraph(this, graph, settings);
    }

    /**
     * A view of this device on which tasks of {@code javaKernel} launch {@code cuFunction} instead
     * of the kernel's generated code. The native kernel must take the generated kernel's parameters
     * (the Java ones without the {@code KernelContext}, in order) and be loaded in this device's
     * primary context, which is the CUDA runtime's too.
     *
     * @param cuFunction a {@code CUfunction} handle, for example from {@code cudaGetFuncBySymbol}
     */
    public CudaTornadoDevice withKernelOverride(Method javaKernel, long cuFunction) {
        return withKernelOverride(javaKernel, javaKernel.getName(), cuFunction);
    }

    /**
     * A view on which the instance {@code cudaName} of the {@code @Specialize}d kernel {@code javaKernel}
     * (such as {@code streamPass_k8}) launches {@code cuFunction}; the native kernel takes the instance's
     * parameters (the Java ones without the context and the specialised ones).
     */
    public CudaTornadoDevice withKernelOverride(Method javaKernel, String cudaName, long cuFunction) {
        if (!javaKernel.isAnnotationPresent(Kernel.class)) {
            throw new IllegalArgumentException(javaKernel.getName() + " is not a @Kernel method");
        }
        if (cuFunction == 0) {
            throw new IllegalArgumentException("no CUfunction given for " + cudaName);
        }
        Map<KernelInstance, Long> more = new HashMap<>(overrides);
        more.put(new KernelInstance(javaKernel, cudaName), cuFunction);
        return new CudaTornadoDevice(session, more);
    }

    /** The native kernels this view launches in place of Java ones (or their instances). */
    public Map<KernelInstance, Long> overrides() {
        return overrides;
    }

    /**
     * How many blocks of {@code kernel}'s generated code, of {@code threadsPerBlock} threads and
     * {@code dynamicSharedBytes} of dynamic shared memory, can be resident on this GPU at once: the
     * occupancy API's blocks per multiprocessor times the multiprocessors, the most a persistent task
     * may launch. For callers that plan a persistent grid themselves; the kernel's module is loaded
     * (through the compile cache) for the query and unloaded after it.
     */
    public long coResidentBlocks(Method kernel, int threadsPerBlock, int dynamicSharedBytes) {
        return coResidentBlocks(kernel, List.of(), threadsPerBlock, dynamicSharedBytes);
    }

    /**
     * {@link #coResidentBlocks(Method, int, int)} of the instance of a {@code @Specialize}d kernel that
     * {@code arguments} choose: the task's arguments, or their start up to the last specialised one.
     */
    public long coResidentBlocks(Method kernel, List<Object> arguments, int threadsPerBlock, int dynamicSharedBytes) {
        context().makeCurrent();
        try (KernelModules modules = new KernelModules(this)) {
            CudaFunction function = modules.function(kernel, arguments);
            if (dynamicSharedBytes > function.attribute(cuda_h.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)) {
                function.setMaxDynamicSharedBytes(dynamicSharedBytes);
            }
            return function.maxCoResidentBlocks(device(), threadsPerBlock, dynamicSharedBytes);
        }
    }

    /** Shared memory a block may have, static and dynamic together, when it opts in (227 KiB on an H200). */
    public int sharedBytesPerBlockOptIn() {
        return device().attribute(cuda_h.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
    }

    public CudaDevice device() {
        return session.device();
    }

    /** The primary context, retained on first use and made current on the calling thread. */
    public CudaContext context() {
        return session.context();
    }

    /** NVRTC through the disk cache. */
    public KernelCompiler compiler() {
        return session.compiler();
    }

    /** The driver's CUDA version: {@code 13.0}. */
    public String driverVersion() {
        return session.driverVersion();
    }

    @Override
    public String toString() {
        return id() + " (" + description() + ")";
    }
}
