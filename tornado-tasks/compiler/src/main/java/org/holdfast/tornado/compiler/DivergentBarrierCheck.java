package org.holdfast.tornado.compiler;

import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.DoWhileLoopTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.IfTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.tree.WhileLoopTree;
import com.sun.source.util.TreeScanner;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Finds a grid, cluster or warp barrier that not every thread reaches: one inside an {@code if}, a loop or a
 * conditional whose condition depends on the thread's or block's index ({@code context.globalIdx},
 * {@code localIdx}, {@code groupIdx}, {@code clusterRank}, ... directly or through a local variable
 * computed from them). Every thread of the grid (of the cluster) must arrive at such a barrier, so a
 * thread that skips it leaves the others waiting until the watchdog ends the launch (on the GPU, a
 * cluster barrier has no watchdog at all). A call of a device function that waits at one counts as the
 * barrier. A bounded wait ({@code waitUntilAtLeast}) is one thread's own wait and may be conditional:
 * one thread of a block polls, then the block barrier releases the others.
 *
 * <p>Not detected: a barrier after an early {@code return} or {@code break} under such a condition,
 * and conditions on a device function's parameters (their values come from the caller).
 */
final class DivergentBarrierCheck {

    /** The context's fields that differ between threads or blocks. */
    private static final Set<String> INDICES = Set.of("globalIdx", "globalIdy", "globalIdz", "localIdx", "localIdy", "localIdz",
            "groupIdx", "groupIdy", "groupIdz", "clusterRank", "clusterIdx");

    /** The cluster barrier and the halves of the split one, as messages name them. */
    private static final Map<String, String> CLUSTER_BARRIERS = Map.of("clusterBarrier", "cluster barrier", "clusterArrive",
            "cluster barrier arrival", "clusterWait", "cluster barrier wait");

    private final ClassContext cls;

    DivergentBarrierCheck(ClassContext cls) {
        this.cls = cls;
    }

    /**
     * Throws when {@code method} waits at a grid or cluster barrier under a condition on the thread's or
     * block's index.
     */
    void check(MethodTree method) {
        Set<String> dependent = dependentLocals(method);
        Deque<ExpressionTree> conditions = new ArrayDeque<>();
        new TreeScanner<Void, Void>() {
            @Override
            public Void visitIf(IfTree t, Void unused) {
                scan(t.getCondition(), null);
                under(t.getCondition(), () -> {
                    scan(t.getThenStatement(), null);
                    scan(t.getElseStatement(), null);
                });
                return null;
            }

            @Override
            public Void visitWhileLoop(WhileLoopTree t, Void unused) {
                under(t.getCondition(), () -> scan(t.getStatement(), null));
                return null;
            }

            @Override
            public Void visitDoWhileLoop(DoWhileLoopTree t, Void unused) {
                under(t.getCondition(), () -> scan(t.getStatement(), null));
                return null;
            }

            @Override
            public Void visitForLoop(ForLoopTree t, Void unused) {
                scan(t.getInitializer(), null);
                under(t.getCondition(), () -> {
                    scan(t.getStatement(), null);
                    scan(t.getUpdate(), null);
                });
                return null;
            }

            @Override
            public Void visitConditionalExpression(ConditionalExpressionTree t, Void unused) {
                scan(t.getCondition(), null);
                under(t.getCondition(), () -> {
                    scan(t.getTrueExpression(), null);
                    scan(t.getFalseExpression(), null);
                });
                return null;
            }

            @Override
            public Void visitMethodInvocation(MethodInvocationTree call, Void unused) {
                String barrier = collective(call);
                if (barrier != null && !conditions.isEmpty()) {
                    throw Errors.unsupported(call, barrier + " under a condition on the thread's or block's index ("
                            + Errors.excerpt(unparenthesised(conditions.peek())) + ")", "every thread of the " + (barrier.contains("cluster")
                                    ? "cluster" : barrier.equals("warp barrier") ? "warp" : "grid") + " must reach it, or the others wait for ever; move it out of the"
                                    + " condition (let every thread arrive, and make only the work conditional)");
                }
                return super.visitMethodInvocation(call, unused);
            }

            private void under(ExpressionTree condition, Runnable body) {
                boolean divergent = condition != null && depends(condition, dependent);
                if (divergent) {
                    conditions.push(condition);
                }
                body.run();
                if (divergent) {
                    conditions.pop();
                }
            }
        }.scan(method.getBody(), null);
    }

