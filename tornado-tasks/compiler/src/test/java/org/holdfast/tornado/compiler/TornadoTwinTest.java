package org.holdfast.tornado.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.compiler.testing.ArrayAssert;
import org.holdfast.tornado.compiler.testing.JavaKernels;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The TornadoVM twins ({@code -Aholdfast.tornadovm}): their text against the expected files, their
 * compilation against a stub of TornadoVM's API, and their results on the CPU against the Holdfast
 * kernels they come from, bit for bit. No TornadoVM is needed: the stub has TornadoVM's names and types.
 */
class TornadoTwinTest {

    private static final String RED_BLACK = "../kernels/src/main/java/org/holdfast/kernels/RedBlackKernels.java";
    private static final String SAMPLES = "src/test/java/org/holdfast/tornado/compiler/samples";

    @TempDir
    static Path work;

    private static Path stub;
    private static Javac.Result kernels;
    private static URLClassLoader loader;

    /** RedBlackKernels (with Stencil) and the edge cases through the processor (twins as resources), then the twins against the stub. */
    @BeforeAll
    static void compile() throws IOException {
        stub = TwinJavac.stub(work.resolve("stub"));
        List<Path> sources = Stream.concat(RedBlackKernelsTest.sources().stream(), Stream.of(TwinJavac.resource("/twin/TwinEdgeKernels.java")))
                .toList();
        kernels = TwinJavac.withProcessor(sources, work.resolve("kernels"), "resource");
        assertTrue(kernels.success(), kernels.describe());
        Javac.Result twins = TwinJavac.plain(TwinJavac.javaFiles(kernels.classes().resolve(TornadoTwins.RESOURCE_FOLDER)),
                work.resolve("twins"), kernels.classes(), stub);
        assertTrue(twins.success() && twins.diagnostics().isEmpty(), twins.describe());
        loader = new URLClassLoader(new URL[] {kernels.classes().toUri().toURL(), twins.classes().toUri().toURL(), stub.toUri().toURL()},
                TornadoTwinTest.class.getClassLoader());
    }

    @AfterAll
    static void close() throws IOException {
        if (loader != null) {
            loader.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"org.holdfast.kernels.RedBlackKernelsTornadoVM", "twin.TwinEdgeKernelsTornadoVM", "twin.TwinEdgeKernels_NestedTornadoVM"})
    void twinMatchesTheExpectedText(String twin) throws IOException {
        String expected = Files.readString(TwinJavac.resource("/golden/" + twin.substring(twin.lastIndexOf('.') + 1) + ".java.expected"));
        assertEquals(expected, twinText(twin));
    }

    @ParameterizedTest(name = "n={0}, {1} groups of {2}")
    @CsvSource({"3, 1, 32", "5, 2, 8", "11, 1, 64", "12, 3, 7", "33, 4, 64", "64, 2, 128"})
    void redBlackTwinComputesWhatTheKernelsComputeBitForBit(int n, int groups, int local) throws ReflectiveOperationException {
        Class<?> original = Class.forName("org.holdfast.kernels.RedBlackKernels", true, loader);
        TwinRunner twin = new TwinRunner(Class.forName("org.holdfast.kernels.RedBlackKernelsTornadoVM", true, loader));
        Random random = new Random(n * 131L + groups);
        double[] u = new double[n * n];
        double[] f = new double[n * n];
        for (int i = 0; i < n * n; i++) {
            u[i] = random.nextDouble() * 2 - 1;
            f[i] = random.nextGaussian();
        }
        double h2 = 1.0 / ((n - 1) * (n - 1));
        double[] javaU = u.clone();
        double[] twinU = u.clone();
        for (int iteration = 0; iteration < 5; iteration++) {
            for (String colour : List.of("red", "black")) {
                JavaKernels.run(original, colour, new int[] {groups, 1, 1}, new int[] {local, 1, 1}, new KernelContext(), javaU, f, n, h2);
                twin.run(colour, groups, local, null, twinU, f, n, h2);
            }
        }
        assertFalse(Arrays.equals(u, javaU), "the kernels changed nothing: the comparison would prove nothing");
        ArrayAssert.assertSameArray("u after 5 iterations", javaU, twinU, 0);
    }

    @Test
    void compoundAssignmentsAndStepsComputeWhatJavaComputes() throws ReflectiveOperationException {
        Class<?> original = Class.forName("twin.TwinEdgeKernels", true, loader);
        TwinRunner twin = new TwinRunner(Class.forName("twin.TwinEdgeKernelsTornadoVM", true, loader));
        Random random = new Random(7);
        int n = 40;
        int[] ints = Inputs.anyInts(random, n);
        long[] longs = Inputs.anyLongs(random, n);
        float[] floats = Inputs.specialFloats(random, n);
        double[] doubles = Inputs.specialDoubles(random, n);
        Object[] javaArgs = {new KernelContext(), ints.clone(), longs.clone(), floats.clone(), doubles.clone(), n - 3};
        Object[] twinArgs = {null, ints.clone(), longs.clone(), floats.clone(), doubles.clone(), n - 3};
        JavaKernels.run(original, "compound", new int[] {2, 1, 1}, new int[] {32, 1, 1}, javaArgs);
        twin.run("compound", 2, 32, twinArgs);
        for (int i = 1; i <= 4; i++) {
            ArrayAssert.assertSameArray("argument " + i, javaArgs[i], twinArgs[i], 0);
        }
    }

