package org.holdfast.tornado.api;

/** Something that runs task graphs: the CPU, all CPU cores, or a GPU. */
public interface TornadoDevice {

    /** Stable identifier used on the command line: {@code cpu}, {@code cpu-parallel}, {@code cuda:0}. */
    String id();

    /** One line for {@code --devices}: what the device is and what it has. */
    String description();

    /** Whether the device is a GPU (its timings come from device events). */
    boolean isGpu();

    /**
     * Prepares {@code graph} to run with {@code settings}: compiles or loads kernels and allocates
     * device memory. Nothing runs yet.
     */
    CompiledGraph compile(ImmutableTaskGraph graph, PlanSettings settings);
}
