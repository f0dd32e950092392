package org.holdfast.tornado.compiler;

/**
 * A translated expression: its CUDA C text, its Java type, how tightly its text binds, and its value
 * when it is a compile-time constant.
 *
 * @param code the CUDA C text
 * @param type the Java type of the expression
 * @param prec how the text binds, which decides whether an enclosing operator parenthesises it
 * @param constant the value (Integer, Long, Float, Double or Boolean) of a constant expression, else null
 * @param variable the variable when the expression is a plain use of one, else null
 */
record Expr(String code, JType type, Prec prec, Object constant, Variable variable) {

    /** How an expression's text binds. */
    enum Prec {
        /** A name, literal, call or array element: never needs parentheses. */
        ATOM,
        /** A prefix operator or a cast. */
        UNARY,
        /** A binary operator. */
        BINARY,
        /** {@code c ? a : b}. */
        CONDITIONAL
    }

    static Expr of(String code, JType type, Prec prec) {
        return new Expr(code, type, prec, null, null);
    }

    boolean isConstant() {
        return constant != null;
    }

    /** The text as the operand of a binary or conditional operator: every operator expression is parenthesised. */
    String operand() {
        return prec == Prec.BINARY || prec == Prec.CONDITIONAL ? "(" + code + ")" : code;
    }

    /** The text as the operand of a prefix operator or cast: parenthesised unless it is an atom. */
    String atom() {
        return prec == Prec.ATOM ? code : "(" + code + ")";
    }
}
