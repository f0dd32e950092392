package org.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.holdfast.bench.report.ResultRow;
import org.holdfast.bench.report.SavedRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * examples/ as a user of the bundle meets it: the classes of the bundle's own examples/ compiled with
 * javac against its holdfast.jar (its kernel compiler on the processor path, nothing from this build's class
 * path), then run on the CPU through the bundle's launcher with {@code -k java:<class> --classpath}; and every
 * page the bundle's pages cite is in the bundle.
 */
class ExamplesIT {

    @TempDir
    Path temp;

    @Test
    void theExamplesCompileAgainstTheBundlesJarAndRunThroughItsLauncher() throws IOException, InterruptedException {
        Path bundle = BundleLauncher.built();
        Path jar = bundle.resolve("lib/holdfast.jar");
        assertTrue(Files.isRegularFile(jar), "the build made no bundle at " + bundle);
        Path classes = temp.resolve("build/classes");
        List<String> args = new ArrayList<>(List.of("-cp", jar.toString(), "-processorpath", jar.toString(), "-d", classes.toString()));
        try (Stream<Path> sources = Files.list(bundle.resolve("examples/src/main/java/org/example"))) {
            sources.map(Path::toString).sorted().forEach(args::add);
        }
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new)), "javac " + args);
        assertTrue(Files.isRegularFile(classes.resolve("META-INF/holdfast/kernels/org.example.RedBlackSor.cu")),
                "the kernel compiler ran from holdfast.jar");

        Path log = temp.resolve("holdfast");
        Path output = temp.resolve("results");
        Process holdfast = BundleLauncher.startSeparately(bundle.resolve("bin/holdfast"), temp, log,
                "-k", "java:org.example.RedBlackSor,java:org.example.PersistentRedBlackSor,java:org.example.ClusterRedBlackSor",
                "--classpath", classes.toString(),
                "-m", "cpu,cpu-parallel", "-n", "11,12", "-i", "10", "-r", "1", "--no-plots", "-o", output.toString());
        assertTrue(holdfast.waitFor(240, TimeUnit.SECONDS), "holdfast did not finish in 240 s");
        String err = Files.readString(BundleLauncher.err(log), StandardCharsets.UTF_8);
        assertEquals(ExitCode.OK, holdfast.exitValue(), err);
        List<ResultRow> rows = SavedRun.read(output.resolve("results.json")).rows();
        assertEquals(12, rows.size(), "3 classes x 2 modes x 2 sizes: " + rows);
        for (ResultRow row : rows) {
            assertTrue(row.kernels().startsWith("java:org.example."), row.toString());
            assertTrue(row.ok() && row.maxDiff() == 0, row.toString());
        }
    }

    /** A page of the bundle that names docs/x.md or examples/... names a file the bundle has (the measured runs, runs/, stay in the checkout). */
    @Test
    void everyPageTheBundlesPagesCiteIsInTheBundle() throws IOException {
        Path bundle = BundleLauncher.built();
        assertTrue(Files.isRegularFile(bundle.resolve("examples/pom.xml")), "the bundle carries examples/ as a Maven project");
        assertTrue(Files.isRegularFile(bundle.resolve(".complete")), "make-bundle.sh marks the bundle complete, last");
        List<Path> pages = new ArrayList<>();
        try (Stream<Path> docs = Files.list(bundle.resolve("docs"))) {
            docs.forEach(pages::add);
        }
        pages.add(bundle.resolve("examples/README.md"));
        pages.add(bundle.resolve("README.txt"));
        Pattern cited = Pattern.compile("(?<![\\w/.-])((?:docs|examples)/[\\w./-]*\\w)");
        List<String> missing = new ArrayList<>();
        for (Path page : pages) {
            Matcher m = cited.matcher(Files.readString(page, StandardCharsets.UTF_8));
            while (m.find()) {
                String path = m.group(1).replace("*", "");
                if (!Files.exists(bundle.resolve(path))) {
                    missing.add(bundle.relativize(page) + " cites " + path);
                }
            }
        }
        assertEquals(List.of(), missing);
    }
}
