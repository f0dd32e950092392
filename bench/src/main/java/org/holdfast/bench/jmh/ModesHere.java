package org.holdfast.bench.jmh;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.holdfast.bench.mode.Machine;
import org.holdfast.bench.mode.ModeDescriptor;
import org.holdfast.bench.mode.Modes;

/**
 * Before JMH starts: whether the modes that {@code -p mode=...} names can run on this machine. JMH
 * itself would fork a JVM per mode, print the set-up's stack trace for each that cannot and still
 * exit 0; holdfast-jmh says why in one line instead and exits 3, as {@code holdfast} does.
 */
public final class ModesHere {

    /** The exit status of a mode that cannot run here ({@code ExitCode.UNAVAILABLE}). */
    public static final int UNAVAILABLE = 3;

    private ModesHere() {
    }

    /**
     * Why the modes named in JMH's arguments cannot run here, as one line, or null when they can (or
     * none is named, or a name is not a mode's: JMH says so itself).
     */
    public static String refusal(String[] args) {
        List<ModeDescriptor> named = new ArrayList<>();
        for (String value : modeValues(args)) {
            for (String name : value.split(",")) {
                Modes.ALL.list().stream().filter(m -> m.name().equals(name.strip())).findFirst().ifPresent(named::add);
            }
        }
        if (named.isEmpty()) {
            return null;
        }
        List<String> reasons = new ArrayList<>();
        try (Machine machine = Machine.open(named.stream().anyMatch(m -> m.paradigm().needsGpu()))) {
            for (ModeDescriptor mode : named) {
                Optional<String> reason = mode.unavailableOn(machine, mode.kernelSources().get(0));
                reason.ifPresent(r -> reasons.add(mode.name() + ": " + r));
            }
        }
        return reasons.isEmpty() ? null
                : "holdfast-jmh: cannot run here: " + String.join("; ", reasons) + " (leave it out of -p mode=...)";
    }

    /** The values of {@code -p mode=...}, given as {@code -p mode=a,b} or {@code -pmode=a,b}. */
    private static List<String> modeValues(String[] args) {
        List<String> values = new ArrayList<>();
        for (int index = 0; index < args.length; index++) {
            String parameter = args[index].equals("-p") && index + 1 < args.length ? args[++index]
                    : args[index].startsWith("-p") ? args[index].substring(2) : "";
            if (parameter.startsWith("mode=")) {
                values.add(parameter.substring("mode=".length()));
            }
        }
        return values;
    }
}
