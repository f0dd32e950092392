package org.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checkout's {@code ./holdfast} works from any folder and through chains of symbolic links: it
 * builds the checkout it belongs to and starts that checkout's bundle with its config folder. It
 * runs here in a pretend checkout whose {@code mvnw} and bundle are scripts that say where they ran.
 */
class CheckoutLauncherTest {

    private static final Path ROOT = Path.of(System.getProperty("holdfast.config.dir", "../config")).toAbsolutePath()
            .getParent();

    @TempDir
    Path temp;
    private Path checkout;

    @BeforeEach
    void aCheckoutWithTheRealLauncher() throws IOException {
        checkout = Files.createDirectories(temp.resolve("checkout")).toRealPath();
        Files.createDirectories(checkout.resolve("bench"));
        executable(checkout.resolve("holdfast"), Files.readString(ROOT.resolve("holdfast"), StandardCharsets.UTF_8));
        // The pretend build: it notes the folder Maven would build, then leaves a bundle that says how it was started.
        executable(checkout.resolve("mvnw"), """
                #!/bin/sh
                pwd -P > built-in
                mkdir -p bench/target/holdfast/lib bench/target/holdfast/bin bench/target/holdfast/runtime/bin
                printf '#!/bin/sh\\necho "bundle with $HOLDFAST_CONFIG_DIR: $*"\\n' > bench/target/holdfast/bin/holdfast
                chmod 755 bench/target/holdfast/bin/holdfast
                touch bench/target/holdfast/lib/holdfast.jar bench/target/holdfast/runtime/bin/java
                chmod 755 bench/target/holdfast/runtime/bin/java
                touch bench/target/holdfast/.complete
                """);
    }

    @Test
    void aFirstRunFromAnotherFolderBuildsTheCheckoutItBelongsTo() throws Exception {
        Path elsewhere = Files.createDirectories(temp.resolve("elsewhere"));
        assertEquals("bundle with " + checkout.resolve("config") + ": --version", run(checkout.resolve("holdfast"), elsewhere));
        assertEquals(checkout.toString(), Files.readString(checkout.resolve("built-in")).strip());
    }

    @Test
    void itStartsThroughChainsOfSymbolicLinks() throws Exception {
        Path bin = Files.createDirectories(temp.resolve("bin"));
        Path direct = Files.createSymbolicLink(bin.resolve("holdfast"), checkout.resolve("holdfast"));
        Path elsewhere = Files.createDirectories(temp.resolve("elsewhere"));
        Path chained = Files.createSymbolicLink(elsewhere.resolve("hf"), Path.of("../bin/holdfast")); // a link to a link
        for (Path link : List.of(direct, chained)) {
            assertEquals("bundle with " + checkout.resolve("config") + ": --version", run(link, elsewhere), link.toString());
        }
    }

    /** Runs {@code launcher --version} in {@code folder}; returns its output after it succeeded. */
    private static String run(Path launcher, Path folder) throws Exception {
        Process process = new ProcessBuilder(launcher.toString(), "--version").directory(folder.toFile())
                .redirectErrorStream(true).start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the launcher did not end");
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), output);
        List<String> lines = output.lines().filter(l -> !l.startsWith("holdfast: ")).toList();
        assertEquals(1, lines.size(), output);
        return lines.get(0);
    }

    private static void executable(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
