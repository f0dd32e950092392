package org.holdfast.tornado.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.holdfast.tornado.compiler.samples.Samples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The same sources give the same bytes: compiled twice in-process, and as the build compiled them. */
class DeterminismTest {

    private static final String SAMPLES = "src/test/java/org/holdfast/tornado/compiler/samples";

    @Test
    void samplesTranslateToTheSameBytesEveryTime(@TempDir Path work) throws IOException {
        Path folder = Path.of(System.getProperty("basedir", "")).toAbsolutePath().resolve(SAMPLES);
        assumeTrue(Files.isDirectory(folder), "sample sources not found at " + folder);
        List<Path> sources;
        try (Stream<Path> files = Files.list(folder)) {
            sources = files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        Javac.Result first = Javac.compile(sources, work.resolve("first"));
        Javac.Result second = Javac.compile(sources, work.resolve("second"));
        assertTrue(first.success() && second.success(), first.describe());
        Map<String, String> one = generated(first.classes());
        assertEquals(2 * (Samples.ALL.size()), one.size(), one.keySet().toString());
        assertEquals(one, generated(second.classes()));
        for (Map.Entry<String, String> file : one.entrySet()) {
            try (var in = DeterminismTest.class.getClassLoader().getResourceAsStream(KernelProcessor.RESOURCE_FOLDER + file.getKey())) {
                assertEquals(file.getValue(), new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8), file.getKey());
            }
        }
    }

    private static Map<String, String> generated(Path classes) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> list = Files.list(classes.resolve(KernelProcessor.RESOURCE_FOLDER))) {
            for (Path p : list.toList()) {
                files.put(p.getFileName().toString(), Files.readString(p));
            }
        }
        return files;
    }
}
