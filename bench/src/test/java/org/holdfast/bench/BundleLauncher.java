package org.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Starts a bundle's launcher as a user's shell would: a real process, with no JAVA_HOME, no
 * Holdfast variables and only {@code path} on the PATH.
 */
final class BundleLauncher {

    private BundleLauncher() {
    }

    /** The bundle the build made. */
    static Path built() {
        return Path.of(System.getProperty("holdfast.bundle.dir", "target/holdfast"));
    }

    /**
     * Starts {@code launcher} in {@code workingDirectory}; stdout and stderr go to {@code log}, or to
     * the process's input stream (together) when {@code log} is null.
     */
    static Process start(Path launcher, Path path, Path workingDirectory, Path log, String... args) throws IOException {
        if (!Files.isSymbolicLink(launcher)) {
            assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(launcher)));
        }
        ProcessBuilder builder = new ProcessBuilder(Stream.concat(Stream.of(launcher.toString()), Stream.of(args)).toList())
                .directory(workingDirectory.toFile())
                .redirectErrorStream(true);
        Map<String, String> environment = builder.environment();
        environment.remove("JAVA_HOME");
        environment.remove("HOLDFAST_CONFIG_DIR");
        environment.remove("HOLDFAST_HOME");
        environment.put("PATH", path.toString());
        if (log != null) {
            builder.redirectOutput(log.toFile());
        }
        return builder.start();
    }

    /**
     * Starts {@code launcher} with stdout and stderr in separate files, {@code log.out} and {@code log.err}.
     */
    static Process startSeparately(Path launcher, Path workingDirectory, Path log, String... args) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(Stream.concat(Stream.of(launcher.toString()), Stream.of(args)).toList())
                .directory(workingDirectory.toFile())
                .redirectOutput(out(log).toFile())
                .redirectError(err(log).toFile());
        builder.environment().remove("HOLDFAST_HOME");
        builder.environment().remove("HOLDFAST_CONFIG_DIR");
        return builder.start();
    }

    static Path out(Path log) {
        return log.resolveSibling(log.getFileName() + ".out");
    }

    static Path err(Path log) {
        return log.resolveSibling(log.getFileName() + ".err");
    }
}
