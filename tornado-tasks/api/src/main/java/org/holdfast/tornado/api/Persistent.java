package org.holdfast.tornado.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@link Kernel} as persistent: every group of its grid is resident at once, so groups may
 * wait for each other with {@link KernelContext#gridBarrier()} and
 * {@link KernelContext#waitUntilAtLeast(int[], int, int)}, and one launch can run many steps.
 *
 * <p>The mark is a contract with the backend, checked at compile time: a kernel (or a device
 * function it calls) that waits for other groups without it is a compile error. The CUDA backend
 * launches a persistent kernel cooperatively on a one-dimensional grid that fits on the GPU at once
 * (the occupancy API's blocks per multiprocessor times the multiprocessors) and refuses, before the
 * launch, a grid that cannot be co-resident. Every wait is bounded by a watchdog; one that expires
 * ends the run with a {@link WatchdogExpiredException} naming the wait, the group and the step.
 * {@code docs/kernel-language.md} says what each construct becomes on the GPU and means on the CPU.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Persistent {

    /** The default of {@link #threadsPerBlock()}: the persistent modes' block size. */
    int DEFAULT_THREADS_PER_BLOCK = 256;

    /**
     * Threads per group when the plan gives the task no worker grid; the backend then sizes the grid
     * itself (on the GPU, as many groups as can be co-resident). With a worker grid, its group size wins.
     */
    int threadsPerBlock() default DEFAULT_THREADS_PER_BLOCK;
}
