package org.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.holdfast.bench.report.ResultRow;
import org.holdfast.bench.report.SavedRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * examples/ as a Maven user meets it: the folder copied outside the checkout, built by {@code mvnw package}
 * against the artifacts {@code ./mvnw install} would put in the local repository (staged by invoker:install in
 * target/it-repo, so the test reads nothing of Holdfast's from ~/.m2), then its target/classes run through the
 * bundle's launcher with {@code --classpath target/classes -k java:<class>}, as the README says.
 */
class UserProjectIT {

    @TempDir
    Path temp;

    @Test
    void theExampleProjectBuildsWithMavenOutsideTheCheckoutAndRunsThroughTheBundle() throws IOException, InterruptedException {
        Path project = temp.resolve("my-kernels");
        Path examples = UserKernelsTest.exampleProject();
        copy(examples, project);
        Path root = examples.getParent();
        List<String> maven = List.of(root.resolve("mvnw").toString(), "-B", "-q", "package",
                "-Dmaven.repo.local=" + System.getProperty("holdfast.it.repository"),
                // Maven's plugins come from the build's own local repository, read-only; Holdfast's from the staging one.
                "-Dmaven.repo.local.tail=" + System.getProperty("holdfast.it.tail"));
        Path mavenLog = temp.resolve("mvn.log");
        Process build = new ProcessBuilder(maven).directory(project.toFile()).redirectErrorStream(true)
                .redirectOutput(mavenLog.toFile()).start();
        assertTrue(build.waitFor(300, TimeUnit.SECONDS), "mvnw package did not finish in 300 s");
        assertEquals(0, build.exitValue(), String.join(" ", maven) + "\n" + Files.readString(mavenLog, StandardCharsets.UTF_8));
        Path classes = project.resolve("target/classes");
        assertTrue(Files.isRegularFile(classes.resolve("org/example/RedBlackSor.class")), "javac ran");
        assertTrue(Files.isRegularFile(classes.resolve("META-INF/holdfast/kernels/org.example.RedBlackSor.cu")),
                "the kernel compiler ran from annotationProcessorPaths");
        assertTrue(Files.isRegularFile(classes.resolve("META-INF/holdfast/kernels/org.example.PersistentRedBlackSor.cu")));
        assertTrue(Files.isRegularFile(classes.resolve("META-INF/holdfast/kernels/org.example.ClusterRedBlackSor.cu")));

        Path log = temp.resolve("holdfast");
        Path output = temp.resolve("results");
        Process holdfast = BundleLauncher.startSeparately(BundleLauncher.built().toAbsolutePath().resolve("bin/holdfast"), project,
                log, "--classpath", "target/classes", "-k",
                "java:org.example.RedBlackSor,java:org.example.PersistentRedBlackSor,java:org.example.ClusterRedBlackSor",
                "-m", "cpu", "-n", "11", "-i", "10", "-r", "1", "--no-plots", "-o", output.toString());
        assertTrue(holdfast.waitFor(240, TimeUnit.SECONDS), "holdfast did not finish in 240 s");
        assertEquals(ExitCode.OK, holdfast.exitValue(), Files.readString(BundleLauncher.err(log), StandardCharsets.UTF_8));
        List<ResultRow> rows = SavedRun.read(output.resolve("results.json")).rows();
        assertEquals(List.of("java:org.example.RedBlackSor", "java:org.example.PersistentRedBlackSor", "java:org.example.ClusterRedBlackSor"),
                rows.stream().map(ResultRow::kernels).toList());
        for (ResultRow row : rows) {
            assertTrue(row.ok() && row.maxDiff() == 0, row.toString());
        }
    }

    /** examples/ as a user copies it: its pom.xml and sources, nothing a build of it left there. */
    private static void copy(Path examples, Path target) throws IOException {
        try (Stream<Path> files = Files.walk(examples)) {
            files.filter(p -> !examples.relativize(p).startsWith("target")).forEach(p -> {
                try {
                    Files.copy(p, target.resolve(examples.relativize(p).toString()));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
