package org.holdfast.tornado.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Calls of device functions of another class ({@link ImportedFunctions}; the working case is the
 * samples' {@code ImportingKernels}): each call the compiler cannot serve is an error at the call, with
 * what to do, and the caller's file is not written.
 */
class ImportedDeviceFunctionTest {

    private static final String HEADER = """
            package imports;

            import org.holdfast.tornado.api.DeviceFunction;
            import org.holdfast.tornado.api.Kernel;
            import org.holdfast.tornado.api.KernelContext;

            """;

    /** A class of device functions that the callers below use. */
    private static final String HELPERS = HEADER + """
            public final class Helpers {
                @DeviceFunction
                public static void fill(double[] out, double v) {
                    out[0] = v;
                }

                @DeviceFunction
                public static double scale(double x) {
                    return 2 * x;
                }

                @DeviceFunction
                public static double viaThird(double x) {
                    return Third.half(x);
                }
            }
            """;

    private static final String THIRD = HEADER + """
            public final class Third {
                @DeviceFunction
                public static double half(double x) {
                    return x / 2;
                }
            }
            """;

    @TempDir
    Path work;

    @Test
    void aFunctionTakingAnArrayIsRefused() throws IOException {
        Javac.Result result = compile(List.of(HELPERS, THIRD, caller("Helpers.fill(out, 1.0);")));
        assertRefused(result, "Caller.java:10: unsupported in a kernel: call to Helpers.fill, a device function of another class that takes"
                + " double[] out (Helpers.fill(out, 1.0)): a device function of another class takes only int, long, float, double and"
                + " boolean; declare this one in the kernel's class");
    }

    @Test
    void aFunctionNamedLikeAMethodOfTheCallerIsRefused() throws IOException {
        String caller = HEADER + """
                public final class Caller {
                    @Kernel
                    public static void k(KernelContext context, double[] out) {
                        out[0] = Helpers.scale(out[0]) + scale(out[1]);
                    }

                    @DeviceFunction
                    static double scale(double x) {
                        return x;
                    }
                }
                """;
        Javac.Result result = compile(List.of(HELPERS, THIRD, caller));
        assertRefused(result, "Caller.java:10: unsupported in a kernel: call to Helpers.scale (Helpers.scale(out[0])): it would make two"
                + " functions named scale in the generated file (imports.Caller has one too); rename one of them");
    }

    @Test
    void aFunctionThatCallsAThirdClassIsRefused() throws IOException {
        Javac.Result result = compile(List.of(HELPERS, THIRD, caller("out[0] = Helpers.viaThird(out[0]);")));
        assertRefused(result, "Caller.java:10: unsupported in a kernel: call to Helpers.viaThird (Helpers.viaThird(out[0])): it calls Third.half:"
                + " a device function that other classes call may call Math and the device functions of its own class only");
    }

    @Test
    void aFunctionWhoseSourceIsNotCompiledWithTheCallerIsRefused() throws IOException {
        Javac.Result helpers = compile(List.of(HELPERS, THIRD));
        assertTrue(helpers.success(), helpers.describe());
        Path callerSource = write(caller("out[0] = Helpers.scale(out[0]);"));
        Javac.Result result = TwinJavac.withProcessor(List.of(callerSource), work.resolve("caller-classes"), null, helpers.classes());
        assertRefused(result, "Caller.java:10: unsupported in a kernel: call to Helpers.scale (Helpers.scale(out[0])): its source is not"
                + " compiled with this class: the kernel compiler translates device functions from their source, so compile imports.Helpers"
                + " in the same javac run");
    }

    @Test
    void anErrorInTheOtherClassIsReportedThereOnce() throws IOException {
        String broken = HEADER + """
                public final class Broken {
                    @DeviceFunction
                    public static double twice(double x) {
                        return Math.ulp(x);
                    }
                }
                """;
        Javac.Result result = compile(List.of(broken, caller("out[0] = Broken.twice(out[0]);")));
        List<String> errors = errors(result);
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).startsWith("Broken.java:10: unsupported in a kernel: Math.ulp"), errors.toString());
        assertNoCallerFile(result);
    }

    // ----- helpers -----

    /** A kernel class Caller whose kernel's body (line 10) is {@code statement}. */
    private static String caller(String statement) {
        return HEADER + """
                public final class Caller {
                    @Kernel
                    public static void k(KernelContext context, double[] out) {
                        %s
                    }
                }
                """.formatted(statement);
    }

    private Javac.Result compile(List<String> sources) throws IOException {
        List<Path> files = new ArrayList<>();
        for (String source : sources) {
            files.add(write(source));
        }
        return Javac.compile(files, work.resolve("classes"));
    }

    private Path write(String source) throws IOException {
        String name = source.substring(source.indexOf("public final class ") + "public final class ".length());
        Path file = work.resolve("src").resolve(name.substring(0, name.indexOf(' ')) + ".java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, source);
        return file;
    }

    private static List<String> errors(Javac.Result result) {
        assertFalse(result.success(), "compiled without errors");
        return result.errors().stream().map(d -> Path.of(d.getSource().getName()).getFileName() + ":" + d.getLineNumber() + ": "
                + d.getMessage(Locale.ROOT)).toList();
    }

    /** The compilation failed with exactly {@code error} ("File.java:line: message"), and wrote no CUDA C for the caller. */
    private static void assertRefused(Javac.Result result, String error) {
        assertEquals(List.of(error), errors(result));
        assertNoCallerFile(result);
    }

    private static void assertNoCallerFile(Javac.Result result) {
        assertFalse(Files.exists(result.classes().resolve(KernelProcessor.RESOURCE_FOLDER + "imports.Caller.cu")));
    }
}
