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

    /**
     * One set of values per combination of the values of {@code options} that take several in this
     * run (every other option as it is): what the harness measures a mode with, a row each.
     */
    public java.util.List<OptionValues> each(java.util.List<ModeOption> options) {
        java.util.List<OptionValues> combinations = java.util.List.of(this);
        for (ModeOption option : options) {
            java.util.List<String> values = option.split(get(option));
            if (values.size() < 2) {
                continue;
            }
            java.util.List<OptionValues> longer = new java.util.ArrayList<>();
            for (OptionValues prefix : combinations) {
                for (String value : values) {
                    Map<String, String> changed = new LinkedHashMap<>(prefix.byName());
                    changed.put(option.name(), value);
                    longer.add(new OptionValues(changed));
                }
            }
            combinations = longer;
        }
        return combinations;
    }

    /**
     * The sets of values to measure a mode with when only {@code taken} of its {@code options} choose
     * what runs: the others back at their defaults, then {@link #each} over {@code taken}.
     */
    public java.util.List<OptionValues> each(java.util.List<ModeOption> options, java.util.List<ModeOption> taken) {
        Map<String, String> kept = new LinkedHashMap<>(byName);
        for (ModeOption option : options) {
            if (!taken.contains(option)) {
                kept.remove(option.name());
            }
        }
        return new OptionValues(kept).each(taken);
    }

    /** These values with {@code option} set to {@code value} (checked by the option). */
    public OptionValues with(ModeOption option, String value) {
        Map<String, String> changed = new LinkedHashMap<>(byName);
        changed.put(option.name(), option.parse(value));
        return new OptionValues(changed);
    }
}
