package org.holdfast.tornado.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Tells the GPU compiler the largest block a {@link Kernel} is launched with and how many blocks
 * should fit on a multiprocessor, so that it budgets registers for that (CUDA's
 * {@code __launch_bounds__(maxThreads, minBlocksPerMultiprocessor)}): at 256 threads and 2 blocks,
 * at most 128 registers per thread. A launch with more threads per block fails before it starts.
 * The CPU backends ignore it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface LaunchBounds {

    /** The most threads per block the kernel is launched with (1 to 1024). */
    int maxThreads();

    /** Blocks that should be resident on one multiprocessor at once; 0 leaves it to the compiler. */
    int minBlocksPerMultiprocessor() default 0;
}
