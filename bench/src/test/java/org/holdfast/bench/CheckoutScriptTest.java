package org.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checkout's ./holdfast script on a fake checkout: its mvnw prints Maven's module lines, counts its builds
 * and makes a fake bundle the way make-bundle.sh does (.complete last). The script must say which module the
 * build is in, rebuild a bundle that is incomplete (a jar without runtime/), build once when started twice at
 * once, and run the bundle without building when it is complete and newer than the sources.
 */
class CheckoutScriptTest {

    /** A build of three modules that makes the bundle, complete unless told otherwise; $FAKE_BUILD_SECONDS long. */
    private static final String FAKE_MVNW = """
            #!/bin/sh
            echo build >>"$(dirname "$0")/builds"
            echo "[INFO] Reactor Build Order:"
            echo "[INFO] Building Holdfast kernel API 0.1.0                              [1/3]"
            sleep "${FAKE_BUILD_SECONDS:-0}"
            echo "[INFO] Building Holdfast kernel compiler 0.1.0                         [2/3]"
            [ -z "${FAKE_BUILD_FAILS-}" ] || { echo "[ERROR] COMPILATION ERROR"; exit 1; }
            echo "[INFO] Building Holdfast bench 0.1.0                                   [3/3]"
            b=$(dirname "$0")/bench/target/holdfast
            rm -rf "$b"; mkdir -p "$b/lib" "$b/bin" "$b/runtime/bin"
            : >"$b/lib/holdfast.jar"; : >"$b/runtime/bin/java"; chmod 755 "$b/runtime/bin/java"
            printf '#!/bin/sh\\necho "ran $*"\\n' >"$b/bin/holdfast"; chmod 755 "$b/bin/holdfast"
            date >"$b/.complete"
            echo "[INFO] BUILD SUCCESS"
            """;

    @TempDir
    Path checkout;

    @BeforeEach
    void fakeCheckout() throws IOException {
        Path script = checkout.resolve("holdfast");
        Files.copy(root().resolve("holdfast"), script, StandardCopyOption.COPY_ATTRIBUTES);
        Path mvnw = checkout.resolve("mvnw");
        Files.writeString(mvnw, FAKE_MVNW);
        Files.setPosixFilePermissions(mvnw, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createDirectories(checkout.resolve("config"));
        Files.writeString(checkout.resolve("pom.xml"), "<project/>");
    }

    private static Path root() {
        Path here = Path.of("").toAbsolutePath();
        return Files.isRegularFile(here.resolve("holdfast")) ? here : here.getParent();
    }

    private record Ran(int status, String out, String err) {
    }

    private Process start(String name, String... environment) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(checkout.resolve("holdfast").toString(), "--version")
                .redirectOutput(checkout.resolve(name + ".out").toFile()).redirectError(checkout.resolve(name + ".err").toFile());
        for (int i = 0; i < environment.length; i += 2) {
            builder.environment().put(environment[i], environment[i + 1]);
        }
        return builder.start();
    }

