package org.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.LinkOption;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bundle as a user on a compute node meets it: copied somewhere else, started with no
 * JAVA_HOME and no java on the PATH.
 */
class BundleIT {

    private static final long LIMIT_BYTES = 64L * 1024 * 1024;

    @TempDir
    static Path temp;
    private static Path bundle;

    @BeforeAll
    static void copyTheBundle() throws IOException {
        Path built = BundleLauncher.built();
        assertTrue(Files.isDirectory(built), "the build made no bundle at " + built);
        bundle = temp.resolve("elsewhere/holdfast");
        try (Stream<Path> files = Files.walk(built)) {
            for (Path file : files.toList()) {
                Path target = bundle.resolve(built.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target, StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
                }
            }
        }
    }

    /** What travels is the tarball beside the bundle (make-bundle.sh): the limit is on it, not on the unpacked folder. */
    @Test
    void isAtMost64MiB() throws IOException {
        Path built = BundleLauncher.built();
        try (Stream<Path> tarballs = Files.list(built.getParent())) {
            Path tarball = tarballs.filter(f -> f.getFileName().toString().endsWith(".tar.gz")).findFirst()
                    .orElseThrow(() -> new AssertionError("no tarball beside " + built));
            assertTrue(Files.size(tarball) <= LIMIT_BYTES, tarball + " holds " + Files.size(tarball) + " bytes");
        }
    }

    @Test
    void runsWithoutJavaHomeAndWithoutJavaOnThePath() throws Exception {
        Path noJava = Files.createDirectories(temp.resolve("empty-bin"));
        Path output = temp.resolve("out");
        Process version = start(noJava, output.getParent(), "--version");
        String versionLine = succeeds(version);
        assertTrue(versionLine.startsWith("holdfast 0."), versionLine);

        Process run = start(noJava, temp, "-m", "cpu,cpu-parallel", "-n", "5,11", "-i", "4", "-r", "1", "-o", output.toString());
        String printed = succeeds(run);
        assertTrue(printed.contains("| cpu-parallel | java    | 11 "), printed);
        assertTrue(Files.exists(output.resolve("results.csv")));
    }

    @Test
    void findsItsConfigFolder() throws Exception {
        Path noJava = Files.createDirectories(temp.resolve("empty-bin-2"));
        Process run = start(noJava, temp, "-c", "smoke", "-m", "cpu", "-o", temp.resolve("smoke").toString());
        String printed = succeeds(run);
        assertTrue(printed.contains("| cpu "), printed);
    }

    @Test
    void anInterruptedSweepKeepsTheRowsItMeasured() throws Exception {
        Path noJava = Files.createDirectories(temp.resolve("empty-bin-3"));
        Path output = temp.resolve("interrupted");
        Path log = temp.resolve("interrupted.log");
        Process run = start(noJava, temp, log, "-m", "cpu", "-n", "11,12,13,14,15,16,17,18,19,20,400,401,402,403", "-i",
                "3000", "-r", "3", "-o", output.toString());
        Path csv = output.resolve("results.csv");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (rows(csv) < 3 && System.nanoTime() < deadline && run.isAlive()) {
            Thread.sleep(50);
        }
        assertTrue(run.isAlive(), "the sweep ended before it could be interrupted: " + Files.readString(log));
        // Ctrl-C (SIGINT) and SIGTERM both end the JVM through its shutdown hooks, which keep the rows.
        // SIGTERM here: a JVM that Maven started may ignore SIGINT, and its children inherit that.
        new ProcessBuilder("kill", "-TERM", Long.toString(run.pid())).start().waitFor();
        assertTrue(run.waitFor(60, TimeUnit.SECONDS), "the sweep did not stop after SIGTERM");
        String printed = Files.readString(log);
        assertEquals(143, run.exitValue(), "exit status after SIGTERM: " + printed);
        int kept = rows(csv) - 1;
        assertTrue(kept >= 2, "rows kept: " + kept);
        assertTrue(printed.endsWith("holdfast: interrupted; the " + kept + " rows measured so far are in " + output
                + ": results.csv, results.json\n"), printed);
        assertEquals(kept, printed.lines().filter(l -> l.startsWith("| cpu ")).count(), "the table of the rows so far: " + printed);
        SavedRunStatus saved = SavedRunStatus.read(output);
        assertEquals("interrupted", saved.status());
        assertEquals(kept, saved.rows());
    }

