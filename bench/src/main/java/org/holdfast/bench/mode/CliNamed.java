package org.holdfast.bench.mode;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** An enum whose constants are spelled on the command line and in config files by a short name. */
public interface CliNamed {

    String cliName();

    /** The constant of {@code type} spelled {@code name}. */
    static <E extends Enum<E> & CliNamed> Optional<E> parse(Class<E> type, String name) {
        return Arrays.stream(type.getEnumConstants()).filter(c -> c.cliName().equals(name)).findFirst();
    }

    /** Every spelling of {@code type}, comma-separated, for messages and help. */
    static <E extends Enum<E> & CliNamed> String names(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(CliNamed::cliName).collect(Collectors.joining(", "));
    }
}
