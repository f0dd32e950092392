package org.holdfast.tornado.cuda.nvrtc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cache around the compiler, with a stand-in for NVRTC that counts its compilations. */
class KernelCompilerTest {

    private static final GpuArchitecture SM_90 = new GpuArchitecture(9, 0);
    private static final String SOURCE = "extern \"C\" __global__ void k() {}";

    @TempDir
    Path folder;

    private final List<List<String>> compilations = new ArrayList<>();

    private byte[] compile(String source, String programName, List<String> options) {
        compilations.add(options);
        return (programName + ":" + source.length() + ":" + compilations.size()).getBytes();
    }

    @Test
    void optionsAskForACubinWithoutFusedMultiplyAdd() {
        List<String> options = KernelCompiler.options(SM_90);
        assertTrue(options.contains("--gpu-architecture=sm_90"), options.toString());
        assertTrue(options.contains("--fmad=false"), options.toString());
        assertTrue(options.contains("--std=c++17"), options.toString());
        assertEquals("sm_120", new GpuArchitecture(12, 0).smName());
        assertThrows(IllegalArgumentException.class, () -> new GpuArchitecture(0, 0));
    }

    @Test
    void theSecondCompilationComesFromTheCache() {
        KernelCompiler compiler = new KernelCompiler(new KernelCache(folder), this::compile, "fake 1.0");
        CompiledKernel first = compiler.compile(SOURCE, "k.cu", SM_90);
        CompiledKernel second = compiler.compile(SOURCE, "k.cu", SM_90);
        assertFalse(first.fromCache());
        assertTrue(second.fromCache());
        assertArrayEquals(first.cubin(), second.cubin());
        assertEquals(first.cacheKey(), second.cacheKey());
        assertEquals(List.of(KernelCompiler.options(SM_90)), compilations);
    }

    @Test
    void aDamagedEntryIsCompiledAgainAndReplaced() throws IOException {
        KernelCache cache = new KernelCache(folder);
        KernelCompiler compiler = new KernelCompiler(cache, this::compile, "fake 1.0");
        CompiledKernel first = compiler.compile(SOURCE, "k.cu", SM_90);
        Files.write(cache.entry(first.cacheKey()), new byte[] {1, 2, 3});
        CompiledKernel again = compiler.compile(SOURCE, "k.cu", SM_90);
        assertFalse(again.fromCache());
        assertEquals(2, compilations.size());
        assertTrue(compiler.compile(SOURCE, "k.cu", SM_90).fromCache());
    }

    @Test
    void recompileBypassesTheCache() {
        KernelCompiler compiler = new KernelCompiler(new KernelCache(folder), this::compile, "fake 1.0");
        compiler.compile(SOURCE, "k.cu", SM_90);
        CompiledKernel fresh = compiler.recompile(SOURCE, "k.cu", SM_90);
        assertFalse(fresh.fromCache());
        assertEquals(2, compilations.size());
        assertArrayEquals(fresh.cubin(), compiler.compile(SOURCE, "k.cu", SM_90).cubin());
    }

    @Test
    void anotherCompilerVersionOrArchitectureMissesTheCache() {
        KernelCache cache = new KernelCache(folder);
        new KernelCompiler(cache, this::compile, "fake 1.0").compile(SOURCE, "k.cu", SM_90);
        assertFalse(new KernelCompiler(cache, this::compile, "fake 1.1").compile(SOURCE, "k.cu", SM_90).fromCache());
        assertFalse(new KernelCompiler(cache, this::compile, "fake 1.0").compile(SOURCE, "k.cu", new GpuArchitecture(10, 0))
                .fromCache());
    }

    @Test
    void anUnwritableCacheStillCompiles() throws IOException {
        Path notAFolder = Files.writeString(folder.resolve("file"), "x");
        KernelCompiler compiler = new KernelCompiler(new KernelCache(notAFolder), this::compile, "fake 1.0");
        assertFalse(compiler.compile(SOURCE, "k.cu", SM_90).fromCache());
        assertFalse(compiler.compile(SOURCE, "k.cu", SM_90).fromCache());
        assertEquals(2, compilations.size());
    }

    @Test
    void aFailedCompilationIsNotCached() {
        NvrtcException failure = new NvrtcException("nvrtcCompileProgram", 6, "NVRTC_ERROR_COMPILATION", "k.cu",
                "k.cu(1): error: identifier \"x\" is undefined\n");
        KernelCompiler broken = new KernelCompiler(new KernelCache(folder), (source, name, options) -> {
            throw failure;
        }, "fake 1.0");
        assertSame(failure, assertThrows(NvrtcException.class, () -> broken.compile(SOURCE, "k.cu", SM_90)));
        assertTrue(failure.getMessage().startsWith("nvrtcCompileProgram failed for k.cu: NVRTC_ERROR_COMPILATION\n"));
        assertTrue(failure.getMessage().contains("identifier \"x\" is undefined"));
        assertFalse(new KernelCompiler(new KernelCache(folder), this::compile, "fake 1.0").compile(SOURCE, "k.cu", SM_90)
                .fromCache());
    }
}
