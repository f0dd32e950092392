package org.holdfast.bench.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The built-in defaults: {@code config/default} itself, which the build packs into the jar beside
 * this class. There is one set of defaults: what an empty config file or an unset key falls back on
 * is what {@code ./holdfast} with no options runs, and the help quotes the same values.
 */
public final class BuiltInDefaults {

    /** What errors and the help call the defaults. */
    static final String SHOWN = "config/default (built in)";

    private static final List<ConfigFile.Entry> ENTRIES = load();

    private BuiltInDefaults() {
    }

    /** The default of {@code key} as config/default spells it, e.g. {@code "11, 101, 1001"}; null when it sets none. */
    public static String text(String key) {
        return ENTRIES.stream().filter(e -> e.key().equals(key)).map(ConfigFile.Entry::value).findFirst().orElse(null);
    }

    /** Sets every key that config/default sets. */
    static void applyTo(Settings settings) {
        for (ConfigFile.Entry entry : ENTRIES) {
            settings.set(entry.key(), entry.value());
        }
    }

    private static List<ConfigFile.Entry> load() {
        try (InputStream in = BuiltInDefaults.class.getResourceAsStream("default")) {
            if (in == null) {
                throw new IllegalStateException(SHOWN + " is missing from the class path: build with ./mvnw");
            }
            // config/default names only the keys every experiment has: the mode options keep their own defaults.
            return ConfigFile.entries(SHOWN, new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList(),
                    Settings.EXPERIMENT_KEYS);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + SHOWN, e);
        } catch (ConfigException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
