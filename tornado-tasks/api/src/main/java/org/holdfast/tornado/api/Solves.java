package org.holdfast.tornado.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The problem a class of kernels solves, by the name a harness gives it ({@code "poisson3d"}): what its
 * arrays and {@code n} mean. The kernel compiler does not read it; a harness that runs the class reads it
 * to know which grid to hand the kernels and which problem to check them against, and refuses to run
 * the class on another. A class without it solves the harness's first problem (Holdfast's: the 2D one,
 * {@code "poisson2d"}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Solves {

    /** The problem's name, as the harness spells it. */
    String value();
}
