package org.holdfast.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Where named experiment files live: config/ of the checkout or of the bundle. */
public final class ConfigDirectory {

    private ConfigDirectory() {
    }

    /**
     * The first of: the system property {@code holdfast.config.dir}, the variable
     * {@code HOLDFAST_CONFIG_DIR}, {@code $HOLDFAST_HOME/config}, and {@code ./config}.
     */
    public static Path find() {
        String property = System.getProperty("holdfast.config.dir");
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        String variable = System.getenv("HOLDFAST_CONFIG_DIR");
        if (variable != null && !variable.isBlank()) {
            return Path.of(variable);
        }
        String home = System.getenv("HOLDFAST_HOME");
        if (home != null && !home.isBlank()) {
            return Path.of(home, "config");
        }
        return Path.of("config");
    }

    /** For a config that is not found: the names in {@link #find()} that {@code -c} takes, in one line. */
    static String names() {
        Path folder = find();
        try (Stream<Path> files = Files.list(folder)) {
            return "the configs in " + folder + " are " + files.filter(Files::isRegularFile)
                    .map(f -> f.getFileName().toString()).filter(name -> !name.startsWith(".")).sorted()
                    .collect(Collectors.joining(", ")) + " (or give a file's path)";
        } catch (IOException | RuntimeException e) {
            return "there is no config folder at " + folder + " (give a file's path)";
        }
    }
}
