package org.holdfast.kernels.problem;

import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.TaskMethods;
import org.holdfast.tornado.api.TornadoFunctions.Task5;

/**
 * A problem's standard red and black kernels, as method references to {@code @Kernel} methods that
 * take {@code (KernelContext context, double[] u, double[] f, int n, double h2)}: the signature every
 * problem's half-sweeps share, so that one task graph ({@code PoissonTaskGraph}) launches any of them.
 */
public record HalfSweepKernels(Task5<KernelContext, double[], double[], Integer, Double> red,
        Task5<KernelContext, double[], double[], Integer, Double> black) {

    /** The class that holds them, whose generated CUDA C runs on the GPU. */
    public Class<?> owner() {
        return TaskMethods.resolve(red).getDeclaringClass();
    }
}
