package org.holdfast.bench.config;

/** A config file that cannot be used; the message names the file, the line and the key. */
public final class ConfigException extends Exception {

    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message);
    }

    /** An error at {@code line} of {@code file}, about {@code key} (null when the line has no key). */
    public static ConfigException at(String file, int line, String key, String problem) {
        return new ConfigException(file + ":" + line + ": " + (key == null ? "" : key + ": ") + problem);
    }
}
