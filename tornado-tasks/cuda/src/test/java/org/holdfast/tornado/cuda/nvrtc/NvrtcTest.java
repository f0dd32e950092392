package org.holdfast.tornado.cuda.nvrtc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Path;
import java.util.List;
import org.holdfast.tornado.cuda.GpuAvailability;
import org.holdfast.tornado.cuda.nvrtc.raw.nvrtc_h;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NvrtcTest {

    private static final GpuArchitecture SM_90 = new GpuArchitecture(9, 0);

    @TempDir
    Path folder;

    @Test
    void withoutNvrtcCompilingSaysWhereItLooked() {
        assumeFalse(nvrtc_h.isLoaded(), "NVRTC is installed here");
        String reason = Nvrtc.unavailableReason().orElseThrow();
        assertTrue(reason.startsWith("NVRTC not found"), reason);
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> Nvrtc.compileToCubin("", "empty.cu", KernelCompiler.options(SM_90)));
        assertEquals(reason, refused.getMessage());
        assertThrows(IllegalStateException.class, () -> KernelCompiler.nvrtc(new KernelCache(folder)));
    }

    @Test
    @Tag("gpu")
    void compilesACubin() {
        GpuAvailability.requireNvrtc();
        byte[] cubin = Nvrtc.compileToCubin("extern \"C\" __global__ void empty() {}", "empty.cu", KernelCompiler.options(SM_90));
        assertArrayEquals(new byte[] {0x7f, 'E', 'L', 'F'}, java.util.Arrays.copyOf(cubin, 4), "a CUBIN is an ELF file");
        assertTrue(Nvrtc.version().matches("\\d+\\.\\d+"), Nvrtc.version());
    }

    @Test
    @Tag("gpu")
    void aCompileErrorCarriesTheLog() {
        GpuAvailability.requireNvrtc();
        String source = "extern \"C\" __global__ void broken(double* u) {\n    u[0] = undefined_name;\n}\n";
        NvrtcException failure = assertThrows(NvrtcException.class,
                () -> Nvrtc.compileToCubin(source, "Broken.cu", KernelCompiler.options(SM_90)));
        assertEquals(nvrtc_h.NVRTC_ERROR_COMPILATION, failure.result());
        assertTrue(failure.log().contains("undefined_name"), failure.log());
        assertTrue(failure.log().contains("Broken.cu"), failure.log());
        assertTrue(failure.getMessage().startsWith("nvrtcCompileProgram failed for Broken.cu: NVRTC_ERROR_COMPILATION"),
                failure.getMessage());
        assertTrue(failure.getMessage().contains("undefined_name"), failure.getMessage());
    }

    @Test
    @Tag("gpu")
    void theSecondCompileIsACacheHit() {
        GpuAvailability.requireNvrtc();
        KernelCompiler compiler = KernelCompiler.nvrtc(new KernelCache(folder));
        String source = "extern \"C\" __global__ void twice(int* x) { x[0] = 2; }";
        CompiledKernel first = compiler.compile(source, "twice.cu", SM_90);
        CompiledKernel second = compiler.compile(source, "twice.cu", SM_90);
        assertFalse(first.fromCache());
        assertTrue(second.fromCache());
        assertArrayEquals(first.cubin(), second.cubin());
        assertTrue(compiler.compilerVersion().startsWith("nvrtc "));
    }

    @Test
    @Tag("gpu")
    void aVirtualArchitectureIsRefused() {
        GpuAvailability.requireNvrtc();
        assertThrows(RuntimeException.class,
                () -> Nvrtc.compileToCubin("extern \"C\" __global__ void empty() {}", "empty.cu", List.of("--gpu-architecture=compute_90")));
    }
}
