package org.holdfast.bench.mode;

import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * A variant choice a mode takes, such as {@code barrier} of {@code persistent-grid}. The command
 * line gets an option {@code --<name>} and config files a key {@code <name>} for every option a
 * registered mode declares, so a new option needs nothing but its declaration.
 *
 * @param name the option's and the config key's name
 * @param description what it chooses, a few words ("grid barrier")
 * @param accepted what it accepts, asked for whenever it is needed: known at once, or, for an option whose values only
 *     the native library knows, read when first asked for ({@link #later})
 * @param defaultValue the value when none is given
 * @param several whether a run may give several values, comma-separated: the harness then measures
 *     the mode once per value, each a row of its own ({@link #withSeveralValues()})
 * @param argName what help calls its value ({@code --barrier <barrier>}, {@code --sweeps-per-launch <k>}):
 *     the option's name unless {@link #named} says otherwise
 */
public record ModeOption(String name, String description, Supplier<Accepted> accepted, String defaultValue, boolean several,
        String argName) {

    /**
     * What an option accepts.
     *
     * @param values the allowed values as help lists them ("cg, two-slot", or "a whole number from 1 to 8")
     * @param choices every allowed value, for an option that has a list of them; empty for one with a parser alone
     * @param parser checks a value and returns it as stored; throws {@link IllegalArgumentException} with a
     *     message that does not name where the value came from
     */
    public record Accepted(String values, List<String> choices, UnaryOperator<String> parser) {

        public Accepted {
            if (values == null || values.isBlank()) {
                throw new IllegalArgumentException("an option lists its values");
            }
            choices = List.copyOf(choices);
        }

        /** One of {@code choices}, refused in words that name the option {@code option}. */
        public static Accepted oneOf(String option, List<String> choices) {
            String listed = String.join(", ", choices);
            return new Accepted(listed, choices, text -> {
                String value = text.trim();
                if (!choices.contains(value)) {
                    throw new IllegalArgumentException("unknown " + option + " '" + value + "' (choose from: " + listed + ")");
                }
                return value;
            });
        }

        /** Several of these values, comma-separated, each checked by this parser and kept once, in the order given. */
        Accepted several() {
            return new Accepted(values + "; several, comma-separated, give a row each", choices,
                    text -> String.join(",", Arrays.stream(text.split(",", -1)).map(parser).distinct().toList()));
        }
    }

    public ModeOption {
        if (name == null || !name.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("an option name is lower-case words joined by '-', got '" + name + "'");
        }
        if (description == null || description.isBlank()) {
            throw new IllegalArgumentException("option " + name + " needs a description");
        }
    }

    /** An option with one value per run that accepts {@code accepted}, known now; its default is checked now too. */
    private static ModeOption known(String name, String description, Accepted accepted, String defaultValue) {
        return new ModeOption(name, description, () -> accepted, accepted.parser().apply(defaultValue), false, name);
    }

    /** An option whose value is one of {@code choices}; the first is the default unless it is named. */
    public static ModeOption choice(String name, String description, String defaultValue, String... choices) {
        return known(name, description, Accepted.oneOf(name, List.of(choices)), defaultValue);
    }

    /** An option whose values {@code parser} checks, described to the user as {@code values}. */
    public static ModeOption parsed(String name, String description, String values, String defaultValue,
            UnaryOperator<String> parser) {
        return known(name, description, new Accepted(values, List.of(), parser), defaultValue);
    }

    /**
     * An option whose name, description and default are known now, and what it accepts only when first asked for
     * ({@code accepted}: the variants of the native library, which a run that names none never loads).
     */
    public static ModeOption later(String name, String description, String defaultValue, Supplier<Accepted> accepted) {
        return new ModeOption(name, description, accepted, defaultValue, false, name);
    }

    /**
     * This option taking several values in one run, comma-separated ({@code 1,2,4}), each checked by
     * this option's parser and kept once, in the order given: the mode gets a row per value.
     */
    public ModeOption withSeveralValues() {
        Supplier<Accepted> one = accepted;
        return new ModeOption(name, description, () -> one.get().several(), defaultValue, true, argName);
    }

    /** This option with its value called {@code shortName} in help ({@code k} for a number of half-sweeps). */
    public ModeOption named(String shortName) {
        return new ModeOption(name, description, accepted, defaultValue, several, shortName);
    }

    /** The allowed values as help lists them. */
    public String values() {
        return accepted.get().values();
    }

    /** Every allowed value, for an option that has a list of them; empty for one with a parser alone. */
    public List<String> choices() {
        return accepted.get().choices();
    }

    /** What help shows after the option: {@code barrier}, or {@code k,...} for one that takes several values. */
    public String placeholder() {
        return several ? argName + ",..." : argName;
    }

    /** The values a stored value stands for: itself, or each of a list for an option that takes several. */
    public List<String> split(String stored) {
        return several ? List.of(stored.split(",")) : List.of(stored);
    }

    /** The value {@code text} stands for. */
    public String parse(String text) {
        return accepted.get().parser().apply(text);
    }

    /** The help line of the option, naming the modes that take it. */
    public String help(List<String> modes) {
        return description + " of " + String.join(", ", modes) + ": " + values() + " (default: " + defaultValue + ")";
    }
}
