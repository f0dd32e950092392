package org.holdfast.bench.mode;

import java.util.LinkedHashMap;
import java.util.Map;

/** The value of every mode option of a run, by option name: the defaults, overridden by config and command line. */
public record OptionValues(Map<String, String> byName) {

    public OptionValues {
        byName = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byName));
    }

    /** The value of {@code option}, or its default when the run did not set it. */
    public String get(ModeOption option) {
        return byName.getOrDefault(option.name(), option.defaultValue());
    }

    /** These values with {@code option} set to {@code value} (checked by the option). */
    public OptionValues with(ModeOption option, String value) {
        Map<String, String> changed = new LinkedHashMap<>(byName);
        changed.put(option.name(), option.parse(value));
        return new OptionValues(changed);
    }
}
