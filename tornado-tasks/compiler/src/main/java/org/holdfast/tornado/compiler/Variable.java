package org.holdfast.tornado.compiler;

/** A parameter or local of a kernel or device function. */
final class Variable {

    /** Where a variable lives. */
    enum Kind {
        PARAMETER, LOCAL, SHARED,
        /** A per-thread array of constant size ({@code new double[K]}). */
        PRIVATE,
        /** A {@code @Specialize}d parameter, bound to one value in each instance of its kernel (a constant). */
        SPECIALIZED,
        /** An array local that maps a block-shared array of another block of the cluster (distributed shared memory). */
        CLUSTER_SHARED,
        /** An array local that names one of several arrays ({@code double[] in = even ? u : scratch;}): its sources. */
        SELECTED
    }

    private final String javaName;
    private final String cName;
    private final JType type;
    private final Kind kind;
    private boolean written;
    private boolean poisoned;
    private Object constantValue;
    private java.util.List<Variable> sources = java.util.List.of();

    Variable(String javaName, String cName, JType type, Kind kind) {
        this.javaName = javaName;
        this.cName = cName;
        this.type = type;
        this.kind = kind;
    }

    /** A stand-in for a local whose declaration failed: its uses are not reported again. */
    static Variable poisoned(String javaName) {
        Variable v = new Variable(javaName, javaName, JType.VOID, Kind.LOCAL);
        v.poisoned = true;
        return v;
    }

    boolean poisoned() {
        return poisoned;
    }

    String javaName() {
        return javaName;
    }

    String cName() {
        return cName;
    }

    JType type() {
        return type;
    }

    Kind kind() {
        return kind;
    }

    /** Whether the body stores into this array (directly or through a device function). */
    boolean written() {
        return written;
    }

    void markWritten() {
        written = true;
        sources.forEach(Variable::markWritten);
    }

    /** The arrays a {@link Kind#SELECTED} local may name (itself for any other array). */
    java.util.List<Variable> roots() {
        return kind == Kind.SELECTED ? sources : java.util.List.of(this);
    }

    /** Makes this local a selection of {@code arrays} (each a root itself). */
    void selects(java.util.List<Variable> arrays) {
        sources = java.util.List.copyOf(arrays);
    }

    /** The value of a {@code final} local with a constant initialiser (usable as a block-shared array size), else null. */
    Object constantValue() {
        return constantValue;
    }

    void setConstantValue(Object value) {
        constantValue = value;
    }
}