    /** An if's or while's condition without the parentheses the statement puts around it. */
    private static ExpressionTree unparenthesised(ExpressionTree e) {
        return e instanceof ParenthesizedTree p ? unparenthesised(p.getExpression()) : e;
    }

    /** "grid barrier", "warp barrier", "cluster barrier" or one of its halves (or a call of a device function that waits at one), or null. */
    private String collective(MethodInvocationTree call) {
        if (call.getMethodSelect() instanceof MemberSelectTree select && select.getExpression() instanceof IdentifierTree) {
            String name = select.getIdentifier().toString();
            if (name.equals("gridBarrier")) {
                return "grid barrier";
            }
            if (name.equals("warpBarrier")) {
                return "warp barrier";
            }
            String cluster = CLUSTER_BARRIERS.get(name);
            if (cluster != null) {
                return cluster;
            }
        }
        String name = ClassTranslator.calledName(call);
        FunctionInfo callee = cls.deviceFunction(name);
        if (callee == null) {
            return null;
        }
        if (callee.uses().gridBarrier()) {
            return "call to " + name + ", which waits at the grid barrier,";
        }
        String cluster = callee.uses().clusterFeature();
        return cluster != null && cluster.contains("cluster barrier") ? "call to " + name + ", which " + cluster + "," : null;
    }

    /** The locals whose value depends on a thread's or block's index, directly or through other such locals. */
    private static Set<String> dependentLocals(MethodTree method) {
        Set<String> dependent = new HashSet<>();
        int size;
        do {
            size = dependent.size();
            new TreeScanner<Void, Void>() {
                @Override
                public Void visitVariable(VariableTree v, Void unused) {
                    if (v.getInitializer() != null && depends(v.getInitializer(), dependent)) {
                        dependent.add(v.getName().toString());
                    }
                    return super.visitVariable(v, unused);
                }

                @Override
                public Void visitAssignment(AssignmentTree a, Void unused) {
                    assigned(a.getVariable(), a.getExpression());
                    return super.visitAssignment(a, unused);
                }

                @Override
                public Void visitCompoundAssignment(CompoundAssignmentTree a, Void unused) {
                    assigned(a.getVariable(), a.getExpression());
                    return super.visitCompoundAssignment(a, unused);
                }

                private void assigned(ExpressionTree target, ExpressionTree value) {
                    ExpressionTree e = target;
                    while (e instanceof ParenthesizedTree p) {
                        e = p.getExpression();
                    }
                    if (e instanceof IdentifierTree id && depends(value, dependent)) {
                        dependent.add(id.getName().toString());
                    }
                }
            }.scan(method.getBody(), null);
        } while (dependent.size() != size);
        return dependent;
    }

    /** Whether {@code e} reads a thread's or block's index, or a local computed from one. */
    private static boolean depends(Tree e, Set<String> dependent) {
        boolean[] found = {false};
        new TreeScanner<Void, Void>() {
            @Override
            public Void visitMemberSelect(MemberSelectTree select, Void unused) {
                if (INDICES.contains(select.getIdentifier().toString()) && select.getExpression() instanceof IdentifierTree) {
                    found[0] = true;
                }
                return super.visitMemberSelect(select, unused);
            }

            @Override
            public Void visitIdentifier(IdentifierTree id, Void unused) {
                if (dependent.contains(id.getName().toString())) {
                    found[0] = true;
                }
                return null;
            }
        }.scan(e, null);
        return found[0];
    }
}
