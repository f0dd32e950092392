package org.holdfast.tornado.compiler;

import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.util.TreeScanner;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds loops that wait for another thread by re-reading memory: the loop's condition reads an array
 * element, and nothing in the loop changes what the condition reads except that memory. A plain read
 * there may be made once and never again (nothing tells the compiler that another thread writes it,
 * and even a re-read sees another block's write only eventually, with no order for the data behind
 * it); an acquire read there waits without a bound. Either is a compile error that points to
 * {@code context.waitUntilAtLeast}.
 *
 * <p>What counts as changing the condition: an assignment (or {@code ++}, {@code --}, compound
 * assignment) in the body or update to a variable the condition reads; a store into the array read
 * (an element assignment, an atomic or release store, or passing it to a device function that writes
 * it); or waiting at a barrier in the body (a block, grid or cluster barrier, a bounded wait, or a
 * device function that does), after which memory is read again. Reads inside device functions called
 * by the condition, and loops that leave through a {@code break} on a read in their body, are not
 * detected.
 */
final class SpinCheck {

    private static final Set<String> SYNCHRONISING = Set.of("localBarrier", "warpBarrier", "gridBarrier", "clusterBarrier", "clusterWait",
            "mbarrierWaitParity", "waitUntilAtLeast", "waitLine");
    private static final Set<String> STORING = Set.of("atomicAdd", "atomicCompareAndSet", "storeRelease", "storeLine", "mbarrierInit",
            "mbarrierArriveExpectTx", "storeAsync");

    private final ClassContext cls;
    private final Scope scope;

    SpinCheck(ClassContext cls, Scope scope) {
        this.cls = cls;
        this.scope = scope;
    }

    /** What a loop's condition reads. */
    private static final class Reads {
        final List<ArrayAccessTree> plain = new ArrayList<>();
        final List<MethodInvocationTree> acquire = new ArrayList<>();
        final Set<String> variables = new HashSet<>();
    }

    /** What a loop's body and update change. */
    private static final class Changes {
        final Set<String> variables = new HashSet<>();
        final Set<String> arrays = new HashSet<>();
        boolean synchronises;
    }

    /**
     * Throws when the loop {@code loop}, with {@code condition} (null for none) and body parts
     * {@code body} (the statement and a for loop's updates), spins on a read of memory.
     */
    void check(Tree loop, ExpressionTree condition, List<? extends Tree> body) {
        if (condition == null) {
            return;
        }
        Reads reads = reads(condition);
        if (reads.plain.isEmpty() && reads.acquire.isEmpty()) {
            return;
        }
        Changes changes = changes(body);
        if (changes.synchronises || reads.variables.stream().anyMatch(changes.variables::contains)) {
            return;
        }
        for (ArrayAccessTree read : reads.plain) {
            String array = name(read.getExpression());
            if (!changes.arrays.contains(array)) {
                throw Errors.unsupported(loop, "spin on a plain read of " + Errors.excerpt(read),
                        "the loop changes neither " + array + " nor the index, so the device may read the element once and"
                                + " never see another thread's write; wait with context.waitUntilAtLeast(" + array
                                + ", index, value), which reads with acquire order and gives up after the watchdog's timeout");
            }
        }
        for (MethodInvocationTree read : reads.acquire) {
            String array = name(read.getArguments().get(0));
            if (!changes.arrays.contains(array)) {
                throw Errors.unsupported(loop, "unbounded wait on " + Errors.excerpt(read),
                        "the loop ends only when another thread writes " + array + ", and nothing bounds it; use"
                                + " context.waitUntilAtLeast(" + array + ", index, value), which gives up after the watchdog's timeout");
            }
        }
    }

