package org.holdfast.tornado.compiler;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.holdfast.tornado.api.Kernel;

/** javac in-process with the kernel compiler, on sources from files, against the kernel API. */
final class Javac {

    /** What one compilation produced. */
    record Result(boolean success, List<Diagnostic<? extends JavaFileObject>> diagnostics, Path classes) {

        List<Diagnostic<? extends JavaFileObject>> errors() {
            return diagnostics.stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR).toList();
        }

        /** A generated resource of class {@code binaryName}: extension "cu" or "properties". */
        String generated(String binaryName, String extension) throws IOException {
            return Files.readString(classes.resolve(KernelProcessor.RESOURCE_FOLDER + binaryName + "." + extension));
        }

        String describe() {
            StringBuilder out = new StringBuilder();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics) {
                out.append(d.getKind()).append(' ').append(d.getSource() == null ? "" : d.getSource().getName()).append(':')
                        .append(d.getLineNumber()).append(": ").append(d.getMessage(Locale.ROOT)).append('\n');
            }
            return out.toString();
        }
    }

    private Javac() {
    }

    /** Compiles {@code sources} into {@code classes} with the KernelProcessor. */
    static Result compile(List<Path> sources, Path classes) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Files.createDirectories(classes);
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            List<String> options = List.of("--release", "25", "-d", classes.toString(), "-classpath", apiClassPath(),
                    "-implicit:none", "-Xlint:all,-processing");
            JavaCompiler.CompilationTask task = javac.getTask(null, files, diagnostics, options, null,
                    files.getJavaFileObjectsFromPaths(sources));
            task.setProcessors(List.of(new KernelProcessor()));
            boolean ok = task.call();
            return new Result(ok, diagnostics.getDiagnostics(), classes);
        }
    }

    /** Where the kernel API's classes are (its jar, or its classes folder in a reactor build). */
    static String apiClassPath() {
        try {
            return Path.of(Kernel.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
