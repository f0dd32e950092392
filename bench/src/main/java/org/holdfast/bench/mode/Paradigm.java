package org.holdfast.bench.mode;

/**
 * How a mode runs the solver: on the CPU, as standard GPU launches, as one persistent GPU kernel, or
 * as standard launches made by real TornadoVM (on the GPU, through TornadoVM's own driver).
 */
public enum Paradigm {
    CPU, STANDARD, PERSISTENT, TORNADOVM;

    /** Whether a mode of this paradigm runs on the GPU. */
    public boolean needsGpu() {
        return this != CPU;
    }
}
