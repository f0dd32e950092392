package org.holdfast.tornado.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@code public static void} method as a GPU kernel.
 *
 * <p>The Holdfast kernel compiler (an annotation processor) translates the method body to CUDA C
 * at build time; the CPU backends run the same method as plain Java. The first parameter may be a
 * {@link KernelContext}, which gives the thread's indices and sizes. Everything the body may use is
 * listed in {@code docs/kernel-language.md}; anything else is a compile error.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Kernel {
}