    private Ran finish(Process process, String name) throws IOException, InterruptedException {
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "./holdfast did not finish in 30 s");
        return new Ran(process.exitValue(), Files.readString(checkout.resolve(name + ".out"), StandardCharsets.UTF_8),
                Files.readString(checkout.resolve(name + ".err"), StandardCharsets.UTF_8));
    }

    private Ran run(String... environment) throws IOException, InterruptedException {
        return finish(start("run", environment), "run");
    }

    private int builds() throws IOException {
        Path builds = checkout.resolve("builds");
        return Files.exists(builds) ? Files.readAllLines(builds).size() : 0;
    }

    @Test
    void theFirstRunBuildsSayingWhichModuleThenRunsTheBundle() throws IOException, InterruptedException {
        Ran ran = run("FAKE_BUILD_SECONDS", "2");
        assertEquals(0, ran.status(), ran.err());
        assertEquals("ran --version\n", ran.out());
        assertTrue(ran.err().matches("(?s).*holdfast: \\[1/3\\] Holdfast kernel API \\(\\d+ s so far\\)\n.*"), ran.err());
        assertTrue(ran.err().contains("holdfast: [3/3] Holdfast bench ("), ran.err());
        assertFalse(ran.err().contains("left"), "no estimate of what is left before one build was timed: " + ran.err());
        assertEquals(1, builds());

        Ran again = run();
        assertEquals("ran --version\n", again.out());
        assertEquals("", again.err(), "a complete bundle newer than the sources runs without a build");
        assertEquals(1, builds());

        Files.writeString(checkout.resolve("pom.xml"), "<project><!-- changed --></project>");
        Files.setLastModifiedTime(checkout.resolve("pom.xml"),
                java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 5000));
        Ran changed = run();
        assertEquals(2, builds(), changed.err());
        assertTrue(changed.err().contains("the last build here took"), changed.err());
        assertTrue(changed.err().matches("(?s).*\\[1/3\\] Holdfast kernel API \\(\\d+ s so far, about [1-9]\\d* s left\\).*"),
                "the last build's times give what is left: " + changed.err());
    }

    @Test
    void aBundleWithAJarButNoRuntimeIsRebuiltNotRun() throws IOException, InterruptedException {
        Path bundle = checkout.resolve("bench/target/holdfast");
        Files.createDirectories(bundle.resolve("lib"));
        Files.createDirectories(bundle.resolve("bin"));
        Files.writeString(bundle.resolve("lib/holdfast.jar"), "");
        Files.writeString(bundle.resolve("bin/holdfast"), "#!/bin/sh\nexec \"$(dirname \"$0\")/../runtime/bin/java\"\n");
        Files.setPosixFilePermissions(bundle.resolve("bin/holdfast"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Ran ran = run();
        assertEquals(0, ran.status(), ran.err());
        assertEquals("ran --version\n", ran.out());
        assertEquals(1, builds());
    }

    @Test
    void twoRunsAtOnceBuildOnceTheSecondWaitingForTheFirst() throws IOException, InterruptedException {
        Process first = start("first", "FAKE_BUILD_SECONDS", "3");
        awaitLockTakenBy(first);
        Process second = start("second", "FAKE_BUILD_SECONDS", "3");
        Ran one = finish(first, "first");
        Ran two = finish(second, "second");
        assertEquals(List.of(0, 0), List.of(one.status(), two.status()), one.err() + two.err());
        assertEquals("ran --version\n", one.out());
        assertEquals("ran --version\n", two.out());
        assertEquals(1, builds(), "one build for two runs: " + one.err() + two.err());
        assertTrue(two.err().contains("holdfast: another ./holdfast (pid "), two.err());
        assertTrue(two.err().contains(") is building this checkout; waiting for it to finish ..."), two.err());
        assertFalse(Files.exists(checkout.resolve(".holdfast-build.lock")), "the lock is gone after the build");
    }

    /**
     * Waits until {@code process} holds the build lock, so that the second run is the one that waits
     * whatever the machine's load (a fixed sleep lost that race on a busy 2-core machine).
     */
    private void awaitLockTakenBy(Process process) throws IOException, InterruptedException {
        Path pid = checkout.resolve(".holdfast-build.lock/pid");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!(Files.exists(pid) && Files.readString(pid).strip().equals(Long.toString(process.pid())))) {
            assertTrue(process.isAlive() && System.nanoTime() < deadline, "the first ./holdfast never took the build lock");
            Thread.sleep(20);
        }
    }

    @Test
    void aLockLeftByAProcessThatIsGoneIsTakenOver() throws IOException, InterruptedException {
        Path lock = Files.createDirectories(checkout.resolve(".holdfast-build.lock"));
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Files.writeString(lock.resolve("pid"), gone.pid() + "\n");
        Ran ran = run();
        assertEquals(0, ran.status(), ran.err());
        assertFalse(ran.err().contains("waiting"), ran.err());
        assertEquals(1, builds());
    }

    @Test
    void aLockThatNeverGotItsPidIsTakenOverOnceItIsAMinuteOld() throws IOException, InterruptedException {
        Path lock = Files.createDirectories(checkout.resolve(".holdfast-build.lock"));
        Files.setLastModifiedTime(lock, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 120_000));
        Ran ran = run();
        assertEquals(0, ran.status(), ran.err());
        assertEquals(1, builds());
        assertFalse(Files.exists(lock), "the lock is gone after the build");
    }

    @Test
    void aFailedBuildShowsTheLogsEndAndLeavesNoBundleToRun() throws IOException, InterruptedException {
        Ran ran = run("FAKE_BUILD_FAILS", "yes");
        assertEquals(1, ran.status(), ran.err());
        assertTrue(ran.err().contains("[ERROR] COMPILATION ERROR"), ran.err());
        assertTrue(ran.err().contains("holdfast: the build failed (the last lines are above; all of it in "), ran.err());
        assertEquals("", ran.out());
        assertFalse(Files.exists(checkout.resolve(".holdfast-build.lock")), "the lock is gone after a failed build");
    }
}
