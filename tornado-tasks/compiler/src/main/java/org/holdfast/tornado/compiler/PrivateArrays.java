package org.holdfast.tornado.compiler;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.NewArrayTree;
import com.sun.source.tree.PrimitiveTypeTree;
import com.sun.source.tree.VariableTree;

/**
 * Per-thread arrays of a constant size: {@code double[] a = new double[K];} becomes
 * {@code double a[K] = {};}, an array of the thread's own (zeroed, as Java's), which the GPU
 * compiler keeps in registers when every index is a constant after unrolling. K is a compile-time
 * int constant: a literal, a constant field, a {@code final} local with a constant initialiser, or
 * a {@code @Specialize}d parameter. Pass such an array to a device function as an ordinary array;
 * the function is inlined, so its indices fold too.
 */
final class PrivateArrays {

    private final ExpressionTranslator exprs;
    private final Scope scope;

    PrivateArrays(ExpressionTranslator exprs, Scope scope) {
        this.exprs = exprs;
        this.scope = scope;
    }

    /** Whether a local's initialiser creates an array ({@code new double[...]} or {@code new double[] {...}}). */
    static boolean isCreation(ExpressionTree init) {
        return init instanceof NewArrayTree;
    }

    /**
     * Declares the local {@code v} initialised by {@code creation} and returns its C declaration.
     *
     * @param declared the local's declared type, or null for {@code var}
     * @param cName its C name
     */
    String declare(VariableTree v, NewArrayTree creation, JType declared, String cName) {
        if (creation.getInitializers() != null || creation.getDimensions().size() != 1
                || !(creation.getType() instanceof PrimitiveTypeTree primitive)) {
            throw Errors.unsupported(creation, "array creation other than new T[SIZE]",
                    "a per-thread array is created as double[] a = new double[SIZE], SIZE a compile-time int constant");
        }
        JType element = Types.primitive(primitive.getPrimitiveTypeKind(), creation);
        if (element == JType.BOOLEAN) {
            throw Errors.unsupported(creation, "type boolean[]", "arrays of double, float, int or long only");
        }
        ExpressionTree sizeTree = creation.getDimensions().get(0);
        Expr size = exprs.expr(sizeTree);
        Object value = size.constant() != null ? size.constant() : size.variable() != null ? size.variable().constantValue() : null;
        if (!(value instanceof Integer count)) {
            throw Errors.unsupported(sizeTree, "per-thread array size that is not a compile-time int constant",
                    "use a literal, a static final int constant or a @Specialize parameter");
        }
        if (count <= 0) {
            throw Errors.unsupported(sizeTree, "per-thread array of " + count + " elements", "the size must be positive");
        }
        if (declared != null && declared != element.arrayOf()) {
            throw Errors.typeMismatch(creation, element.arrayOf(), declared.java());
        }
        scope.declare(new Variable(v.getName().toString(), cName, element.arrayOf(), Variable.Kind.PRIVATE));
        return element.c() + " " + cName + "[" + count + "] = {};";
    }
}
