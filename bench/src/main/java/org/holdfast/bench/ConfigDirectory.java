package org.holdfast.bench;

import java.nio.file.Path;

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
}
