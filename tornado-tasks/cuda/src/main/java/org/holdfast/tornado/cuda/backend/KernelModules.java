package org.holdfast.tornado.cuda.backend;

import java.lang.reflect.Method;
import java.util.HashMap;
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

    /** The function {@code kernel} runs: its native override on this device, else its generated code. */
    CudaFunction function(Method kernel) {
        Long override = device.overrides().get(kernel);
        if (override != null) {
            return new CudaFunction(override, kernel.getName() + " (native)");
        }
        return module(kernel).function(kernel.getName());
    }

    /** What the compiler recorded about {@code kernel}; empty for a native override, which runs as a standard kernel. */
    Optional<KernelMetadata> metadata(Method kernel) {
        return device.overrides().containsKey(kernel) ? Optional.empty() : Optional.of(generated(kernel));
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
