package org.holdfast.tornado.compiler;

import com.sun.source.tree.Tree;
import java.util.Locale;

/**
 * Compile-time constants: evaluated with Java's own arithmetic (so the result is what javac would
 * fold), and written as CUDA C literals that read back to the same value.
 */
final class Constants {

    private Constants() {
    }

    /** The constant as a literal expression of {@code type}. */
    static Expr literal(Object value, JType type) {
        Object v = convert(value, type);
        return switch (type) {
            case BOOLEAN -> new Expr(v.toString(), type, Expr.Prec.ATOM, v, null);
            case INT -> intLiteral((Integer) v);
            case LONG -> longLiteral((Long) v);
            case FLOAT -> floatLiteral((Float) v);
            case DOUBLE -> doubleLiteral((Double) v);
            default -> throw new IllegalStateException("no literal of type " + type);
        };
    }

    /** A literal whose text is the source's own (hexadecimal integers keep their spelling). */
    static Expr literal(Object value, JType type, String sourceText) {
        if (sourceText != null && type.isIntegral()) {
            String text = sourceText.replace("_", "").toLowerCase(Locale.ROOT);
            boolean hex = text.startsWith("0x");
            long v = ((Number) value).longValue();
            if (hex && v >= 0) {
                String digits = text.endsWith("l") ? text.substring(0, text.length() - 1) : text;
                String code = "0x" + digits.substring(2).toUpperCase(Locale.ROOT) + (type == JType.LONG ? "LL" : "");
                return new Expr(code, type, Expr.Prec.ATOM, convert(value, type), null);
            }
        }
        return literal(value, type);
    }

    private static Expr intLiteral(int v) {
        if (v == Integer.MIN_VALUE) {
            return new Expr("(-2147483647 - 1)", JType.INT, Expr.Prec.ATOM, v, null);
        }
        return new Expr(Integer.toString(v), JType.INT, v < 0 ? Expr.Prec.UNARY : Expr.Prec.ATOM, v, null);
    }

    private static Expr longLiteral(long v) {
        if (v == Long.MIN_VALUE) {
            return new Expr("(-9223372036854775807LL - 1LL)", JType.LONG, Expr.Prec.ATOM, v, null);
        }
        return new Expr(v + "LL", JType.LONG, v < 0 ? Expr.Prec.UNARY : Expr.Prec.ATOM, v, null);
    }

    /**
     * Float.toString and Double.toString give the shortest decimal that reads back to the same value
     * (JDK 19 and later), and C compilers round decimal literals correctly, so the literal is exact.
     * Infinities and NaN have no literal: they are written as their bits.
     */
    private static Expr floatLiteral(float v) {
        return floating(v, Float.isNaN(v), Float.isInfinite(v), JType.FLOAT, "__int_as_float(0x7FC00000)", "__int_as_float(0x7F800000)",
                Float.toString(v).replace('E', 'e') + "f");
    }

    private static Expr doubleLiteral(double v) {
        return floating(v, Double.isNaN(v), Double.isInfinite(v), JType.DOUBLE, "__longlong_as_double(0x7FF8000000000000LL)",
                "__longlong_as_double(0x7FF0000000000000LL)", Double.toString(v).replace('E', 'e'));
    }

    private static Expr floating(Number v, boolean nan, boolean infinite, JType type, String nanCode, String infinityCode, String text) {
        if (nan) {
            return new Expr(nanCode, type, Expr.Prec.ATOM, v, null);
        }
        String code = infinite ? (v.doubleValue() > 0 ? infinityCode : "-" + infinityCode) : text;
        return new Expr(code, type, code.startsWith("-") ? Expr.Prec.UNARY : Expr.Prec.ATOM, v, null);
    }

    /** Java's conversion of a constant to {@code type} (casts and promotions). */
    static Object convert(Object value, JType type) {
        if (type == JType.BOOLEAN) {
            return (Boolean) value;
        }
        if (value instanceof Character c) {
            value = (int) c;
        }
        Number n = (Number) value;
        return switch (type) {
            case INT -> switch (n) {
                case Float f -> (int) f.floatValue();
                case Double d -> (int) d.doubleValue();
                default -> n.intValue();
            };
            case LONG -> switch (n) {
                case Float f -> (long) f.floatValue();
                case Double d -> (long) d.doubleValue();
                default -> n.longValue();
            };
            case FLOAT -> n instanceof Long l ? (float) l.longValue() : n.floatValue();
            case DOUBLE -> n instanceof Float f ? (double) f.floatValue() : n.doubleValue();
            default -> throw new IllegalStateException("no constant of type " + type);
        };
    }

