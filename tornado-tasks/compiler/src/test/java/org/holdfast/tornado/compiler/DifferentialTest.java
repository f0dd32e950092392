package org.holdfast.tornado.compiler;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.compiler.samples.AtomicKernels;
import org.holdfast.tornado.compiler.samples.ConstantKernels;
import org.holdfast.tornado.compiler.samples.ControlFlowKernels;
import org.holdfast.tornado.compiler.samples.DeviceFunctionKernels;
import org.holdfast.tornado.compiler.samples.ImportingKernels;
import org.holdfast.tornado.compiler.samples.IntegerKernels;
import org.holdfast.tornado.compiler.samples.MathKernels;
import org.holdfast.tornado.compiler.samples.ReductionKernels;
import org.holdfast.tornado.compiler.samples.SelectionKernels;
import org.holdfast.tornado.compiler.samples.StencilKernels;
import org.holdfast.tornado.compiler.samples.VectorKernels;
import org.holdfast.tornado.compiler.testing.Differential;
import org.holdfast.tornado.compiler.testing.HostKernels;
import org.holdfast.tornado.compiler.testing.Toolchain;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The translated code executed: each sample kernel's generated CUDA C, compiled for the CPU with g++
 * ({@link HostKernels}), against the Java kernel run the way the CPU backend runs it, on random inputs
 * (three seeds each), every array compared in full. Integer results and correctly rounded floating
 * point must be bit-identical; results of transcendental Math functions may differ by 2 ulp.
 */
class DifferentialTest {

    private static final KernelContext CONTEXT = new KernelContext();
    private static final int[] ONE = {1, 1, 1};
    private static final Map<Class<?>, HostKernels> HOST = new HashMap<>();

    @TempDir
    static Path work;

    @BeforeAll
    static void requireGxx() {
        assumeTrue(Toolchain.gxx().isPresent(), "g++ not found on PATH or in /usr/bin: skipping the execution of generated CUDA C on the CPU");
    }

    @AfterAll
    static void unload() {
        HOST.values().forEach(HostKernels::close);
        HOST.clear();
    }

    private static HostKernels host(Class<?> owner) throws IOException {
        HostKernels host = HOST.get(owner);
        if (host == null) {
            host = HostKernels.compile(owner, work.resolve(owner.getSimpleName()));
            HOST.put(owner, host);
        }
        return host;
    }

    private static void same(Class<?> owner, String kernel, int[] groups, int[] local, int ulps, Object... args) throws IOException {
        Differential.assertSameResults(owner, host(owner), kernel, groups, local, ulps, args);
    }

