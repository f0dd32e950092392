package org.holdfast.tornado.compiler;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.MethodInvocationTree;
import java.util.List;
import java.util.Map;

/**
 * Calls of {@code KernelContext} methods: the block barrier; the grid barrier and bounded waits of
 * persistent kernels; atomics with memory order; the cluster barrier. Each becomes a call of a
 * {@link DeviceRuntime} helper (or {@code __syncthreads()}). A construct that needs a persistent or
 * cluster launch is an error in a kernel without that mark, and is recorded in a device function,
 * so that the kernels calling it are checked.
 */
final class ContextCalls {

    /** The context's methods a kernel may call, for the error about any other. */
    static final String METHODS = "localBarrier(), warpBarrier(), gridBarrier(), waitUntilAtLeast, atomicAdd, atomicCompareAndSet, loadAcquire,"
            + " storeRelease, storeLine, waitLine, clusterBarrier(), clusterArrive(), clusterWait(), mapSharedRank, mbarrierInit, mbarrierArriveExpectTx, storeAsync,"
            + " mbarrierWaitParity, shuffleUp, shuffleDown, opaque, allocateDoubleLocalArray/Float/Int/Long(SIZE) and"
            + " dynamicSharedDoubles/Floats/Ints/Longs()";

    /** The cluster fields of the context and the helpers that read them. */
    static final Map<String, String> CLUSTER_FIELDS = Map.of("clusterRank", "hf_cluster_rank", "clusterSize", "hf_cluster_size",
            "clusterIdx", "hf_cluster_index");

    private static final String PERSISTENT_HINT = "so that its groups are co-resident and every wait is bounded by the watchdog;"
            + " context.localBarrier() waits for the threads of one group";

    private final ClassContext cls;
    private final Scope scope;
    private final ExpressionTranslator exprs;

    ContextCalls(ClassContext cls, Scope scope, ExpressionTranslator exprs) {
        this.cls = cls;
        this.scope = scope;
        this.exprs = exprs;
    }

