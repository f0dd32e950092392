package org.holdfast.tornado.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes an {@code int} parameter of a {@link Kernel} a compile-time constant: the kernel compiler
 * translates the kernel once per listed value, with the parameter replaced by that value, so that
 * the body may use it where C needs a constant (block-shared and per-thread array sizes, the trip
 * count of an {@link Unroll unrolled} loop) and every expression of it folds. Instance
 * {@code name_<param><value>} of kernel {@code name} (for example {@code streamPass_k8}) is a CUDA
 * kernel of its own, without the parameter; the GPU backend launches the instance the task's
 * argument names (a value not listed is an error before the launch). On the CPU the method is
 * called with the argument as it is. With several specialised parameters every combination is an
 * instance ({@code name_k8_t256}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface Specialize {

    /** The values the kernel is compiled for: at least one, each once. */
    int[] value();
}
