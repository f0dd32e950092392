package org.holdfast.bench.mode;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A list of modes: {@link #ALL}, the registry of every mode Holdfast has, or another list for
 * tests. The command line's modes and options, the config keys and the reports come from it.
 */
public final class Modes {

    /** Every mode, in the order runs, tables and help list them. A new mode is one line here. */
    public static final Modes ALL = new Modes(List.of(
            new CpuMode(),
            new CpuParallelMode(),
            new LaunchMode(),
            new LaunchSyncMode(),
            new GraphMode(),
            new PersistentGridMode(),
            new PersistentHostMode(),
            new PersistentDataflowMode(),
            new TornadoMode(),
            new TornadoGraphMode()));

    private final List<ModeDescriptor> modes;

    /** @throws IllegalArgumentException when two modes share a name, or two options a name but not their meaning */
    public Modes(List<ModeDescriptor> modes) {
        this.modes = List.copyOf(modes);
        Set<String> names = new HashSet<>();
        for (ModeDescriptor mode : this.modes) {
            if (!names.add(mode.name())) {
                throw new IllegalArgumentException("two modes are named " + mode.name());
            }
        }
        Map<String, ModeOption> options = new LinkedHashMap<>();
        for (ModeDescriptor mode : this.modes) {
            for (ModeOption option : mode.options()) {
                ModeOption known = options.putIfAbsent(option.name(), option);
                if (known != null && known != option) {
                    throw new IllegalArgumentException("modes declare two different options named " + option.name());
                }
            }
        }
    }

    public List<ModeDescriptor> list() {
        return modes;
    }

    public Optional<ModeDescriptor> find(String name) {
        return modes.stream().filter(m -> m.name().equals(name)).findFirst();
    }

    /** The mode named {@code name}, or an error that lists the modes. */
    public ModeDescriptor parse(String name) {
        String trimmed = name.trim();
        return find(trimmed).orElseThrow(() -> new IllegalArgumentException(
                "unknown mode '" + trimmed + "' (choose from: " + names() + ")"));
    }

    /** Every name, comma-separated, for messages and help. */
    public String names() {
        return modes.stream().map(ModeDescriptor::name).collect(Collectors.joining(", "));
    }

    /** Every option a mode declares, each once, in the order of the modes. */
    public List<ModeOption> options() {
        List<ModeOption> options = new ArrayList<>();
        for (ModeDescriptor mode : modes) {
            for (ModeOption option : mode.options()) {
                if (!options.contains(option)) {
                    options.add(option);
                }
            }
        }
        return List.copyOf(options);
    }

    /** The names of the modes that take {@code option}. */
    public List<String> taking(ModeOption option) {
        return modes.stream().filter(m -> m.options().contains(option)).map(ModeDescriptor::name).toList();
    }

    /** Every option at its default. */
    public OptionValues defaults() {
        Map<String, String> values = new LinkedHashMap<>();
        for (ModeOption option : options()) {
            values.put(option.name(), option.defaultValue());
        }
        return new OptionValues(values);
    }
}
