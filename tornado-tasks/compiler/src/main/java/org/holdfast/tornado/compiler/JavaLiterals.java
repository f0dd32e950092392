package org.holdfast.tornado.compiler;

/** Java source literals for constant values: what a twin writes for a constant it cannot name. */
final class JavaLiterals {

    private JavaLiterals() {
    }

    /**
     * The literal for a constant's value as javac folded it ({@code Integer} also for byte, short and
     * char constants, which read as int); negative numbers in parentheses, so that they stay one operand.
     */
    static String of(Object value) {
        return switch (value) {
            case Character c -> Integer.toString(c);
            case Byte b -> signed(Integer.toString(b));
            case Short s -> signed(Integer.toString(s));
            case Integer i -> signed(Integer.toString(i));
            case Long l -> signed(l + "L");
            case Float f when f.isNaN() -> "Float.NaN";
            case Float f when f.isInfinite() -> f > 0 ? "Float.POSITIVE_INFINITY" : "Float.NEGATIVE_INFINITY";
            case Float f -> signed(f + "f");
            case Double d when d.isNaN() -> "Double.NaN";
            case Double d when d.isInfinite() -> d > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
            case Double d -> signed(d.toString());
            case Boolean b -> b.toString();
            default -> throw new IllegalArgumentException("no kernel literal for " + value.getClass().getSimpleName() + " " + value);
        };
    }

    private static String signed(String text) {
        return text.startsWith("-") ? "(" + text + ")" : text;
    }
}
