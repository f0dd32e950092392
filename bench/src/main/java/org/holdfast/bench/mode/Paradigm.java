package org.holdfast.bench.mode;

/** How a mode runs the solver: on the CPU, as standard GPU launches, or as one persistent GPU kernel. */
public enum Paradigm {
    CPU, STANDARD, PERSISTENT;

    /** Whether a mode of this paradigm runs on the GPU. */
    public boolean needsGpu() {
        return this != CPU;
    }
}