    @Test
    void startsThroughChainsOfSymbolicLinks() throws Exception {
        Path links = Files.createDirectories(temp.resolve("links/bin"));
        Path direct = Files.createSymbolicLink(links.resolve("holdfast"), bundle.resolve("bin/holdfast"));
        Path relative = Files.createSymbolicLink(temp.resolve("links/hf"), Path.of("bin/holdfast")); // a link to a link
        Path jmh = Files.createSymbolicLink(links.resolve("benchmarks"), bundle.resolve("bin/holdfast-jmh"));
        // A user's PATH: the tools that read links, and maybe an older java, which the launcher must not use.
        Path usersPath = Path.of("/usr/bin");
        for (Path link : new Path[] {direct, relative}) {
            Process version = BundleLauncher.start(link, usersPath, temp, null, "--version");
            String line = succeeds(version);
            assertTrue(line.startsWith("holdfast 0.") && line.contains("(Java 25"), line);
        }
        // Found on the PATH by its bare name, as "ln -s .../bin/holdfast ~/bin/holdfast; holdfast" does.
        ProcessBuilder fromPath = new ProcessBuilder("/bin/sh", "-c", "holdfast --version").directory(temp.toFile())
                .redirectErrorStream(true);
        fromPath.environment().put("PATH", links + ":/usr/bin:/bin");
        fromPath.environment().remove("JAVA_HOME");
        Process found = fromPath.start();
        String foundLine = succeeds(found);
        assertTrue(foundLine.startsWith("holdfast 0."), foundLine);

        Process list = BundleLauncher.start(jmh, usersPath, temp, null, "-l");
        String benchmarks = succeeds(list);
        assertTrue(benchmarks.contains("org.holdfast.bench.jmh.SolverBenchmark"), benchmarks);
    }

    @Test
    void jmhRunsWithoutUnsafeWarningsAndPassesNativeAccessOnce() throws Exception {
        Path noJava = Files.createDirectories(temp.resolve("empty-bin-5"));
        Process run = BundleLauncher.start(bundle.resolve("bin/holdfast-jmh"), noJava, temp, null, "SolverBenchmark",
                "-p", "mode=cpu", "-p", "n=11", "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms", "-foe", "true");
        String printed = succeeds(run);
        assertFalse(printed.contains("sun.misc.Unsafe"), printed);
        String vmOptions = printed.lines().filter(l -> l.startsWith("# VM options:")).findFirst().orElseThrow();
        assertEquals(1, vmOptions.split("--enable-native-access", -1).length - 1, vmOptions);
        assertTrue(printed.contains("SolverBenchmark.iterations"), printed);
    }

    @Test
    void theBenchmarksJarOnAnOlderJavaSaysWhichJavaItNeeds() throws Exception {
        Path oldJava = OlderJava.find();
        Process run = new ProcessBuilder(oldJava.toString(), "-jar", bundle.resolve("lib/holdfast.jar").toString(), "-l")
                .redirectErrorStream(true).start();
        String printed = read(run);
        assertEquals(1, run.waitFor(), printed);
        assertTrue(printed.startsWith("holdfast-benchmarks.jar needs Java 25 or newer, but this is Java "), printed);
        assertTrue(printed.contains("run the bundle's bin/holdfast-jmh"), printed);
        assertEquals(1, printed.lines().count(), printed);
    }

    private static int rows(Path csv) throws IOException {
        return Files.exists(csv) ? Files.readAllLines(csv).size() : 0;
    }

    private static Process start(Path path, Path workingDirectory, String... args) throws IOException {
        return start(path, workingDirectory, null, args);
    }

    /** Starts the bundle's launcher; its output goes to {@code log}, or to a pipe when that is null. */
    private static Process start(Path path, Path workingDirectory, Path log, String... args) throws IOException {
        return BundleLauncher.start(bundle.resolve("bin/holdfast"), path, workingDirectory, log, args);
    }

    /** What the process printed, once it has ended with status 0. */
    private static String succeeds(Process process) throws Exception {
        String printed = read(process);
        assertEquals(0, process.waitFor(), printed);
        return printed;
    }

    private static String read(Process process) throws Exception {
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the bundle did not finish within 120 s");
        }
        return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
}
