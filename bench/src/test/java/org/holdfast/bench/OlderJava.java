package org.holdfast.bench;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/** A Java runtime older than 25 on this machine, for tests of what an older Java is told; skips without one. */
final class OlderJava {

    private OlderJava() {
    }

    /** The {@code java} of the first JDK under /usr/lib/jvm whose release file says it is older than 25. */
    static Path find() throws IOException {
        Optional<Path> found = Optional.empty();
        Path jvms = Path.of("/usr/lib/jvm");
        if (Files.isDirectory(jvms)) {
            try (Stream<Path> homes = Files.list(jvms)) {
                found = homes.filter(home -> Files.isExecutable(home.resolve("bin/java")) && feature(home) < 25)
                        .map(home -> home.resolve("bin/java")).findFirst();
            }
        }
        assumeTrue(found.isPresent(), "no Java older than 25 under /usr/lib/jvm");
        return found.get();
    }

    /** The feature release a JDK's release file names (JAVA_VERSION="17.0.15"), or 0 when unknown. */
    private static int feature(Path home) {
        try {
            for (String line : Files.readAllLines(home.resolve("release"))) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String version = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                    String major = version.startsWith("1.") ? version.substring(2) : version;
                    return Integer.parseInt(major.split("[.+-]")[0]);
                }
            }
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }
}
