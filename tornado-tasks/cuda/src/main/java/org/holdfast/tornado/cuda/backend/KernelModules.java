package org.holdfast.tornado.cuda.backend;

import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.holdfast.tornado.api.KernelMetadata;
import org.holdfast.tornado.cuda.CudaContext;
import org.holdfast.tornado.cuda.CudaException;
import org.holdfast.tornado.cuda.CudaFunction;
import org.holdfast.tornado.cuda.CudaModule;
import org.holdfast.tornado.cuda.OwnedResources;
import org.holdfast.tornado.cuda.nvrtc.CompiledKernel;
import org.holdfast.tornado.cuda.nvrtc.GpuArchitecture;
import org.holdfast.tornado.cuda.nvrtc.KernelCompiler;

/**
 * The generated CUDA C of each kernel class, compiled (through the cache) and loaded once per
 * compiled graph, and the kernels' functions in it. Unloads the modules on {@link #close()}.
 */
final class KernelModules implements AutoCloseable {

    private final CudaTornadoDevice device;
    private final Map<Class<?>, CudaModule> modules = new HashMap<>();
    private final OwnedResources owned = new OwnedResources();

    KernelModules(CudaTornadoDevice device) {
        this.device = device;
    }

    /**
     * The function a task of {@code kernel} with arguments {@code args} runs: the native override of
     * its instance on this device, else the instance's generated code (a specialised kernel's
     * instance is the one compiled for the task's values of its specialised parameters).
     */
    CudaFunction function(Method kernel, List<Object> args) {
        String cudaName = cudaName(kernel, args);
        Long override = device.overrides().get(new CudaTornadoDevice.KernelInstance(kernel, cudaName));
        if (override != null) {
            return new CudaFunction(override, cudaName + " (native)");
        }
        return module(kernel).function(cudaName);
    }

    /** What the compiler recorded about {@code kernel}; empty for a native override, which runs as a standard kernel. */
    Optional<KernelMetadata> metadata(Method kernel, List<Object> args) {
        boolean overridden = device.overrides().containsKey(new CudaTornadoDevice.KernelInstance(kernel, cudaName(kernel, args)));
        return overridden ? Optional.empty() : Optional.of(generated(kernel));
    }

    /** The CUDA name of the instance {@code args} select; a kernel without generated metadata (a native override of a class the compiler never saw) keeps its name. */
    private static String cudaName(Method kernel, List<Object> args) {
        return KernelMetadata.of(kernel.getDeclaringClass()).map(m -> m.cudaName(kernel, args)).orElse(kernel.getName());
    }

    private static KernelMetadata generated(Method kernel) {
        Class<?> owner = kernel.getDeclaringClass();
        return KernelMetadata.of(owner).orElseThrow(() -> new IllegalStateException("no generated CUDA C for "
                + owner.getName() + ": the Holdfast kernel compiler did not run on it (is the annotation processor on the build?)"));
    }

    private CudaModule module(Method kernel) {
        Class<?> owner = kernel.getDeclaringClass();
        KernelMetadata metadata = generated(kernel);
        if (!metadata.isKernel(kernel)) {
            throw new IllegalStateException(owner.getSimpleName() + "." + kernel.getName()
                    + " is not among the kernels the Holdfast kernel compiler generated for its class");
        }
        CudaModule module = modules.get(owner);
        if (module == null) {
            module = owned.own(load(metadata.cudaSource(), owner.getSimpleName() + ".cu"));
            modules.put(owner, module);
        }
        return module;
    }

    /** Loads the cached image; one the driver refuses (damaged, or from another toolkit) is compiled again. */
    private CudaModule load(String source, String programName) {
        KernelCompiler compiler = device.compiler();
        CudaContext context = device.context();
        GpuArchitecture architecture = device.device().architecture();
        CompiledKernel compiled = compiler.compile(source, programName, architecture);
        try {
            return CudaModule.load(context, compiled.cubin());
        } catch (CudaException refused) {
            if (!compiled.fromCache()) {
                throw refused;
            }
            return CudaModule.load(context, compiler.recompile(source, programName, architecture).cubin());
        }
    }

    @Override
    public void close() {
        modules.clear();
        owned.close();
    }
}