    private static int[] grid(int x) {
        return new int[] {x, 1, 1};
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3})
    void vectorAdd(int seed) throws IOException {
        Random r = new Random(seed);
        int n = 1000;
        same(VectorKernels.class, "vectorAdd", grid(4), grid(256), 0, CONTEXT, Inputs.doubles(r, n, -1e6, 1e6),
                Inputs.doubles(r, n, -1e6, 1e6), new double[n], n);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3})
    void saxpy(int seed) throws IOException {
        Random r = new Random(seed);
        int n = 3001;
        same(VectorKernels.class, "saxpy", grid(3), grid(128), 0, CONTEXT, (float) r.nextGaussian(), Inputs.floats(r, n, -100, 100),
                Inputs.floats(r, n, -100, 100), n);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3})
    void mixedTypes(int seed) throws IOException {
        Random r = new Random(seed);
        int n = 500;
        same(VectorKernels.class, "mixed", grid(2), grid(256), 0, CONTEXT, Inputs.floats(r, n, -100, 100), Inputs.doubles(r, n, -1000, 1000),
                Inputs.ints(r, n, -1000, 1000), Inputs.longs(r, n, -1_000_000_000_000L, 1_000_000_000_000L), new double[8 * n],
                new float[2 * n], n);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3})
    void intBitOperations(int seed) throws IOException {
        Random r = new Random(seed);
        int n = 700;
        same(IntegerKernels.class, "intOps", grid(3), grid(256), 0, CONTEXT, Inputs.anyInts(r, n), Inputs.anyInts(r, n),
                Inputs.ints(r, n, -100, 100), new int[IntegerKernels.OUTPUTS * n], n);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3})
    void longArithmetic(int seed) throws IOException {
        Random r = new Random(seed);
        int n = 700;
        same(IntegerKernels.class, "longOps", grid(3), grid(256), 0, CONTEXT, Inputs.anyLongs(r, n), Inputs.anyLongs(r, n),
                Inputs.ints(r, n, -200, 200), new long[IntegerKernels.OUTPUTS * n], n);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3})
    void booleanOperators(int seed) throws IOException {
        Random r = new Random(seed);
        int n = 300;
        same(IntegerKernels.class, "booleanOps", grid(2), grid(256), 0, CONTEXT, Inputs.ints(r, n, -5, 5), Inputs.ints(r, n, -5, 5),
                new int[n], n);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3})
    void sharedMemoryReduction(int seed) throws IOException {
        Random r = new Random(seed);
        int n = 1000;
        int groups = (n + ReductionKernels.BLOCK - 1) / ReductionKernels.BLOCK;
        same(ReductionKernels.class, "blockSum", grid(groups), grid(ReductionKernels.BLOCK), 0, CONTEXT, Inputs.doubles(r, n, -1, 1),
                new double[groups], n);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3})
    void sharedArraysOfEveryTypeAndABarrierInADeviceFunction(int seed) throws IOException {
        Random r = new Random(seed);
        int n = 300;
        int groups = (n + ReductionKernels.BLOCK - 1) / ReductionKernels.BLOCK;
        same(ReductionKernels.class, "blockExtremes", grid(groups), grid(ReductionKernels.BLOCK), 0, CONTEXT, Inputs.anyInts(r, n),
                Inputs.anyLongs(r, n), Inputs.specialFloats(r, n), new int[groups], new long[groups], new float[groups], n);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3})
    void twoDimensionalStencil(int seed) throws IOException {
        Random r = new Random(seed);
        int nx = 37;
        int ny = 29;
        double[] before = Inputs.doubles(r, nx * ny, -1, 1);
        int[] groups = {5, 4, 1};
        int[] local = {8, 8, 1};
        same(StencilKernels.class, "jacobi", groups, local, 0, CONTEXT, before, new double[nx * ny], nx, ny);
        same(StencilKernels.class, "change", groups, local, 0, CONTEXT, before, Inputs.doubles(r, nx * ny, -1, 1), new double[nx * ny], nx,
                ny);
    }

    @ParameterizedTest(name = "local {0}")
    @ValueSource(ints = {1, 2, 4})
    void everyContextIndexAndSize(int size) throws IOException {
        int[] groups = {3, 2, 2};
        int[] local = {size + 1, size, 2};
        int threads = groups[0] * local[0] * groups[1] * local[1] * groups[2] * local[2];
        same(StencilKernels.class, "contextFields", groups, local, 0, CONTEXT, new int[StencilKernels.FIELDS * threads]);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3})
    void whileLoopsAndBreak(int seed) throws IOException {
        Random r = new Random(seed);
        int n = 400;
        long[] start = Inputs.longs(r, n, -10, 1_000_000);
        start[0] = 0;
        start[1] = 1;
        start[2] = 27;
        same(ControlFlowKernels.class, "collatz", grid(2), grid(256), 0, CONTEXT, start, new int[n], n);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3})
    void forDoWhileContinueAndConditionals(int seed) throws IOException {
        Random r = new Random(seed);
        int n = 400;
        int[] in = Inputs.ints(r, n, -5000, 5000);
        in[0] = 0;
        in[1] = -1000;
        in[2] = 100;
        same(ControlFlowKernels.class, "loops", grid(4), grid(128), 0, CONTEXT, in, new int[5 * n], n);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3})
    void exactlyRoundedMathFunctions(int seed) throws IOException {
        Random r = new Random(seed);
        int n = 256;
        double[] rounded = Inputs.doubles(r, n, -1e6, 1e6);
        for (int i = 0; i < 32; i++) {
            rounded[i] = (i - 16) * 0.5; // halves: Java rounds them up, llround away from zero
        }
        rounded[40] = 0.49999999999999994;
        rounded[41] = -0.49999999999999994;
        int[] ints = Inputs.ints(r, 2 * n, -1_000_000, 1_000_000);
        long[] longs = Inputs.longs(r, 2 * n, -1_000_000_000_000_000L, 1_000_000_000_000_000L);
        same(MathKernels.class, "exact", grid(2), grid(128), 0, CONTEXT, Inputs.specialDoubles(r, 2 * n), Inputs.specialFloats(r, 2 * n),
                ints, longs, rounded, new double[MathKernels.DOUBLES * n],
                new float[MathKernels.FLOATS * n], new int[MathKernels.INTS * n], new long[MathKernels.LONGS * n]);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3})
    void transcendentalMathFunctionsWithin2Ulp(int seed) throws IOException {
        Random r = new Random(seed);
        int n = 256;
        double[] d = Inputs.doubles(r, n, -10, 10);
        d[0] = 0.0;
        d[1] = -0.0;
        d[2] = Double.NaN;
        same(MathKernels.class, "transcendental", grid(2), grid(128), 2, CONTEXT, d, Inputs.doubles(r, n, -8, 8),
                Inputs.floats(r, n, -20, 20), new double[MathKernels.TRANSCENDENTAL * n]);
    }

    @ParameterizedTest(name = "n {0}")
    @ValueSource(ints = {0, 5, -3})
    void constantsKeepFullPrecision(int n) throws IOException {
        same(ConstantKernels.class, "constants", ONE, grid(4), 0, CONTEXT, new double[16], new float[16], new long[16], new int[16], n);
    }

    /** An array selection: each round's direction chosen once, the round called once (SelectionKernels.pingPong). */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3})
    void arraySelectionsNameTheArrayTheyChose(int seed) throws IOException {
        Random r = new Random(seed);
        int n = 64;
        same(SelectionKernels.class, "pingPong", grid(1), grid(n), 0, CONTEXT, Inputs.doubles(r, n, -1, 1), Inputs.doubles(r, n, -1, 1),
                4 + seed);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3})
    void deviceFunctionCalls(int seed) throws IOException {
        Random r = new Random(seed);
        int n = 200;
        same(DeviceFunctionKernels.class, "distances", grid(1), grid(256), 0, CONTEXT, Inputs.doubles(r, n, -100, 100),
                Inputs.doubles(r, n, -100, 100), new double[2 * n], n);
        // Device functions of another class, written into the caller's file.
        same(ImportingKernels.class, "relax", grid(1), grid(256), 0, CONTEXT, Inputs.doubles(r, n, -100, 100), Inputs.doubles(r, n, -100, 100),
                new double[n], n, 1.0 / (n - 1) / (n - 1));
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3})
    void atomicAddCountsAndSumsEveryKeyWhateverTheOrder(int seed) throws IOException {
        Random r = new Random(seed);
        int n = 1000;
        int buckets = 7;
        same(AtomicKernels.class, "histogram", grid(4), grid(256), 0, CONTEXT, Inputs.anyInts(r, n), Inputs.longs(r, n, -1L << 40, 1L << 40),
                new int[buckets], new long[buckets + 1], n, buckets);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3})
    void compareAndSetLoopsFindTheMaximum(int seed) throws IOException {
        Random r = new Random(seed);
        int n = 777;
        same(AtomicKernels.class, "maximum", grid(4), grid(256), 0, CONTEXT, Inputs.anyInts(r, n),
                new int[] {Integer.MIN_VALUE, 0}, n);
        same(AtomicKernels.class, "maximumLong", grid(4), grid(256), 0, CONTEXT, Inputs.anyLongs(r, n),
                new long[] {Long.MIN_VALUE, 0}, new int[2], n);
    }
}
