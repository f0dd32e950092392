package org.holdfast.tornado.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@code static} helper that kernels of the same class may call.
 *
 * <p>It follows the same language rules as a {@link Kernel} body and becomes a {@code __device__}
 * function in the generated CUDA C. On the CPU it is an ordinary Java call.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface DeviceFunction {
}
