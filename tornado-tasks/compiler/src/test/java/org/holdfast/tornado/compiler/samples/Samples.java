package org.holdfast.tornado.compiler.samples;

import java.util.List;

/**
 * Every sample kernel class; each goes through the kernel compiler when the tests are compiled, and so
 * does {@link SharedArithmetic}, which has device functions only.
 */
public final class Samples {

    public static final List<Class<?>> ALL = List.of(VectorKernels.class, IntegerKernels.class, ReductionKernels.class,
            StencilKernels.class, ControlFlowKernels.class, MathKernels.class, ConstantKernels.class, DeviceFunctionKernels.class, AtomicKernels.class,
            PersistentKernels.class, ClusterKernels.class, StuckKernels.class, TemporalConstructKernels.class,
            DynamicSharedKernels.class, ImportingKernels.class, LineKernels.class, SelectionKernels.class);

    private Samples() {
    }
}
