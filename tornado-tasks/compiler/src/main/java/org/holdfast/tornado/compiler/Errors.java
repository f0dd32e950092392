package org.holdfast.tornado.compiler;

import com.sun.source.tree.NewArrayTree;
import com.sun.source.tree.Tree;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The compiler's error messages: one line each, naming the construct and, where there is one, what to do instead. */
final class Errors {

    /** Longest source excerpt quoted in a message. */
    private static final int MAX_EXCERPT = 60;

    private Errors() {
    }

    /** {@code unsupported in a kernel: WHAT (SOURCE): HINT}. */
    static KernelError unsupported(Tree tree, String what, String hint) {
        return new KernelError(tree, "unsupported in a kernel: " + what + " (" + excerpt(tree) + ")" + (hint == null ? "" : ": " + hint));
    }

    /** A value of the wrong type (javac would also reject most of these, after the processor). */
    static KernelError typeMismatch(Tree tree, JType found, String expected) {
        return new KernelError(tree, "type mismatch in a kernel: " + found.java() + " where " + expected + " is expected ("
                + excerpt(tree) + ")");
    }

    static KernelError badOperands(Tree tree, Tree.Kind op, JType left, JType right) {
        return new KernelError(tree, "unsupported in a kernel: operator " + symbol(op) + " on " + left.java() + " and "
                + right.java() + " (" + excerpt(tree) + ")");
    }

    /** An error whose cause (a device function that failed) has been reported already. */
    static KernelError alreadyReported(Tree tree) {
        return new KernelError(tree, null);
    }

    /** The source of a tree as javac prints it, shortened to one line of reasonable length. */
    static String excerpt(Tree tree) {
        String text = tree.toString().replace("/*missing*/", "var").replaceAll("\\s+", " ").trim();
        int brace = text.indexOf('{');
        if (brace >= 0 && !(tree instanceof NewArrayTree && text.length() <= MAX_EXCERPT)) {
            text = text.substring(0, brace + 1) + " ... }"; // a construct with a body: its head says enough
        }
        return text.length() <= MAX_EXCERPT ? text : text.substring(0, MAX_EXCERPT - 3) + "...";
    }

    static String typeList(List<JType> types) {
        List<String> names = new ArrayList<>();
        for (JType t : types) {
            names.add(t.java());
        }
        return "(" + String.join(", ", names) + ")";
    }

    /** The operator's symbol, the same in Java and C (except >>>, which the translator writes out). */
    static String symbol(Tree.Kind op) {
        return switch (op) {
            case MULTIPLY -> "*";
            case DIVIDE -> "/";
            case REMAINDER -> "%";
            case PLUS, UNARY_PLUS -> "+";
            case MINUS, UNARY_MINUS -> "-";
            case LEFT_SHIFT -> "<<";
            case RIGHT_SHIFT -> ">>";
            case UNSIGNED_RIGHT_SHIFT -> ">>>";
            case LESS_THAN -> "<";
            case GREATER_THAN -> ">";
            case LESS_THAN_EQUAL -> "<=";
            case GREATER_THAN_EQUAL -> ">=";
            case EQUAL_TO -> "==";
            case NOT_EQUAL_TO -> "!=";
            case AND -> "&";
            case XOR -> "^";
            case OR -> "|";
            case CONDITIONAL_AND -> "&&";
            case CONDITIONAL_OR -> "||";
            case BITWISE_COMPLEMENT -> "~";
            case LOGICAL_COMPLEMENT -> "!";
            case PREFIX_INCREMENT, POSTFIX_INCREMENT -> "++";
            case PREFIX_DECREMENT, POSTFIX_DECREMENT -> "--";
            default -> op.toString();
        };
    }

    /** The binary operator of a compound assignment. */
    static Tree.Kind binaryOf(Tree.Kind compound) {
        return switch (compound) {
            case MULTIPLY_ASSIGNMENT -> Tree.Kind.MULTIPLY;
            case DIVIDE_ASSIGNMENT -> Tree.Kind.DIVIDE;
            case REMAINDER_ASSIGNMENT -> Tree.Kind.REMAINDER;
            case PLUS_ASSIGNMENT -> Tree.Kind.PLUS;
            case MINUS_ASSIGNMENT -> Tree.Kind.MINUS;
            case LEFT_SHIFT_ASSIGNMENT -> Tree.Kind.LEFT_SHIFT;
            case RIGHT_SHIFT_ASSIGNMENT -> Tree.Kind.RIGHT_SHIFT;
            case UNSIGNED_RIGHT_SHIFT_ASSIGNMENT -> Tree.Kind.UNSIGNED_RIGHT_SHIFT;
            case AND_ASSIGNMENT -> Tree.Kind.AND;
            case XOR_ASSIGNMENT -> Tree.Kind.XOR;
            case OR_ASSIGNMENT -> Tree.Kind.OR;
            default -> compound;
        };
    }

    /** A readable name for a kind of tree, for constructs without a message of their own. */
    static String describe(Tree.Kind kind) {
        return kind.toString().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
