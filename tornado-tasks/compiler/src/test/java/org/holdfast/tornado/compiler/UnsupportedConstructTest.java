package org.holdfast.tornado.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every unsupported construct gives its documented error at the right file and line. Each test
 * resource {@code errors/X.java} marks the lines where errors are expected with a trailing comment
 * {@code // error: <exact message>}; javac must report exactly those errors, and nothing is generated.
 */
class UnsupportedConstructTest {

    private static final String MARKER = "// error: ";

    static Stream<Path> sources() throws IOException, URISyntaxException {
        Path folder = Path.of(UnsupportedConstructTest.class.getResource("/errors").toURI());
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> p.toString().endsWith(".java")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sources")
    void reportsTheDocumentedErrorAtItsLine(Path source, @TempDir Path classes) throws IOException {
        List<String> expected = new ArrayList<>();
        List<String> lines = Files.readAllLines(source);
        for (int i = 0; i < lines.size(); i++) {
            int marker = lines.get(i).indexOf(MARKER);
            if (marker >= 0) {
                expected.add((i + 1) + ": " + lines.get(i).substring(marker + MARKER.length()).trim());
            }
        }
        assertFalse(expected.isEmpty(), "no '" + MARKER + "' marker in " + source);

        Javac.Result result = Javac.compile(List.of(source), classes);

        List<String> actual = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> error : result.errors()) {
            assertTrue(error.getSource() != null && error.getSource().getName().endsWith(source.getFileName().toString()),
                    "error outside " + source.getFileName() + ": " + result.describe());
            actual.add(error.getLineNumber() + ": " + error.getMessage(Locale.ROOT));
        }
        assertFalse(result.success(), "compiled without errors");
        assertEquals(String.join("\n", expected), String.join("\n", actual), "errors of " + source.getFileName());
        assertFalse(Files.exists(classes.resolve(KernelProcessor.RESOURCE_FOLDER)), "generated code despite errors");
    }
}
