package org.holdfast.tornado.compiler;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.VariableTree;
import javax.lang.model.element.TypeElement;

/**
 * {@code @Unroll} on a for loop's variable: the loop gets {@code #pragma unroll}, which unrolls it
 * completely where its trip count is a compile-time constant (once device functions are inlined).
 */
final class Unrolling {

    static final String UNROLL = "org.holdfast.tornado.api.Unroll";

    private Unrolling() {
    }

    /** Whether a variable of the loop's initialiser is marked {@code @Unroll}. */
    static boolean requested(ForLoopTree loop, Symbols symbols) {
        for (StatementTree init : loop.getInitializer()) {
            if (init instanceof VariableTree v && marked(v, symbols)) {
                return true;
            }
        }
        return false;
    }

    /** Refuses {@code @Unroll} on a local that is not a for loop's variable. */
    static void requireLoopVariable(VariableTree local, Symbols symbols) {
        if (marked(local, symbols)) {
            throw Errors.unsupported(local, "@Unroll on the local " + local.getName(),
                    "it marks a for loop: annotate the loop's variable, as in for (@Unroll int i = 0; i < K; i++)");
        }
    }

    private static boolean marked(VariableTree v, Symbols symbols) {
        for (AnnotationTree annotation : v.getModifiers().getAnnotations()) {
            TypeElement type = symbols.type((ExpressionTree) annotation.getAnnotationType());
            if (type != null && type.getQualifiedName().contentEquals(UNROLL)) {
                return true;
            }
        }
        return false;
    }
}