    private Reads reads(ExpressionTree condition) {
        Reads reads = new Reads();
        new TreeScanner<Void, Void>() {
            @Override
            public Void visitArrayAccess(ArrayAccessTree access, Void unused) {
                if (arrayName(access.getExpression()) != null) {
                    reads.plain.add(access);
                }
                return super.visitArrayAccess(access, unused);
            }

            @Override
            public Void visitMethodInvocation(MethodInvocationTree call, Void unused) {
                if (contextMethod(call).equals("loadAcquire") && !call.getArguments().isEmpty()
                        && arrayName(call.getArguments().get(0)) != null) {
                    reads.acquire.add(call);
                }
                return super.visitMethodInvocation(call, unused);
            }

            @Override
            public Void visitIdentifier(IdentifierTree id, Void unused) {
                // Names not in scope yet (a for loop's own variable) count too: only arrays and the context do not.
                Variable v = scope.lookup(id.getName().toString());
                if (v == null || v.type().isScalar()) {
                    reads.variables.add(id.getName().toString());
                }
                return null;
            }
        }.scan(condition, null);
        return reads;
    }

    private Changes changes(List<? extends Tree> body) {
        Changes changes = new Changes();
        TreeScanner<Void, Void> scanner = new TreeScanner<>() {
            @Override
            public Void visitAssignment(AssignmentTree a, Void unused) {
                changed(a.getVariable());
                return super.visitAssignment(a, unused);
            }

            @Override
            public Void visitCompoundAssignment(CompoundAssignmentTree a, Void unused) {
                changed(a.getVariable());
                return super.visitCompoundAssignment(a, unused);
            }

            @Override
            public Void visitUnary(UnaryTree u, Void unused) {
                switch (u.getKind()) {
                    case PREFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_INCREMENT, POSTFIX_DECREMENT -> changed(u.getExpression());
                    default -> {
                        // reads only
                    }
                }
                return super.visitUnary(u, unused);
            }

            @Override
            public Void visitMethodInvocation(MethodInvocationTree call, Void unused) {
                String method = contextMethod(call);
                if (SYNCHRONISING.contains(method)) {
                    changes.synchronises = true;
                } else if (STORING.contains(method) && !call.getArguments().isEmpty()) {
                    addArray(call.getArguments().get(0));
                } else if (method.isEmpty()) {
                    deviceFunctionCall(call);
                }
                return super.visitMethodInvocation(call, unused);
            }

            private void changed(ExpressionTree target) {
                ExpressionTree e = unwrap(target);
                if (e instanceof IdentifierTree id) {
                    changes.variables.add(id.getName().toString());
                } else if (e instanceof ArrayAccessTree access) {
                    addArray(access.getExpression());
                }
            }

            private void addArray(ExpressionTree array) {
                String name = arrayName(array);
                if (name != null) {
                    changes.arrays.add(name);
                }
            }

            private void deviceFunctionCall(MethodInvocationTree call) {
                String name = ClassTranslator.calledName(call);
                FunctionInfo callee = cls.deviceFunction(name);
                if (callee == null) {
                    return;
                }
                if (callee.usesBarrier()) {
                    changes.synchronises = true;
                }
                List<Variable> params = callee.params();
                for (int i = 0; i < params.size() && i < call.getArguments().size(); i++) {
                    if (params.get(i).type().isArray() && params.get(i).written()) {
                        addArray(call.getArguments().get(i));
                    }
                }
            }
        };
        for (Tree part : body) {
            scanner.scan(part, null);
        }
        return changes;
    }

    /** The KernelContext method a call invokes, or "" when it is not a context call. */
    private String contextMethod(MethodInvocationTree call) {
        if (call.getMethodSelect() instanceof MemberSelectTree select && select.getExpression() instanceof IdentifierTree id) {
            Variable v = scope.lookup(id.getName().toString());
            if (v != null && v.type() == JType.CONTEXT) {
                return select.getIdentifier().toString();
            }
        }
        return "";
    }

    /** The Java name of the array variable an expression names, or null. */
    private String arrayName(ExpressionTree t) {
        if (unwrap(t) instanceof IdentifierTree id) {
            Variable v = scope.lookup(id.getName().toString());
            if (v != null && v.type().isArray()) {
                return v.javaName();
            }
        }
        return null;
    }

    private static String name(ExpressionTree t) {
        return unwrap(t).toString();
    }

    private static ExpressionTree unwrap(ExpressionTree t) {
        ExpressionTree e = t;
        while (e instanceof ParenthesizedTree p) {
            e = p.getExpression();
        }
        return e;
    }
}
