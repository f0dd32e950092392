package org.holdfast.bench.config;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads an experiment file: one {@code key = value} per line, {@code #} starts a comment, blank
 * lines are ignored, each key at most once. The keys are {@link Settings#keys()}.
 */
public final class ConfigFile {

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
            throw new ConfigException("cannot read config file " + file + ": " + describe(e));
        }
        String shown = file.toString();
        Set<String> seen = new HashSet<>();
        for (int number = 1; number <= lines.size(); number++) {
            String line = stripComment(lines.get(number - 1)).strip();
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
            if (!settings.keys().contains(key)) {
                throw ConfigException.at(shown, number, key, "unknown key (keys: " + String.join(", ", settings.keys()) + ")");
            }
            if (!seen.add(key)) {
                throw ConfigException.at(shown, number, key, "set twice");
            }
            if (value.isEmpty()) {
                throw ConfigException.at(shown, number, key, "no value");
            }
            try {
                settings.set(key, value);
            } catch (IllegalArgumentException e) {
                throw ConfigException.at(shown, number, key, e.getMessage());
            }
        }
    }

    private static String stripComment(String line) {
        int hash = line.indexOf('#');
        return hash < 0 ? line : line.substring(0, hash);
    }

    private static String describe(IOException e) {
        String reason = e.getMessage();
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        return reason == null ? e.getClass().getSimpleName() : reason;
    }
}
