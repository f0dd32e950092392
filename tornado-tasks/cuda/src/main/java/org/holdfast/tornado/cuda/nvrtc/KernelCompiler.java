package org.holdfast.tornado.cuda.nvrtc;

import java.util.List;
import java.util.Optional;

/** Compiles CUDA C for one architecture with NVRTC, through the disk cache. */
public final class KernelCompiler {

    /** What turns CUDA C into a CUBIN: NVRTC, or a stand-in where tests have no NVRTC. */
    @FunctionalInterface
    interface CubinCompiler {
        byte[] compile(String source, String programName, List<String> options);
    }

    private final KernelCache cache;
    private final CubinCompiler compiler;
    private final String compilerVersion;

    KernelCompiler(KernelCache cache, CubinCompiler compiler, String compilerVersion) {
        this.cache = cache;
        this.compiler = compiler;
        this.compilerVersion = compilerVersion;
    }

    /**
     * NVRTC through {@code cache}.
     *
     * @throws IllegalStateException when NVRTC cannot be loaded, saying where it was looked for
     */
    public static KernelCompiler nvrtc(KernelCache cache) {
        return new KernelCompiler(cache, Nvrtc::compileToCubin, "nvrtc " + Nvrtc.version());
    }

    /**
     * The options every kernel is compiled with: a CUBIN for {@code architecture}; no fused
     * multiply-add, because Java rounds every multiply and add separately and the GPU must give the
     * CPU's results; C++17; line information for compute-sanitizer and profilers (no cost at run time).
     */
    public static List<String> options(GpuArchitecture architecture) {
        return List.of("--gpu-architecture=" + architecture.smName(), "--fmad=false", "--std=c++17", "--generate-line-info");
    }

    /**
     * The CUBIN of {@code source} for {@code architecture}: from the cache when it holds one, else
     * compiled and stored.
     *
     * @param programName the name compile errors are reported under: {@code RedBlackKernels.cu}
     * @throws NvrtcException with the compile log when the source does not compile
     */
    public CompiledKernel compile(String source, String programName, GpuArchitecture architecture) {
        List<String> options = options(architecture);
        String key = KernelCache.key(source, options, architecture, compilerVersion);
        Optional<byte[]> cached = cache.read(key);
        if (cached.isPresent()) {
            return new CompiledKernel(cached.get(), key, true);
        }
        return compileAndStore(source, programName, options, key);
    }

    /** Compiles again, bypassing and replacing the cache entry: for an image the driver refused to load. */
    public CompiledKernel recompile(String source, String programName, GpuArchitecture architecture) {
        List<String> options = options(architecture);
        String key = KernelCache.key(source, options, architecture, compilerVersion);
        cache.evict(key);
        return compileAndStore(source, programName, options, key);
    }

    private CompiledKernel compileAndStore(String source, String programName, List<String> options, String key) {
        byte[] cubin = compiler.compile(source, programName, options);
        cache.write(key, cubin);
        return new CompiledKernel(cubin, key, false);
    }

    public KernelCache cache() {
        return cache;
    }

    /** The compiler and its version, part of every cache key: {@code nvrtc 13.0}. */
    public String compilerVersion() {
        return compilerVersion;
    }
}