    /** {@code context.name(args)}; with {@code whole}, the call is a statement, an initialiser or a local's new value. */
    Expr call(MethodInvocationTree t, String name, boolean whole) {
        List<? extends ExpressionTree> args = t.getArguments();
        if (WarpShuffles.isShuffle(name)) {
            return new WarpShuffles(exprs, scope).shuffle(t, name, args);
        }
        switch (name) {
            case "localBarrier" -> {
                requireArguments(t, name, 0);
                scope.markBarrier();
                return Expr.of("__syncthreads()", JType.VOID, Expr.Prec.ATOM);
            }
            case "warpBarrier" -> {
                requireArguments(t, name, 0);
                scope.markBarrier(); // on the CPU the group's threads run together, as for localBarrier()
                return Expr.of("__syncwarp()", JType.VOID, Expr.Prec.ATOM);
            }
            case "gridBarrier" -> {
                requireArguments(t, name, 0);
                requirePersistent(t, "grid barrier", "waits at the grid barrier", true);
                scope.markBarrier();
                return runtimeCall("hf_grid_barrier", JType.VOID, DeviceRuntime.STATE);
            }
            case "waitUntilAtLeast" -> {
                requireArguments(t, name, 3);
                Element flag = element(t, name, args);
                Expr value = value(args.get(2), flag.type());
                requirePersistent(t, "wait for other groups", "waits for other groups", false);
                scope.markBarrier();
                return runtimeCall("hf_wait_at_least_s" + flag.bits(), JType.VOID, DeviceRuntime.STATE, flag.address(),
                        value.code(), flag.index().code());
            }
            case "atomicAdd" -> {
                requireArguments(t, name, 3);
                Element target = ordered(t, name, args, whole);
                target.array().markWritten();
                return runtimeCall("hf_atom_add_s" + target.bits(), target.type(), target.address(),
                        value(args.get(2), target.type()).code());
            }
            case "atomicCompareAndSet" -> {
                requireArguments(t, name, 4);
                Element target = ordered(t, name, args, whole);
                target.array().markWritten();
                return runtimeCall("hf_atom_cas_s" + target.bits(), JType.BOOLEAN, target.address(),
                        value(args.get(2), target.type()).code(), value(args.get(3), target.type()).code());
            }
            case "loadAcquire" -> {
                requireArguments(t, name, 2);
                Element source = ordered(t, name, args, whole);
                return runtimeCall("hf_ld_acquire_s" + source.bits(), source.type(), source.address());
            }
            case "storeRelease" -> {
                requireArguments(t, name, 3);
                Element target = ordered(t, name, args, whole);
                target.array().markWritten();
                return runtimeCall("hf_st_release_s" + target.bits(), JType.VOID, target.address(),
                        value(args.get(2), target.type()).code());
            }
            case "clusterBarrier" -> {
                return clusterBarrier(t, name, "cluster barrier", "waits at the cluster barrier", "hf_cluster_barrier");
            }
            case "clusterArrive" -> {
                return clusterBarrier(t, name, "cluster barrier arrival", "arrives at the cluster barrier", "hf_cluster_arrive");
            }
            case "clusterWait" -> {
                return clusterBarrier(t, name, "cluster barrier wait", "waits at the cluster barrier", "hf_cluster_wait");
            }
            case "storeLine" -> {
                requireArguments(t, name, 4);
                Variable lines = lines(t, name, args, whole);
                lines.markWritten();
                return runtimeCall("hf_store_line", JType.VOID, lines.cName(), index(args.get(1)).code(),
                        value(args.get(2), JType.DOUBLE).code(), value(args.get(3), JType.INT).code());
            }
            case "waitLine" -> {
                requireArguments(t, name, 3);
                Variable lines = lines(t, name, args, whole);
                Expr line = index(args.get(1));
                Expr flag = value(args.get(2), JType.INT);
                requirePersistent(t, "wait for other groups", "waits for other groups", false);
                scope.markBarrier();
                return runtimeCall("hf_wait_line", JType.DOUBLE, DeviceRuntime.STATE, lines.cName(), line.code(), flag.code());
            }
            case "mbarrierInit", "mbarrierArriveExpectTx" -> {
                // (barriers, index, arrivals) or (barriers, index, bytes)
                requireArguments(t, name, 3);
                Element barrier = mbarrier(t, name, args, whole);
                requireCluster(t, "mbarrier", "uses an mbarrier");
                barrier.array().markWritten();
                return runtimeCall(name.equals("mbarrierInit") ? "hf_mbarrier_init" : "hf_mbarrier_arrive_expect_tx", JType.VOID,
                        barrier.address(), value(args.get(2), JType.INT).code());
            }
            case "mbarrierWaitParity" -> {
                requireArguments(t, name, 3);
                Element barrier = mbarrier(t, name, args, whole);
                Expr parity = value(args.get(2), JType.INT);
                requireCluster(t, "mbarrier", "uses an mbarrier");
                requirePersistent(t, "wait for other groups", "waits for other groups", false);
                scope.markBarrier();
                return runtimeCall("hf_mbarrier_wait_parity", JType.VOID, DeviceRuntime.STATE, barrier.address(), parity.code(),
                        barrier.index().code());
            }
            case "storeAsync" -> {
                requireArguments(t, name, 5);
                Variable remote = remoteShared(t, name, args.get(0));
                Expr index = index(args.get(1));
                Expr stored = value(args.get(2), JType.DOUBLE);
                Element barrier = mbarrier(t, name, args.subList(3, 5), whole);
                requireCluster(t, "asynchronous store into another block's shared memory", "stores into another block's shared memory");
                remote.markWritten();
                barrier.array().markWritten();
                return runtimeCall("hf_st_async", JType.VOID, "&" + remote.cName() + "[" + index.code() + "]", stored.code(),
                        barrier.address());
            }
            case "opaque" -> {
                requireArguments(t, name, 1);
                return runtimeCall("hf_opaque_s32", JType.INT, value(args.get(0), JType.INT).code());
            }
            case "mapSharedRank" -> throw Errors.unsupported(t, "context.mapSharedRank here",
                    "it must initialise a local, as in double[] left = context.mapSharedRank(tile, rank);");
            default -> {
                if (name.startsWith("allocate") && name.endsWith("LocalArray") || name.startsWith("dynamicShared")) {
                    throw Errors.unsupported(t, "block-shared array allocation here",
                            "it must initialise a local at the top level of a kernel body, as in double[] tile = context.allocateDoubleLocalArray(SIZE);");
                }
                throw Errors.unsupported(t, "KernelContext method " + name, "kernels may call " + METHODS);
            }
        }
    }

    /** The cluster barrier, or one of its halves: a hardware barrier of every thread of the cluster. */
    private Expr clusterBarrier(MethodInvocationTree t, String name, String what, String feature, String helper) {
        requireArguments(t, name, 0);
        requireCluster(t, what, feature);
        scope.markBarrier();
        return runtimeCall(helper, JType.VOID);
    }

