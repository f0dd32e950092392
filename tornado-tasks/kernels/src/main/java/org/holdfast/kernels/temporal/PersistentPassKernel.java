package org.holdfast.kernels.temporal;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import org.holdfast.tornado.api.KernelContext;

/**
 * The kernels that run every temporal pass of a run in one persistent launch: one body ({@code TemporalKernels.runPasses}),
 * compiled for two blocks per multiprocessor (the twin of native {@code temporal}) or for three (the twin of
 * {@code temporal-3blocks}), each at its own k.
 */
public enum PersistentPassKernel {
    /** {@link TemporalKernels#persistentPasses}: two blocks per multiprocessor, k of {@link TemporalKernels#SWEEPS}. */
    TWO_BLOCKS("persistentPasses", TemporalKernels.SWEEPS),
    /** {@link TemporalKernels#persistentPasses3Blocks}: three blocks per multiprocessor, k of {@link TemporalKernels#THREE_BLOCKS_SWEEPS}. */
    THREE_BLOCKS("persistentPasses3Blocks", TemporalKernels.THREE_BLOCKS_SWEEPS);

    private final String name;
    private final int[] sweeps;

    PersistentPassKernel(String name, int[] sweeps) {
        this.name = name;
        this.sweeps = sweeps;
    }

    /** The kernel's Java name; its instance for k is {@code <name>_k<k>}. */
    public String kernelName() {
        return name;
    }

    /** The half-sweeps per pass it is compiled for. */
    public int[] sweeps() {
        return sweeps.clone();
    }

    /** Whether it is compiled for k half-sweeps per pass. */
    public boolean compiledFor(int k) {
        return Arrays.stream(sweeps).anyMatch(s -> s == k);
    }

    /** The deepest k it is compiled for. */
    public int deepest() {
        return sweeps[sweeps.length - 1];
    }

    /** The kernel's method. */
    public Method kernel() {
        for (Method m : TemporalKernels.class.getMethods()) {
            if (m.getName().equals(name)) {
                return m;
            }
        }
        throw new IllegalStateException("TemporalKernels." + name + " is missing");
    }

    /** The task's arguments up to k, which choose the kernel's instance (the rest do not matter for that). */
    public List<Object> instanceArguments(int k) {
        return List.of(new KernelContext(), k);
    }
}
