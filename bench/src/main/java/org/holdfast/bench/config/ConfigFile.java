package org.holdfast.bench.config;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.holdfast.bench.IoReason;

/**
 * Reads an experiment file: one {@code key = value} per line, {@code #} starts a comment, blank
 * lines are ignored, each key at most once. The keys are {@link Settings#keys()}.
 */
public final class ConfigFile {

    private static final String BYTE_ORDER_MARK = "\uFEFF";

    private ConfigFile() {
    }

    /**
     * Finds a config by name: an existing path as given, else a file of that name in
     * {@code configDir}.
     */
    public static Path locate(String nameOrPath, Path configDir) {
        Path given = Path.of(nameOrPath);
        if (Files.exists(given) || configDir == null) {
            return given;
        }
        Path named = configDir.resolve(nameOrPath);
        return Files.exists(named) ? named : given;
    }

    /** Applies every line of {@code file} to {@code settings}. */
    public static void apply(Path file, Settings settings) throws ConfigException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ConfigException("cannot read config file " + file + ": no such file");
        } catch (MalformedInputException e) {
            throw new ConfigException("cannot read config file " + file + ": not UTF-8 text");
        } catch (IOException e) {
            throw new ConfigException("cannot read config file " + file + ": " + IoReason.of(e));
        }
        apply(file.toString(), lines, settings);
    }

    /** Applies {@code lines}, read from {@code shown} (the name errors give), to {@code settings}. */
    static void apply(String shown, List<String> lines, Settings settings) throws ConfigException {
        for (Entry entry : entries(shown, lines, settings.keys())) {
            try {
                settings.set(entry.key(), entry.value());
            } catch (IllegalArgumentException e) {
                throw ConfigException.at(shown, entry.line(), entry.key(), e.getMessage());
            }
        }
    }

    /** One {@code key = value} line. */
    record Entry(int line, String key, String value) {
    }

    /**
     * The {@code key = value} lines of a config, each key one of {@code keys} and given once with a value. A UTF-8
     * byte-order mark that some editors put at the start is not part of the first key.
     */
    static List<Entry> entries(String shown, List<String> lines, List<String> keys) throws ConfigException {
        List<Entry> entries = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int number = 1; number <= lines.size(); number++) {
            String text = lines.get(number - 1);
            if (number == 1 && text.startsWith(BYTE_ORDER_MARK)) {
                text = text.substring(1);
            }
            String line = stripComment(text).strip();
            if (line.isEmpty()) {
                continue;
            }
            int equals = line.indexOf('=');
            if (equals < 0) {
                throw ConfigException.at(shown, number, null, "expected 'key = value', got '" + line + "'");
            }
            String key = line.substring(0, equals).strip();
            String value = line.substring(equals + 1).strip();
            if (key.isEmpty()) {
                throw ConfigException.at(shown, number, null, "expected 'key = value', the key is missing");
            }
            if (!keys.contains(key)) {
                throw ConfigException.at(shown, number, key, "unknown key (keys: " + String.join(", ", keys) + ")");
            }
            if (!seen.add(key)) {
                throw ConfigException.at(shown, number, key, "set twice");
            }
            if (value.isEmpty()) {
                throw ConfigException.at(shown, number, key, "no value");
            }
            entries.add(new Entry(number, key, value));
        }
        return entries;
    }

    private static String stripComment(String line) {
        int hash = line.indexOf('#');
        return hash < 0 ? line : line.substring(0, hash);
    }

}
