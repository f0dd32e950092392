package org.holdfast.tornado.compiler;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.MethodInvocationTree;
import java.util.List;

/**
 * {@code context.shuffleUp(value, delta)} and {@code shuffleDown}: CUDA's {@code __shfl_up_sync}
 * and {@code __shfl_down_sync} over the full warp, of an {@code int} or a {@code double}. Every
 * thread of the group calls them together (on the CPU they exchange through the group's barrier),
 * so a kernel that shuffles runs its groups' threads concurrently there, as one with
 * {@code localBarrier()} does.
 */
final class WarpShuffles {

    private final ExpressionTranslator exprs;
    private final Scope scope;

    WarpShuffles(ExpressionTranslator exprs, Scope scope) {
        this.exprs = exprs;
        this.scope = scope;
    }

    static boolean isShuffle(String method) {
        return method.equals("shuffleUp") || method.equals("shuffleDown");
    }

    Expr shuffle(MethodInvocationTree t, String method, List<? extends ExpressionTree> args) {
        if (args.size() != 2) {
            throw Errors.unsupported(t, "context." + method + " with " + args.size() + " arguments", "it takes a value and a lane count");
        }
        Expr value = exprs.expr(args.get(0));
        exprs.requireScalar(args.get(0), value);
        if (!value.type().isNumeric()) {
            throw Errors.typeMismatch(args.get(0), value.type(), "int or double");
        }
        JType type = value.type() == JType.INT ? JType.INT : JType.DOUBLE; // Java's overload: int, else double
        Expr delta = exprs.expr(args.get(1));
        exprs.requireScalar(args.get(1), delta);
        if (delta.type() != JType.INT) {
            throw Errors.typeMismatch(args.get(1), delta.type(), "int");
        }
        scope.markBarrier();
        String intrinsic = method.equals("shuffleUp") ? "__shfl_up_sync" : "__shfl_down_sync";
        return Expr.of(intrinsic + "(0xffffffffu, " + exprs.convert(value, type).code() + ", " + delta.code() + ")", type,
                Expr.Prec.ATOM);
    }
}
