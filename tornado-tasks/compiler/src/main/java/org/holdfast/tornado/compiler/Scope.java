package org.holdfast.tornado.compiler;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/** The variables visible at a point of one function body, and what the body has used so far. */
final class Scope {

    /**
     * What a body uses, itself or through calls, that needs a persistent or a cluster launch.
     *
     * @param stateFeature what needs the persistent state (a kernel marked {@code @Persistent}), as in
     *     "call to f, which waits at the grid barrier"; null when nothing does
     * @param gridBarrier whether it waits at the grid barrier
     * @param clusterFeature what needs a {@code @Cluster} launch, or null
     */
    record Uses(String stateFeature, boolean gridBarrier, String clusterFeature) {

        static final Uses NONE = new Uses(null, false, null);
    }

    private final FunctionInfo function;
    private final Deque<Map<String, Variable>> blocks = new ArrayDeque<>();
    private boolean usesBarrier;
    private int sharedBytes;
    private String dynamicShared;
    private Uses uses = Uses.NONE;

    Scope(FunctionInfo function) {
        this.function = function;
        blocks.push(new HashMap<>());
    }

    String functionName() {
        return function.javaName();
    }

    boolean kernel() {
        return function.kernel();
    }

    /** The kernel's launch ({@link FunctionInfo.Launch#PLAIN} in a device function). */
    FunctionInfo.Launch launch() {
        return function.launch();
    }

    void push() {
        blocks.push(new HashMap<>());
    }

    void pop() {
        blocks.pop();
    }

    void declare(Variable variable) {
        blocks.peek().put(variable.javaName(), variable);
    }

    /** The variable a simple name denotes, or null (then it may be a field). */
    Variable lookup(String name) {
        for (Map<String, Variable> block : blocks) {
            Variable v = block.get(name);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    boolean usesBarrier() {
        return usesBarrier;
    }

    void markBarrier() {
        usesBarrier = true;
    }

    int sharedBytes() {
        return sharedBytes;
    }

    void addSharedBytes(int bytes) {
        sharedBytes += bytes;
        usesBarrier = true;
    }

    /** Records that the kernel takes its dynamic shared memory as {@code name}; false when it already did. */
    boolean markDynamicShared(String name) {
        if (dynamicShared != null) {
            return false;
        }
        dynamicShared = name;
        usesBarrier = true;
        return true;
    }

    /** The local holding the kernel's dynamic shared memory, or null when it takes none. */
    String dynamicSharedName() {
        return dynamicShared;
    }

    Uses uses() {
        return uses;
    }

    /** Records a use of the persistent state (the first one names it in messages). */
    void needState(String feature, boolean gridBarrier) {
        uses = new Uses(uses.stateFeature() == null ? feature : uses.stateFeature(), uses.gridBarrier() || gridBarrier,
                uses.clusterFeature());
    }

    /** Records a use of a cluster feature (the first one names it in messages). */
    void needCluster(String feature) {
        uses = new Uses(uses.stateFeature(), uses.gridBarrier(), uses.clusterFeature() == null ? feature : uses.clusterFeature());
    }
}
