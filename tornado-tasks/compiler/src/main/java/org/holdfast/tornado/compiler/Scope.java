package org.holdfast.tornado.compiler;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/** The variables visible at a point of one function body, and what the body has used so far. */
final class Scope {

    private final String functionName;
    private final boolean kernel;
    private final Deque<Map<String, Variable>> blocks = new ArrayDeque<>();
    private boolean usesBarrier;
    private int sharedBytes;

    Scope(String functionName, boolean kernel) {
        this.functionName = functionName;
        this.kernel = kernel;
        blocks.push(new HashMap<>());
    }

    String functionName() {
        return functionName;
    }

    boolean kernel() {
        return kernel;
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
}
