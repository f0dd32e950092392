package org.holdfast.bench.mode;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A variant choice a mode takes, such as {@code barrier} of {@code persistent-grid}. The command
 * line gets an option {@code --<name>} and config files a key {@code <name>} for every option a
 * registered mode declares, so a new option needs nothing but its declaration.
 *
 * @param name the option's and the config key's name
 * @param description what it chooses, a few words ("grid barrier")
 * @param values the allowed values as help lists them ("cg, two-slot", or "a whole number from 1 to 8")
 * @param choices every allowed value, for an option that has a list of them; empty for one with a parser alone
 * @param defaultValue the value when none is given
 * @param parser checks a value and returns it as stored; throws {@link IllegalArgumentException} with a
 *     message that does not name where the value came from
 * @param several whether a run may give several values, comma-separated: the harness then measures
 *     the mode once per value, each a row of its own ({@link #withSeveralValues()})
 * @param argName what help calls its value ({@code --barrier <barrier>}, {@code --sweeps-per-launch <k>}):
 *     the option's name unless {@link #named} says otherwise
 */
public record ModeOption(String name, String description, String values, List<String> choices, String defaultValue,
        UnaryOperator<String> parser, boolean several, String argName) {

    /** An option with one value per run. */
    public ModeOption(String name, String description, String values, List<String> choices, String defaultValue,
            UnaryOperator<String> parser) {
        this(name, description, values, choices, defaultValue, parser, false, name);
    }

    public ModeOption {
        if (name == null || !name.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("an option name is lower-case words joined by '-', got '" + name + "'");
        }
        if (description == null || description.isBlank() || values == null || values.isBlank()) {
            throw new IllegalArgumentException("option " + name + " needs a description and its values");
        }
        choices = List.copyOf(choices);
        defaultValue = parser.apply(defaultValue);
    }

    /** An option whose value is one of {@code choices}; the first is the default unless it is named. */
    public static ModeOption choice(String name, String description, String defaultValue, String... choices) {
        List<String> allowed = List.of(choices);
        String listed = String.join(", ", allowed);
        return new ModeOption(name, description, listed, allowed, defaultValue, text -> {
            String value = text.trim();
            if (!allowed.contains(value)) {
                throw new IllegalArgumentException("unknown " + name + " '" + value + "' (choose from: " + listed + ")");
            }
            return value;
        });
    }

    /** An option whose values {@code parser} checks, described to the user as {@code values}. */
    public static ModeOption parsed(String name, String description, String values, String defaultValue,
            UnaryOperator<String> parser) {
        return new ModeOption(name, description, values, List.of(), defaultValue, parser);
    }

    /**
     * This option taking several values in one run, comma-separated ({@code 1,2,4}), each checked by
     * this option's parser and kept once, in the order given: the mode gets a row per value.
     */
    public ModeOption withSeveralValues() {
        UnaryOperator<String> one = parser;
        return new ModeOption(name, description, values + "; several, comma-separated, give a row each", choices,
                defaultValue, text -> {
                    List<String> parsed = java.util.Arrays.stream(text.split(",", -1)).map(one).distinct().toList();
                    return String.join(",", parsed);
                }, true, argName);
    }

    /** This option with its value called {@code shortName} in help ({@code k} for a number of half-sweeps). */
    public ModeOption named(String shortName) {
        return new ModeOption(name, description, values, choices, defaultValue, parser, several, shortName);
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
        return parser.apply(text);
    }

    /** The help line of the option, naming the modes that take it. */
    public String help(List<String> modes) {
        return description + " of " + String.join(", ", modes) + ": " + values + " (default: " + defaultValue + ")";
    }
}
