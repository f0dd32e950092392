package org.holdfast.tornado.compiler;

import com.sun.source.tree.BlockTree;
import com.sun.source.tree.ExpressionStatementTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.IfTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreeScanner;
import java.util.Set;

/**
 * Checks that the halves of the split cluster barrier alternate where one method's code shows it:
 * every {@code context.clusterWait()} completes a {@code context.clusterArrive()} before it, and a
 * thread does not arrive again (nor wait at {@code clusterBarrier()}, which arrives too) before that
 * wait. On the GPU either mistake leaves the hardware barrier's phase undefined: the cluster hangs or
 * passes early, with nothing to report it.
 *
 * <p>The walk follows statements in order. A branch is followed from the state before it, and the
 * states of both branches must agree, else the state is unknown after it; a loop's body is followed
 * from an unknown state (its iterations cannot be told apart here), and so is a device function's
 * body (its caller may have arrived), and a call of a device function that uses the cluster barrier
 * makes the state unknown. Nothing is reported from an unknown state, so what is not detected is a
 * mistake that spans a loop's iterations, two branches, or a call.
 */
final class SplitClusterBarrierCheck {

    /** Whether the thread has a pending arrival: it called clusterArrive() and not yet clusterWait(). */
    private enum State {
        IDLE, ARRIVED, UNKNOWN
    }

    private static final Set<String> CLUSTER_BARRIERS = Set.of("clusterArrive", "clusterWait", "clusterBarrier");

    private final ClassContext cls;

    SplitClusterBarrierCheck(ClassContext cls) {
        this.cls = cls;
    }

    /** Throws at the first wait without an arrival or second arrival that {@code method}'s straight-line code shows. */
    void check(MethodTree method, boolean kernel) {
        statement(method.getBody(), kernel ? State.IDLE : State.UNKNOWN);
    }

    private State statement(StatementTree s, State state) {
        if (s == null || !usesClusterBarrier(s)) {
            return state;
        }
        return switch (s) {
            case BlockTree block -> {
                State now = state;
                for (StatementTree inner : block.getStatements()) {
                    now = statement(inner, now);
                }
                yield now;
            }
            case ExpressionStatementTree e when e.getExpression() instanceof MethodInvocationTree call -> call(call, state);
            case IfTree t -> {
                State then = statement(t.getThenStatement(), state);
                State otherwise = statement(t.getElseStatement(), state);
                yield then == otherwise ? then : State.UNKNOWN;
            }
            default -> {
                // A loop (or any other statement holding barriers): its body on its own, then unknown.
                new TreeScanner<Void, Void>() {
                    @Override
                    public Void scan(Tree tree, Void unused) {
                        if (tree != s && (tree instanceof BlockTree || tree instanceof IfTree || tree instanceof ExpressionStatementTree)) {
                            statement((StatementTree) tree, State.UNKNOWN);
                            return null;
                        }
                        return super.scan(tree, unused);
                    }
                }.scan(s, null);
                yield State.UNKNOWN;
            }
        };
    }

    private State call(MethodInvocationTree call, State state) {
        String name = contextMethod(call);
        if (name == null) {
            return State.UNKNOWN; // a device function that uses the cluster barrier
        }
        switch (name) {
            case "clusterArrive" -> {
                if (state == State.ARRIVED) {
                    throw Errors.unsupported(call, "second cluster barrier arrival before the wait of the first",
                            "every context.clusterArrive() is completed by context.clusterWait() before the thread arrives again");
                }
                return State.ARRIVED;
            }
            case "clusterWait" -> {
                if (state == State.IDLE) {
                    throw Errors.unsupported(call, "cluster barrier wait without an arrival before it",
                            "call context.clusterArrive() first, on every path: the wait completes the phase that the arrival began");
                }
                return State.IDLE;
            }
            default -> {
                if (state == State.ARRIVED) {
                    throw Errors.unsupported(call, "cluster barrier between an arrival and its wait",
                            "context.clusterBarrier() arrives too; complete the pending context.clusterArrive() with context.clusterWait() first");
                }
                return state;
            }
        }
    }

    /** Whether {@code tree} calls a half of the cluster barrier, the whole one, or a device function that uses one. */
    private boolean usesClusterBarrier(Tree tree) {
        boolean[] found = {false};
        new TreeScanner<Void, Void>() {
            @Override
            public Void visitMethodInvocation(MethodInvocationTree call, Void unused) {
                if (contextMethod(call) != null || callsClusterBarrier(call)) {
                    found[0] = true;
                }
                return super.visitMethodInvocation(call, unused);
            }
        }.scan(tree, null);
        return found[0];
    }

    private boolean callsClusterBarrier(MethodInvocationTree call) {
        FunctionInfo callee = cls.deviceFunction(ClassTranslator.calledName(call));
        String feature = callee == null ? null : callee.uses().clusterFeature();
        return feature != null && feature.contains("cluster barrier");
    }

    /** {@code clusterArrive}, {@code clusterWait} or {@code clusterBarrier} when {@code call} is that context method, else null. */
    private static String contextMethod(MethodInvocationTree call) {
        if (call.getMethodSelect() instanceof MemberSelectTree select && select.getExpression() instanceof IdentifierTree) {
            String name = select.getIdentifier().toString();
            return CLUSTER_BARRIERS.contains(name) ? name : null;
        }
        return null;
    }
}
