package org.holdfast.tornado.compiler;

/** The types a kernel body can hold, with their CUDA C spelling. */
enum JType {
    BOOLEAN("boolean", "bool", 0, 1),
    INT("int", "int", 1, 4),
    LONG("long", "long long", 2, 8),
    FLOAT("float", "float", 3, 4),
    DOUBLE("double", "double", 4, 8),
    VOID("void", "void", -1, 0),
    INT_ARRAY("int[]", "int", -1, 0),
    LONG_ARRAY("long[]", "long long", -1, 0),
    FLOAT_ARRAY("float[]", "float", -1, 0),
    DOUBLE_ARRAY("double[]", "double", -1, 0),
    /** The {@code KernelContext} parameter: it has no value on the device, only fields and methods. */
    CONTEXT("KernelContext", null, -1, 0);

    private final String java;
    private final String c;
    /** Order of numeric widening (int, long, float, double); 0 for boolean, -1 for the rest. */
    private final int rank;
    private final int bytes;

    JType(String java, String c, int rank, int bytes) {
        this.java = java;
        this.c = c;
        this.rank = rank;
        this.bytes = bytes;
    }

    /** The Java spelling, for messages. */
    String java() {
        return java;
    }

    /** The CUDA C spelling of the type, or of the element type of an array. */
    String c() {
        return c;
    }

    /** The Java class of a scalar type (for folding Math calls by reflection). */
    Class<?> javaClass() {
        return switch (this) {
            case BOOLEAN -> boolean.class;
            case INT -> int.class;
            case LONG -> long.class;
            case FLOAT -> float.class;
            case DOUBLE -> double.class;
            default -> throw new IllegalStateException(this + " is not a scalar type");
        };
    }

    /** Bytes of one value (of one element, for an array type's {@link #element()}). */
    int bytes() {
        return bytes;
    }

    boolean isNumeric() {
        return rank >= 1;
    }

    boolean isIntegral() {
        return this == INT || this == LONG;
    }

    boolean isFloating() {
        return this == FLOAT || this == DOUBLE;
    }

    boolean isArray() {
        return this == INT_ARRAY || this == LONG_ARRAY || this == FLOAT_ARRAY || this == DOUBLE_ARRAY;
    }

    /** Whether a value of this type has a scalar value on the device (numbers and boolean). */
    boolean isScalar() {
        return rank >= 0;
    }

    JType element() {
        return switch (this) {
            case INT_ARRAY -> INT;
            case LONG_ARRAY -> LONG;
            case FLOAT_ARRAY -> FLOAT;
            case DOUBLE_ARRAY -> DOUBLE;
            default -> throw new IllegalStateException(this + " is not an array type");
        };
    }

    JType arrayOf() {
        return switch (this) {
            case INT -> INT_ARRAY;
            case LONG -> LONG_ARRAY;
            case FLOAT -> FLOAT_ARRAY;
            case DOUBLE -> DOUBLE_ARRAY;
            default -> throw new IllegalStateException("no kernel array of " + this);
        };
    }

    /** Whether Java converts this type to {@code target} implicitly (identity or widening primitive conversion). */
    boolean widensTo(JType target) {
        if (this == target) {
            return true;
        }
        return isNumeric() && target.isNumeric() && rank <= target.rank;
    }

    /** Java's binary numeric promotion (JLS 5.6) of two numeric types. */
    static JType promote(JType a, JType b) {
        return a.rank >= b.rank ? a.unaryPromoted() : b.unaryPromoted();
    }

    /** Java's unary numeric promotion: every type of this subset is already promoted. */
    JType unaryPromoted() {
        return this;
    }
}
