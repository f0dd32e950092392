package org.holdfast.tornado.compiler;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * javac for the TornadoVM twin tests: kernel classes with the processor and a twin option, twins
 * against the stub of TornadoVM's API kept in the test resources ({@code tornadovm-stub/}).
 */
final class TwinJavac {

    private TwinJavac() {
    }

    /** Compiles kernel sources with the processor, {@code -Aholdfast.tornadovm=option} (none when null), and more class path. */
    static Javac.Result withProcessor(List<Path> sources, Path classes, String option, Path... classPath) throws IOException {
        List<String> options = new ArrayList<>(List.of("--release", "25", "-d", classes.toString(), "-implicit:none",
                "-Xlint:all,-processing", "-classpath", classPath(Javac.apiClassPath(), classPath),
                "-s", classes.resolveSibling(classes.getFileName() + "-sources").toString()));
        if (option != null) {
            options.add("-A" + TornadoTwins.OPTION + "=" + option);
        }
        return run(sources, options, true);
    }

    /** Compiles sources without processors against a class path. */
    static Javac.Result plain(List<Path> sources, Path classes, Path... classPath) throws IOException {
        return run(sources, List.of("--release", "25", "-d", classes.toString(), "-proc:none", "-Xlint:all",
                "-classpath", classPath(Javac.apiClassPath(), classPath)), false);
    }

    /** The stub of TornadoVM's API, compiled into {@code classes}. */
    static Path stub(Path classes) throws IOException {
        Javac.Result result = plain(javaFiles(resource("/tornadovm-stub")), classes);
        assertTrue(result.success(), result.describe());
        return classes;
    }

    /** A folder or file of the test resources. */
    static Path resource(String name) {
        try {
            return Path.of(TwinJavac.class.getResource(name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("test resource " + name + " not found", e);
        }
    }

    /** Every .java file under a folder, sorted. */
    static List<Path> javaFiles(Path folder) throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    private static Javac.Result run(List<Path> sources, List<String> options, boolean processor) throws IOException {
        Path classes = Path.of(options.get(options.indexOf("-d") + 1));
        Files.createDirectories(classes);
        int s = options.indexOf("-s");
        if (s >= 0) {
            Files.createDirectories(Path.of(options.get(s + 1)));
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            JavaCompiler.CompilationTask task = javac.getTask(null, files, diagnostics, options, null, files.getJavaFileObjectsFromPaths(sources));
            if (processor) {
                task.setProcessors(List.of(new KernelProcessor()));
            }
            boolean ok = task.call();
            return new Javac.Result(ok, diagnostics.getDiagnostics(), classes);
        }
    }

    private static String classPath(String first, Path... more) {
        StringBuilder path = new StringBuilder(first);
        for (Path p : more) {
            path.append(File.pathSeparator).append(p);
        }
        return path.toString();
    }
}