    /**
     * The C of a cluster-shared local's initialiser: {@code context.mapSharedRank(shared, rank)}, with
     * {@code shared} a block-shared array of the kernel. Returns the mapped array's element type.
     */
    Expr mapSharedRank(MethodInvocationTree t) {
        requireArguments(t, "mapSharedRank", 2);
        if (!scope.kernel()) {
            throw Errors.unsupported(t, "context.mapSharedRank in the @DeviceFunction " + scope.functionName(),
                    "map the block-shared array in the kernel and pass the mapped array as an argument");
        }
        requireCluster(t, "block-shared array of another block of the cluster", "maps another block's shared array");
        ExpressionTree arrayTree = t.getArguments().get(0);
        Variable shared = exprs.arrayVariable(arrayTree);
        if (shared.kind() != Variable.Kind.SHARED) {
            throw Errors.unsupported(arrayTree, "context.mapSharedRank of " + shared.javaName() + ", which is not a block-shared array",
                    "map an array the kernel allocated with context.allocateDoubleLocalArray(SIZE) (or Float, Int, Long)");
        }
        Expr rank = index(t.getArguments().get(1));
        cls.useRuntime("hf_map_shared_rank");
        return Expr.of("hf_map_shared_rank(" + shared.cName() + ", " + rank.code() + ")", shared.type(), Expr.Prec.ATOM);
    }

    // ----- launch marks -----

    /** A construct that needs the persistent state: an error in a kernel that is not {@code @Persistent}. */
    private void requirePersistent(MethodInvocationTree t, String what, String feature, boolean gridBarrier) {
        if (scope.kernel() && !scope.launch().persistent()) {
            throw Errors.unsupported(t, what + " in kernel " + scope.functionName() + ", which is not @Persistent",
                    "annotate " + scope.functionName() + " with @Persistent, " + PERSISTENT_HINT);
        }
        scope.needState(feature, gridBarrier);
    }

    /** A call of a device function that waits for other groups: an error in a kernel that is not {@code @Persistent}. */
    void requirePersistentForCall(MethodInvocationTree t, String callee, Scope.Uses uses) {
        if (uses.stateFeature() != null) {
            if (scope.kernel() && !scope.launch().persistent()) {
                throw Errors.unsupported(t, "call to " + callee + ", which " + uses.stateFeature() + ", in kernel "
                        + scope.functionName() + ", which is not @Persistent", "annotate " + scope.functionName()
                        + " with @Persistent, " + PERSISTENT_HINT);
            }
            scope.needState(uses.stateFeature(), uses.gridBarrier());
        }
        if (uses.clusterFeature() != null) {
            if (scope.kernel() && !scope.launch().cluster()) {
                throw Errors.unsupported(t, "call to " + callee + ", which " + uses.clusterFeature() + ", in kernel "
                        + scope.functionName() + ", which is not @Cluster", "annotate " + scope.functionName()
                        + " with @Cluster(SIZE) to launch it in clusters of SIZE groups");
            }
            scope.needCluster(uses.clusterFeature());
        }
    }

    private void requireCluster(MethodInvocationTree t, String what, String feature) {
        if (scope.kernel() && !scope.launch().cluster()) {
            throw Errors.unsupported(t, what + " in kernel " + scope.functionName() + ", which is not @Cluster",
                    "annotate " + scope.functionName() + " with @Cluster(SIZE) to launch it in clusters of SIZE groups");
        }
        scope.needCluster(feature);
    }

    // ----- arguments -----

    /** The element an atomic, acquire load, release store or wait works on. */
    private record Element(Variable array, Expr index) {

        JType type() {
            return array.type().element();
        }

        /** 32 or 64. */
        int bits() {
            return type().bytes() * 8;
        }

        String address() {
            return "&" + array.cName() + "[" + index.code() + "]";
        }
    }

    /**
     * The element of an ordered operation; it must be a whole statement or initialiser, because C
     * would be free to move the operands around it that Java evaluates before or after it.
     */
    private Element ordered(MethodInvocationTree t, String name, List<? extends ExpressionTree> args, boolean whole) {
        Element element = element(t, name, args);
        requireWhole(t, name, whole);
        return element;
    }

    private static void requireWhole(MethodInvocationTree t, String name, boolean whole) {
        if (!whole) {
            throw Errors.unsupported(t, "context." + name + " inside an expression",
                    "it orders memory, so Java's order needs it as a statement of its own, a local's initialiser or a returned value");
        }
    }

    private Element element(MethodInvocationTree t, String name, List<? extends ExpressionTree> args) {
        Variable array = exprs.arrayVariable(args.get(0));
        if (array.type() != JType.INT_ARRAY && array.type() != JType.LONG_ARRAY) {
            throw Errors.unsupported(t, "context." + name + " on " + array.type().java() + " " + array.javaName(),
                    "atomics and waits work on int[] and long[]: floating-point atomics make a result depend on the order in"
                            + " which threads arrive, so it could not equal the CPU's bit for bit; count in int or long, or reduce"
                            + " in a tree behind context.localBarrier()");
        }
        return new Element(array, index(args.get(1)));
    }