    @Test
    void contextFieldsCompareAsValues() throws ReflectiveOperationException {
        Class<?> original = Class.forName("twin.TwinEdgeKernels", true, loader);
        TwinRunner twin = new TwinRunner(Class.forName("twin.TwinEdgeKernelsTornadoVM", true, loader));
        long[] javaOut = new long[12];
        long[] twinOut = new long[12];
        JavaKernels.run(original, "indices", new int[] {3, 1, 1}, new int[] {4, 1, 1}, new KernelContext(), javaOut);
        twin.run("indices", 3, 4, null, twinOut);
        ArrayAssert.assertSameArray("out", javaOut, twinOut, 0);
        assertEquals((1L << 40) + 5, twinOut[5], "thread 5 is local 1 of group 1: its indices are equal");
    }

    @Test
    void everySampleKernelClassHasATwinThatCompilesOrTheReasonsItHasNone() throws IOException {
        Path samples = Path.of(System.getProperty("basedir", "")).toAbsolutePath().resolve(SAMPLES);
        List<Path> sources = TwinJavac.javaFiles(samples);
        Javac.Result compiled = TwinJavac.withProcessor(sources, work.resolve("samples"), "resource");
        assertTrue(compiled.success(), compiled.describe());
        Path folder = compiled.classes().resolve(TornadoTwins.RESOURCE_FOLDER);
        List<Path> twins = TwinJavac.javaFiles(folder);
        int refused = 0;
        for (Path sample : sources) {
            String text = Files.readString(sample);
            String name = sample.getFileName().toString().replace(".java", TwinGenerator.SUFFIX);
            Path twin = twins.stream().filter(t -> t.getFileName().toString().equals(name + ".java")).findFirst().orElse(null);
            Path reasons = folder.resolve("org/holdfast/tornado/compiler/samples/" + name + TornadoTwins.UNSUPPORTED_SUFFIX);
            boolean kernelClass = text.contains("@Kernel");
            boolean lacking = kernelClass && usesWhatTornadoVmLacks(text);
            assertEquals(kernelClass && !lacking, twin != null, name + " among " + twins);
            assertEquals(lacking, Files.exists(reasons), reasons + ": the reasons there is no twin");
            if (lacking) {
                refused++;
                List<String> lines = Files.readAllLines(reasons);
                assertTrue(lines.size() > 1 && lines.get(0).startsWith("# No TornadoVM twin of org.holdfast.tornado.compiler.samples."), lines.toString());
                String sampleName = sample.getFileName().toString().replace(".java", "");
                assertTrue(compiled.diagnostics().stream().anyMatch(d -> d.getKind() == Diagnostic.Kind.WARNING
                        && d.getMessage(Locale.ROOT).startsWith("no TornadoVM twin of " + sampleName + ": ")), sampleName + " is warned about");
            }
        }
        assertEquals(8, refused, "the persistent, cluster, atomic, stuck, dynamic-shared, warp-shuffle, self-flagged-line and array-selection samples"
                + " have no twin");
        Javac.Result result = TwinJavac.plain(twins, work.resolve("sample-twins"), compiled.classes(), stub);
        assertTrue(result.success(), result.describe());
        // The samples narrow in compound assignments and cast redundantly on purpose: a twin may repeat its source's warnings, never add one.
        List<String> inherited = compiled.diagnostics().stream().map(d -> d.getMessage(Locale.ROOT)).toList();
        for (Diagnostic<? extends JavaFileObject> warning : result.diagnostics()) {
            assertTrue(inherited.contains(warning.getMessage(Locale.ROOT)), "a warning of its own: " + located(warning));
        }
    }

    /** Persistent, atomic, cluster, dynamic-shared and warp-shuffling kernels have no TornadoVM form. */
    private static boolean usesWhatTornadoVmLacks(String source) {
        return source.contains("@Persistent") || source.contains("@Cluster") || source.contains(".atomic")
                || source.contains(".loadAcquire") || source.contains(".storeRelease") || source.contains(".dynamicShared")
                || source.contains(".shuffle") || source.contains("Array selections");
    }

