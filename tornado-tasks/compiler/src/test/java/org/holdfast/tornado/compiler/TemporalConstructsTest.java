package org.holdfast.tornado.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.KernelMetadata;
import org.holdfast.tornado.compiler.samples.TemporalConstructKernels;
import org.holdfast.tornado.compiler.testing.Differential;
import org.holdfast.tornado.compiler.testing.HostKernels;
import org.holdfast.tornado.compiler.testing.JavaKernels;
import org.holdfast.tornado.compiler.testing.Toolchain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The constructs of temporally blocked kernels (docs/kernel-language.md, "Specialisation, per-thread
 * arrays, unrolling, launch bounds and warp shuffles"): what each becomes, the metadata that lets a
 * backend launch a specialised instance, and the generated code run on the CPU against the Java
 * kernel on the CPU backend (nvcc compiles it in SampleKernelsCompileTest).
 */
class TemporalConstructsTest {

    private static final Class<?> SAMPLE = TemporalConstructKernels.class;

    private static String cuda() {
        return KernelMetadata.of(SAMPLE).orElseThrow().cudaSource();
    }

    private static void hasLines(String... lines) {
        List<String> actual = cuda().lines().map(String::strip).toList();
        for (String line : lines) {
            assertTrue(actual.contains(line), "missing line: " + line + "\n" + cuda());
        }
    }

    @Test
    void aSpecialisedKernelIsOneCudaKernelPerValueWithoutTheParameter() {
        hasLines("extern \"C\" __global__ void windowSum_k1(const double* __restrict__ in, double* __restrict__ out, int n, int chunk)",
                "extern \"C\" __global__ void windowSum_k3(const double* __restrict__ in, double* __restrict__ out, int n, int chunk)",
                "extern \"C\" __global__ void windowSum_k4(const double* __restrict__ in, double* __restrict__ out, int n, int chunk)",
                "double window[3] = {};", "shift(3, window, in[i]);", "out[i] = total(3, window);",
                "int at = ((first - 3) + 1) + j;");
        assertFalse(cuda().contains("void windowSum("), "no unspecialised kernel");
        KernelMetadata metadata = KernelMetadata.of(SAMPLE).orElseThrow();
        var kernel = JavaKernels.kernel(SAMPLE, "windowSum");
        assertEquals(List.of(1), metadata.specializedParameters(kernel));
        assertEquals(List.of("windowSum_k1", "windowSum_k3", "windowSum_k4"), metadata.instances(kernel));
        assertEquals("windowSum_k3", metadata.cudaName(kernel, List.of(new KernelContext(), 3, new double[0], new double[0], 1, 1)));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> metadata.cudaName(kernel, List.of(new KernelContext(), 2, new double[0], new double[0], 1, 1)));
        assertEquals("windowSum is compiled for its @Specialize parameters #2 = (1), (3), (4), not (2)", refused.getMessage());
    }

    @Test
    void severalSpecialisedParametersMakeEveryCombinationAndLaunchBoundsPrecedeTheName() {
        hasLines("extern \"C\" __global__ void __launch_bounds__(64, 4) warpScan_scale1_rounds5(const double* __restrict__ values,"
                + " double* sums, const int* __restrict__ ids, int* above)",
                "extern \"C\" __global__ void __launch_bounds__(64, 4) warpScan_scale2_rounds5(const double* __restrict__ values,"
                        + " double* sums, const int* __restrict__ ids, int* above)",
                "double sum = values[i] * 2;", "for (int round = 0; round < 5; round++) {");
        var kernel = JavaKernels.kernel(SAMPLE, "warpScan");
        assertEquals(List.of(1, 2), KernelMetadata.of(SAMPLE).orElseThrow().specializedParameters(kernel));
    }

    @Test
    void unrolledLoopsGetThePragmaAndShufflesTheFullWarpIntrinsics() {
        List<String> lines = cuda().lines().map(String::strip).toList();
        int loop = lines.indexOf("for (int j = 0; j < k; j++) {");
        assertTrue(loop > 0 && lines.get(loop - 1).equals("#pragma unroll"), "the loop over the window is unrolled:\n" + cuda());
        hasLines("double from = __shfl_up_sync(0xffffffffu, sum, delta);", "above[i] = __shfl_down_sync(0xffffffffu, ids[i], 1);",
                "static __device__ __forceinline__ void shift(int k, double* __restrict__ window, double value)",
                "static __device__ __forceinline__ double total(int k, const double* __restrict__ window)");
        KernelMetadata metadata = KernelMetadata.of(SAMPLE).orElseThrow();
        assertTrue(metadata.usesBarrier(JavaKernels.kernel(SAMPLE, "warpScan")), "a shuffling kernel runs its groups' threads together on the CPU");
    }

    @ParameterizedTest(name = "k = {0}, seed {1}")
    @CsvSource({"1, 1", "3, 2", "4, 3"})
    void windowSumsRunAsTheJavaKernelDoes(int k, int seed, @TempDir Path work) throws IOException {
        assumeTrue(Toolchain.gxx().isPresent(), "g++ not found: skipping the execution of generated CUDA C on the CPU");
        Random r = new Random(seed);
        int n = 300;
        try (HostKernels host = HostKernels.compile(SAMPLE, work)) {
            Differential.assertSameResults(SAMPLE, host, "windowSum", new int[] {3, 1, 1}, new int[] {32, 1, 1}, 0,
                    new KernelContext(), k, Inputs.doubles(r, n, -1, 1), new double[n], n, 4);
        }
    }

    @ParameterizedTest(name = "scale {0}")
    @CsvSource({"1", "2"})
    void warpScansRunAsTheJavaKernelDoes(int scale, @TempDir Path work) throws IOException {
        assumeTrue(Toolchain.gxx().isPresent(), "g++ not found: skipping the execution of generated CUDA C on the CPU");
        Random r = new Random(scale);
        int n = 2 * TemporalConstructKernels.THREADS;
        int[] ids = new int[n];
        for (int i = 0; i < n; i++) {
            ids[i] = 1000 + i;
        }
        try (HostKernels host = HostKernels.compile(SAMPLE, work)) {
            Differential.assertSameResults(SAMPLE, host, "warpScan", new int[] {2, 1, 1},
                    new int[] {TemporalConstructKernels.THREADS, 1, 1}, 0, new KernelContext(), scale, 5, Inputs.doubles(r, n, -1, 1),
                    new double[n], ids, new int[n]);
        }
        // The Java kernel itself: lane 31 of each warp keeps its own id, the others take the next lane's.
        int[] above = new int[n];
        JavaKernels.run(SAMPLE, "warpScan", new int[] {2, 1, 1}, new int[] {TemporalConstructKernels.THREADS, 1, 1},
                new KernelContext(), scale, 5, new double[n], new double[n], ids, above);
        for (int i = 0; i < n; i++) {
            assertEquals(i % 32 == 31 ? ids[i] : ids[i + 1], above[i], "lane " + i % 32);
        }
    }

    /** context.warpBarrier() is __syncwarp(), and its kernel runs its group's threads together on the CPU, as the GPU does. */
    @Test
    void theWarpBarrierIsSyncwarp(@TempDir Path work) throws IOException {
        hasLines("__syncwarp();");
        assertTrue(KernelMetadata.of(SAMPLE).orElseThrow().usesBarrier(JavaKernels.kernel(SAMPLE, "warpReverse")),
                "a kernel at a warp barrier runs its groups' threads together on the CPU");
        double[] values = Inputs.doubles(new Random(7), 64, -1, 1);
        double[] reversed = new double[64];
        JavaKernels.run(SAMPLE, "warpReverse", new int[] {2, 1, 1}, new int[] {32, 1, 1}, new KernelContext(), values, reversed);
        for (int i = 0; i < 64; i++) {
            assertEquals(values[i / 32 * 32 + 31 - i % 32], reversed[i], "lane " + i % 32);
        }
        assumeTrue(Toolchain.gxx().isPresent(), "g++ not found: skipping the execution of generated CUDA C on the CPU");
        try (HostKernels host = HostKernels.compile(SAMPLE, work)) {
            Differential.assertSameResults(SAMPLE, host, "warpReverse", new int[] {2, 1, 1}, new int[] {32, 1, 1}, 0,
                    new KernelContext(), values, new double[64]);
        }
    }

    /** context.opaque(v) is the value on the CPU and an empty asm that claims to change it in CUDA, which runs the same on the CPU. */
    @Test
    void anOpaqueValueIsTheValue(@TempDir Path work) throws IOException {
        hasLines("int c = hf_opaque_s32(code);", "asm volatile(\"\" : \"+r\"(value));");
        int threads = 64;
        Random random = new Random(11);
        int[] codes = new int[threads];
        for (int i = 0; i < threads; i++) {
            codes[i] = random.nextInt(threads) << 4 | random.nextInt(16);
        }
        double[] in = Inputs.doubles(random, threads, -1, 1);
        double[] out = new double[threads];
        JavaKernels.run(SAMPLE, "decodeEveryStep", new int[] {1, 1, 1}, new int[] {threads, 1, 1}, new KernelContext(), codes, in, out, 3);
        for (int i = 0; i < threads; i++) {
            double term = in[codes[i] >> 4] * (codes[i] & 15);
            assertEquals(0.0 + term + term + term, out[i], "thread " + i);
        }
        assumeTrue(Toolchain.gxx().isPresent(), "g++ not found: skipping the execution of generated CUDA C on the CPU");
        try (HostKernels host = HostKernels.compile(SAMPLE, work)) {
            Differential.assertSameResults(SAMPLE, host, "decodeEveryStep", new int[] {1, 1, 1}, new int[] {threads, 1, 1}, 0,
                    new KernelContext(), codes, in, new double[threads], 3);
        }
    }
}