    /**
     * The array of a self-flagged line access: a {@code long[]} parameter, so global memory, where other
     * blocks poll it. Like an atomic, the access must be a whole statement or initialiser.
     */
    private Variable lines(MethodInvocationTree t, String name, List<? extends ExpressionTree> args, boolean whole) {
        Variable lines = exprs.arrayVariable(args.get(0));
        if (lines.type() != JType.LONG_ARRAY) {
            throw Errors.unsupported(t, "context." + name + " on " + lines.type().java() + " " + lines.javaName(),
                    "a line is two longs of a long[] (the data's halves, each with the flag beside it), so that one"
                            + " 16-byte access carries the data and its flag together; pass a long[] parameter");
        }
        if (lines.kind() != Variable.Kind.PARAMETER) {
            String what = lines.kind() == Variable.Kind.PRIVATE ? "the per-thread array " : "the block-shared array ";
            throw Errors.unsupported(t, "context." + name + " on " + what + lines.javaName(),
                    "lines are in global memory, where the other blocks poll them (st/ld.global); pass a long[] parameter,"
                            + " or exchange within a cluster through context.mapSharedRank and the cluster barrier");
        }
        requireWhole(t, name, whole);
        return lines;
    }

    /**
     * The mbarrier of an init, arrival or wait: an element of a {@code long[]} in this group's own shared
     * memory (the {@code shared::cta} instructions), as a whole statement. In a device function a
     * parameter is taken on trust: what its callers pass is not followed.
     */
    private Element mbarrier(MethodInvocationTree t, String name, List<? extends ExpressionTree> args, boolean whole) {
        Variable barriers = exprs.arrayVariable(args.get(0));
        if (barriers.type() != JType.LONG_ARRAY) {
            throw Errors.unsupported(t, "context." + name + " on " + barriers.type().java() + " " + barriers.javaName(),
                    "an mbarrier is 8 bytes of the group's shared memory: a long of a block-shared long[]"
                            + " (context.allocateLongLocalArray(SIZE))");
        }
        boolean trusted = barriers.kind() == Variable.Kind.SHARED || barriers.kind() == Variable.Kind.PARAMETER && !scope.kernel();
        if (!trusted) {
            throw Errors.unsupported(t, "context." + name + " on " + barriers.javaName() + ", which is not this group's block-shared array",
                    "an mbarrier lives in the group's own shared memory, where its threads wait on it (mbarrier ... shared::cta);"
                            + " allocate it with context.allocateLongLocalArray(SIZE), and name it by this group's array in"
                            + " context.storeAsync, which completes on the same mbarrier of the group it stores into");
        }
        requireWhole(t, name, whole);
        return new Element(barriers, index(args.get(1)));
    }

    /**
     * The target of an asynchronous store: a {@code double[]} of another group of the cluster
     * ({@code context.mapSharedRank}). In a device function a parameter is taken on trust.
     */
    private Variable remoteShared(MethodInvocationTree t, String name, ExpressionTree tree) {
        Variable array = exprs.arrayVariable(tree);
        if (array.type() != JType.DOUBLE_ARRAY) {
            throw Errors.unsupported(t, "context." + name + " into " + array.type().java() + " " + array.javaName(),
                    "it stores a double into a double[]");
        }
        boolean trusted = array.kind() == Variable.Kind.CLUSTER_SHARED || array.kind() == Variable.Kind.PARAMETER && !scope.kernel();
        if (!trusted) {
            throw Errors.unsupported(t, "context." + name + " into " + array.javaName() + ", which is not a mapped block-shared array",
                    "st.async writes the shared memory of a group of the cluster; map it with context.mapSharedRank(shared, rank)");
        }
        return array;
    }

    private Expr index(ExpressionTree tree) {
        Expr index = exprs.expr(tree);
        exprs.requireScalar(tree, index);
        exprs.requireAssignable(tree, index, JType.INT);
        return index;
    }

    private Expr value(ExpressionTree tree, JType type) {
        Expr value = exprs.expr(tree);
        exprs.requireScalar(tree, value);
        exprs.requireAssignable(tree, value, type);
        return exprs.convert(value, type);
    }

    private static void requireArguments(MethodInvocationTree t, String name, int count) {
        if (t.getArguments().size() != count) {
            throw Errors.unsupported(t, "context." + name + " with " + t.getArguments().size() + " arguments",
                    "it takes " + count);
        }
    }

    private Expr runtimeCall(String helper, JType result, String... args) {
        cls.useRuntime(helper);
        return Expr.of(helper + "(" + String.join(", ", args) + ")", result, Expr.Prec.ATOM);
    }
}
