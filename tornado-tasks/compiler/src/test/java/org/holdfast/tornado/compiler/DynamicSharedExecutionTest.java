package org.holdfast.tornado.compiler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Random;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.compiler.testing.HostKernels;
import org.holdfast.tornado.compiler.testing.Toolchain;
import org.holdfast.tornado.compiler.samples.DynamicSharedKernels;
import org.holdfast.tornado.compiler.testing.JavaKernels;
import org.holdfast.tornado.compiler.testing.JavaKernels.Launch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CPU meaning of dynamic shared memory: one array per group, of the worker grid's bytes divided
 * by the element size, shared by the group's threads (and mapped across a cluster); a kernel that
 * takes it from a launch that gives none is refused before it runs. And the generated C, run on the
 * host ({@link HostKernels}), gives what the Java kernels give.
 */
class DynamicSharedExecutionTest {

    private static final KernelContext CONTEXT = new KernelContext();

    @TempDir
    static Path work;

    @Test
    void theGeneratedCodeOnTheHostGivesWhatTheJavaKernelsGive() throws IOException {
        assumeTrue(Toolchain.gxx().isPresent(), "g++ not found on PATH or in /usr/bin: skipping the execution of generated CUDA C on the CPU");
        int groups = 3;
        int threads = 16;
        int[] in = new Random(5).ints(groups * threads, -40, 40).toArray();
        try (HostKernels host = HostKernels.compile(DynamicSharedKernels.class, work.resolve("dynamic"))) {
            int[] sums = new int[groups];
            int[] cubes = new int[in.length];
            host.launchWithDynamicShared(2 * threads * 4, "twoParts", new int[] {groups, 1, 1}, new int[] {threads, 1, 1}, CONTEXT,
                    in.clone(), sums, cubes);
            int[] javaSums = new int[groups];
            int[] javaCubes = new int[in.length];
            JavaKernels.run(DynamicSharedKernels.class, "twoParts", Launch.of(groups, threads).withDynamicShared(2 * threads * 4),
                    CONTEXT, in.clone(), javaSums, javaCubes);
            assertArrayEquals(javaSums, sums);
            assertArrayEquals(javaCubes, cubes);
        }
    }

    @Test
    void eachGroupReversesItsChunkThroughItsOwnArray() {
        int groups = 3;
        int threads = 16;
        double[] in = new double[groups * threads];
        for (int i = 0; i < in.length; i++) {
            in[i] = i * 0.5;
        }
        double[] out = new double[in.length];
        JavaKernels.run(DynamicSharedKernels.class, "reverseChunks", Launch.of(groups, threads).withDynamicShared(threads * 8),
                CONTEXT, in, out);
        for (int g = 0; g < groups; g++) {
            for (int t = 0; t < threads; t++) {
                assertEquals(in[g * threads + threads - 1 - t], out[g * threads + t], "group " + g + ", thread " + t);
            }
        }
    }

    @Test
    void oneArrayCarvedWithOffsetsBesideAStaticOne() {
        int groups = 2;
        int threads = 8;
        int[] in = new int[groups * threads];
        for (int i = 0; i < in.length; i++) {
            in[i] = i - 5;
        }
        int[] sums = new int[groups];
        int[] cubes = new int[in.length];
        JavaKernels.run(DynamicSharedKernels.class, "twoParts", Launch.of(groups, threads).withDynamicShared(2 * threads * 4),
                CONTEXT, in, sums, cubes);
        for (int g = 0; g < groups; g++) {
            int squares = 0;
            for (int t = 0; t < threads; t++) {
                int v = in[g * threads + t];
                squares += v * v;
                int mirrored = in[g * threads + threads - 1 - t];
                assertEquals(mirrored * mirrored * mirrored, cubes[g * threads + t]);
            }
            assertEquals(squares + threads, sums[g], "group " + g);
        }
    }

    @Test
    void tooLittleDynamicSharedMemoryFailsLikeAnOutOfRangeIndex() {
        int threads = 8;
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> JavaKernels.run(DynamicSharedKernels.class, "twoParts",
                Launch.of(1, threads).withDynamicShared(threads * 4), CONTEXT, new int[threads], new int[1], new int[threads]));
    }

    @Test
    void aKernelThatTakesDynamicSharedMemoryNeedsALaunchThatGivesIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JavaKernels.run(DynamicSharedKernels.class,
                "reverseChunks", Launch.of(1, 4), CONTEXT, new double[4], new double[4]));
        assertEquals("task reference.kernel: kernel reverseChunks takes dynamic shared memory, but its worker grid gives it"
                + " none: set its size with WorkerGrid.setDynamicSharedBytes(bytes)", e.getMessage());
    }

    @Test
    void aClusterReadsItsNeighboursDynamicSharedMemory() {
        int groups = 8;
        int threads = 32;
        long[] out = new long[groups * threads];
        JavaKernels.run(DynamicSharedKernels.class, "rotateInCluster", Launch.of(groups, threads).withDynamicShared(threads * 8),
                CONTEXT, out);
        long[] expected = new long[out.length];
        for (int g = 0; g < groups; g++) {
            int next = g / 4 * 4 + (g % 4 + 1) % 4;
            for (int t = 0; t < threads; t++) {
                expected[g * threads + t] = 1000L * next + t;
            }
        }
        assertArrayEquals(expected, out);
    }
}
