package org.holdfast.tornado.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Asks the kernel compiler to unroll a {@code for} loop: annotate the loop's variable in its
 * initialiser, {@code for (@Unroll int level = 1; level <= k; level++)}. On the GPU the loop gets
 * {@code #pragma unroll}, which unrolls it completely when its trip count is a compile-time constant
 * (literals, constants, {@link Specialize specialised} parameters, or, after inlining, constant
 * arguments of a device function), so that per-thread arrays indexed by the loop variable live in
 * registers. On the CPU the loop runs as written.
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.LOCAL_VARIABLE)
public @interface Unroll {
}