    @Test
    void aPersistentKernelClassCompilesWithAWarningAndTheReasonsInPlaceOfItsTwin() throws IOException {
        Path persistent = Path.of(System.getProperty("basedir", "")).toAbsolutePath().resolve(SAMPLES + "/PersistentKernels.java");
        Javac.Result result = TwinJavac.withProcessor(List.of(persistent), work.resolve("persistent"), "source", stub);
        assertTrue(result.success(), result.describe());
        assertTrue(Files.exists(result.classes().resolve("org/holdfast/tornado/compiler/samples/PersistentKernels.class")));
        assertFalse(Files.exists(result.classes().resolve("org/holdfast/tornado/compiler/samples/PersistentKernelsTornadoVM.class")));
        List<String> warnings = result.diagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.WARNING)
                .map(TornadoTwinTest::located).toList();
        String reason = " is @Persistent, and TornadoVM has no co-resident (cooperative) launch";
        List<String> expected = List.of("PersistentKernels.java:19: kernel stagedSums" + reason, "PersistentKernels.java:41: kernel redBlack" + reason,
                "PersistentKernels.java:70: kernel chain" + reason, "PersistentKernels.java:89: kernel waitLong" + reason,
                "PersistentKernels.java:100: kernel fill" + reason);
        assertEquals(expected.stream().map(e -> e.replace(": kernel", ": no TornadoVM twin of PersistentKernels: kernel")).toList(), warnings);
        assertEquals("# No TornadoVM twin of org.holdfast.tornado.compiler.samples.PersistentKernels: TornadoVM cannot run what these lines name.\n"
                + String.join("\n", expected) + "\n", Files.readString(result.classes().resolve(TornadoTwins.RESOURCE_FOLDER
                        + "org/holdfast/tornado/compiler/samples/PersistentKernelsTornadoVM" + TornadoTwins.UNSUPPORTED_SUFFIX)));
    }

    @Test
    void sourceOptionCompilesTheTwinWithItsClass() throws IOException {
        Javac.Result result = TwinJavac.withProcessor(RedBlackKernelsTest.sources(), work.resolve("as-source"), "source", stub);
        assertTrue(result.success(), result.describe());
        assertTrue(Files.exists(result.classes().resolve("org/holdfast/kernels/RedBlackKernelsTornadoVM.class")));
        assertFalse(Files.exists(result.classes().resolve(TornadoTwins.RESOURCE_FOLDER)));
    }

    @Test
    void withoutTheOptionNoTwinIsWritten() throws IOException {
        Javac.Result result = TwinJavac.withProcessor(RedBlackKernelsTest.sources(), work.resolve("no-option"), null);
        assertTrue(result.success(), result.describe());
        assertFalse(Files.exists(result.classes().resolve(TornadoTwins.RESOURCE_FOLDER)));
        assertTrue(Files.exists(result.classes().resolve(KernelProcessor.RESOURCE_FOLDER + "org.holdfast.kernels.RedBlackKernels.cu")));
    }

    @Test
    void anUnknownOptionValueIsAnError() throws IOException {
        Javac.Result result = TwinJavac.withProcessor(RedBlackKernelsTest.sources(), work.resolve("bad-option"), "yes");
        assertFalse(result.success());
        assertEquals(List.of("-Aholdfast.tornadovm=yes: expected resource, source or off (default: off)"), messages(result));
    }

    @Test
    void aDeviceFunctionGivenSharedAndGlobalArraysGetsNoTwinAndAWarning() throws IOException {
        Javac.Result result = TwinJavac.withProcessor(List.of(TwinJavac.resource("/twin/MixedMemory.java")), work.resolve("mixed"), "resource");
        assertTrue(result.success(), result.describe());
        String reason = "parameter values of total receives both block-shared and global arrays,"
                + " which TornadoVM types differently (double[] and DoubleArray); give each its own device function";
        assertEquals(List.of("MixedMemory.java:25: no TornadoVM twin of MixedMemory: " + reason),
                result.diagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.WARNING).map(TornadoTwinTest::located).toList());
        Path folder = result.classes().resolve(TornadoTwins.RESOURCE_FOLDER);
        assertEquals(List.of(), TwinJavac.javaFiles(folder));
        assertEquals("# No TornadoVM twin of twin.MixedMemory: TornadoVM cannot run what these lines name.\nMixedMemory.java:25: " + reason + "\n",
                Files.readString(folder.resolve("twin/MixedMemoryTornadoVM" + TornadoTwins.UNSUPPORTED_SUFFIX)));
    }

    // ----- helpers -----

    private static String twinText(String twin) throws IOException {
        return Files.readString(kernels.classes().resolve(TornadoTwins.RESOURCE_FOLDER + twin.replace('.', '/') + ".java"));
    }

    private static List<String> messages(Javac.Result result) {
        return result.errors().stream().map(d -> d.getMessage(Locale.ROOT)).toList();
    }

    private static List<String> located(Javac.Result result) {
        return result.errors().stream().map(TornadoTwinTest::located).toList();
    }

    private static String located(Diagnostic<? extends JavaFileObject> d) {
        String file = d.getSource() == null ? "" : Path.of(d.getSource().getName()).getFileName().toString();
        return file + ":" + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT);
    }
}
