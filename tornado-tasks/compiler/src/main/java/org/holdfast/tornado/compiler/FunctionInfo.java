package org.holdfast.tornado.compiler;

import java.util.List;

/** A translated kernel or device function: what callers and the metadata need to know about it. */
final class FunctionInfo {

    /**
     * How a kernel is launched, from its annotations.
     *
     * @param persistent whether it is {@code @Persistent}: co-resident, with the control block and watchdog
     * @param threadsPerBlock a persistent kernel's group size when the plan gives no worker grid
     * @param clusterSize its {@code @Cluster} size, {@link #WHOLE_GRID}, or 0 without clusters
     */
    record Launch(boolean persistent, int threadsPerBlock, int clusterSize) {

        static final Launch PLAIN = new Launch(false, 0, 0);

        /** The API's {@code Cluster.WHOLE_GRID}: the grid is one cluster, its size chosen at launch. */
        static final int WHOLE_GRID = -1;

        /** Whether the kernel is {@code @Cluster} (of any size). */
        boolean cluster() {
            return clusterSize != 0;
        }
    }

    private final String javaName;
    private final String cName;
    private final boolean kernel;
    private final JType returnType;
    private final List<Variable> params;
    private final Launch launch;
    private String launchBounds = "";
    private boolean usesBarrier;
    private int sharedBytes;
    private boolean dynamicShared;
    private Scope.Uses uses = Scope.Uses.NONE;
    private String code = "";

    FunctionInfo(String javaName, String cName, boolean kernel, JType returnType, List<Variable> params, Launch launch) {
        this.javaName = javaName;
        this.cName = cName;
        this.kernel = kernel;
        this.returnType = returnType;
        this.params = List.copyOf(params);
        this.launch = launch;
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

    /** A kernel's {@code __launch_bounds__(...) } (with a trailing space), or "". */
    String launchBounds() {
        return launchBounds;
    }

    void setLaunchBounds(String bounds) {
        launchBounds = bounds;
    }

    /**
     * The instance {@code cName} of this specialised kernel: the same Java method with its
     * specialised parameters bound to {@code values} (in parameter order).
     */
    FunctionInfo instance(String instanceName, List<Specializations.Parameter> specialized, List<Integer> values) {
        List<Variable> bound = new java.util.ArrayList<>(params);
        for (int i = 0; i < specialized.size(); i++) {
            Variable p = params.get(specialized.get(i).index());
            Variable constant = new Variable(p.javaName(), p.cName(), p.type(), Variable.Kind.SPECIALIZED);
            constant.setConstantValue(values.get(i));
            bound.set(specialized.get(i).index(), constant);
        }
        FunctionInfo copy = new FunctionInfo(javaName, instanceName, kernel, returnType, bound, launch);
        copy.launchBounds = launchBounds;
        return copy;
    }

    /** A kernel's launch; {@link Launch#PLAIN} for device functions. */
    Launch launch() {
        return launch;
    }

    /** Whether it waits at the block barrier or declares block-shared arrays, itself or through a call. */
    boolean usesBarrier() {
        return usesBarrier;
    }

    int sharedBytes() {
        return sharedBytes;
    }

    /** Whether the kernel takes the launch's dynamic shared memory. */
    boolean dynamicShared() {
        return dynamicShared;
    }

    /** What it uses, itself or through a call, that needs a persistent or cluster launch. */
    Scope.Uses uses() {
        return uses;
    }

    /** Whether its first KernelContext parameter carries the persistent state (it waits for other groups). */
    /**
     * Whether the function waits for other threads (a barrier of any scope, a bounded wait, a warp shuffle, block-shared
     * memory), itself or through a call: then its arrays are not {@code __restrict__} (MethodTranslator.restrict).
     */
    boolean synchronizes() {
        return usesBarrier || uses.stateFeature() != null || uses.clusterFeature() != null;
    }

    boolean takesState() {
        return !kernel && uses.stateFeature() != null;
    }

    String code() {
        return code;
    }

    /** Whether a call to it must stay a statement of its own: it stores into an array or waits at a barrier. */
    boolean hasEffects() {
        return usesBarrier || params.stream().anyMatch(p -> p.type().isArray() && p.written());
    }

    void finish(boolean barrier, int shared, boolean dynamic, Scope.Uses used, String cCode) {
        this.usesBarrier = barrier;
        this.sharedBytes = shared;
        this.dynamicShared = dynamic;
        this.uses = used;
        this.code = cCode;
    }
}