    /**
     * Folds {@code a op b} with both operands already of type {@code operands} (after promotion; for
     * shifts, the left operand's type), as javac would.
     *
     * @return the value, or throws for an integer division by the constant zero
     */
    static Object binary(Tree where, Tree.Kind op, JType operands, Object a, Object b) {
        if (operands == JType.BOOLEAN) {
            boolean x = (Boolean) a;
            boolean y = (Boolean) b;
            return switch (op) {
                case AND, CONDITIONAL_AND -> x & y;
                case OR, CONDITIONAL_OR -> x | y;
                case XOR, NOT_EQUAL_TO -> x ^ y;
                case EQUAL_TO -> x == y;
                default -> throw new IllegalStateException(op.toString());
            };
        }
        switch (op) {
            case LEFT_SHIFT, RIGHT_SHIFT, UNSIGNED_RIGHT_SHIFT -> {
                int count = (int) ((Number) b).longValue();
                if (operands == JType.INT) {
                    int x = (Integer) convert(a, JType.INT);
                    return op == Tree.Kind.LEFT_SHIFT ? x << count : op == Tree.Kind.RIGHT_SHIFT ? x >> count : x >>> count;
                }
                long x = (Long) convert(a, JType.LONG);
                return op == Tree.Kind.LEFT_SHIFT ? x << count : op == Tree.Kind.RIGHT_SHIFT ? x >> count : x >>> count;
            }
            default -> {
                // the rest below
            }
        }
        Object x = convert(a, operands);
        Object y = convert(b, operands);
        if ((op == Tree.Kind.DIVIDE || op == Tree.Kind.REMAINDER) && operands.isIntegral() && ((Number) y).longValue() == 0) {
            throw new KernelError(where, "integer division by the constant zero (" + Errors.excerpt(where) + ")");
        }
        if (operands.isIntegral()) {
            // In 64 bits, then narrowed: the low 32 bits are Java's int result, wrap-around included.
            Object wide = integralOp(op, ((Number) x).longValue(), ((Number) y).longValue());
            return wide instanceof Long l && operands == JType.INT ? (Object) (int) l.longValue() : wide;
        }
        // In double, then rounded to float: exact for + - * / and %, as binary64 holds every binary32 result exactly before rounding.
        Object wide = doubleOp(op, ((Number) x).doubleValue(), ((Number) y).doubleValue());
        return wide instanceof Double d && operands == JType.FLOAT ? (Object) (float) d.doubleValue() : wide;
    }

    private static Object integralOp(Tree.Kind op, long x, long y) {
        return switch (op) {
            case PLUS -> x + y;
            case MINUS -> x - y;
            case MULTIPLY -> x * y;
            // Integer.MIN_VALUE / -1 is 2^31 in long, and Integer.MIN_VALUE again once narrowed, as in Java.
            case DIVIDE -> x / y;
            case REMAINDER -> x % y;
            case AND -> x & y;
            case OR -> x | y;
            case XOR -> x ^ y;
            case LESS_THAN -> x < y;
            case GREATER_THAN -> x > y;
            case LESS_THAN_EQUAL -> x <= y;
            case GREATER_THAN_EQUAL -> x >= y;
            case EQUAL_TO -> x == y;
            case NOT_EQUAL_TO -> x != y;
            default -> throw new IllegalStateException(op.toString());
        };
    }

    private static Object doubleOp(Tree.Kind op, double x, double y) {
        return switch (op) {
            case PLUS -> x + y;
            case MINUS -> x - y;
            case MULTIPLY -> x * y;
            case DIVIDE -> x / y;
            case REMAINDER -> x % y;
            case LESS_THAN -> x < y;
            case GREATER_THAN -> x > y;
            case LESS_THAN_EQUAL -> x <= y;
            case GREATER_THAN_EQUAL -> x >= y;
            case EQUAL_TO -> x == y;
            case NOT_EQUAL_TO -> x != y;
            default -> throw new IllegalStateException(op.toString());
        };
    }

    /** Folds a prefix operator on a constant of type {@code type}. */
    static Object unary(Tree.Kind op, JType type, Object a) {
        Object x = convert(a, type);
        return switch (op) {
            case UNARY_PLUS -> x;
            case LOGICAL_COMPLEMENT -> !(Boolean) x;
            case BITWISE_COMPLEMENT -> type == JType.INT ? (Object) (~(Integer) x) : (Object) (~(Long) x);
            case UNARY_MINUS -> switch (type) {
                case INT -> -(Integer) x;
                case LONG -> -(Long) x;
                case FLOAT -> -(Float) x;
                case DOUBLE -> -(Double) x;
                default -> throw new IllegalStateException(type.toString());
            };
            default -> throw new IllegalStateException(op.toString());
        };
    }
}
