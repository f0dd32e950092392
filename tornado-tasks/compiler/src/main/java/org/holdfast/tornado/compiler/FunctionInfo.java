package org.holdfast.tornado.compiler;

import java.util.List;

/** A translated kernel or device function: what callers and the metadata need to know about it. */
final class FunctionInfo {

    private final String javaName;
    private final String cName;
    private final boolean kernel;
    private final JType returnType;
    private final List<Variable> params;
    private boolean usesBarrier;
    private int sharedBytes;
    private String code = "";

    FunctionInfo(String javaName, String cName, boolean kernel, JType returnType, List<Variable> params) {
        this.javaName = javaName;
        this.cName = cName;
        this.kernel = kernel;
        this.returnType = returnType;
        this.params = List.copyOf(params);
    }

    String javaName() {
        return javaName;
    }

    String cName() {
        return cName;
    }

    boolean kernel() {
        return kernel;
    }

    JType returnType() {
        return returnType;
    }

    /** The Java parameters in order, KernelContext ones included. */
    List<Variable> params() {
        return params;
    }

    /** Whether it waits at the block barrier or declares block-shared arrays, itself or through a call. */
    boolean usesBarrier() {
        return usesBarrier;
    }

    int sharedBytes() {
        return sharedBytes;
    }

    String code() {
        return code;
    }

    /** Whether a call to it must stay a statement of its own: it stores into an array or waits at a barrier. */
    boolean hasEffects() {
        return usesBarrier || params.stream().anyMatch(p -> p.type().isArray() && p.written());
    }

    void finish(boolean barrier, int shared, String cCode) {
        this.usesBarrier = barrier;
        this.sharedBytes = shared;
        this.code = cCode;
    }
}
