package org.holdfast.bench.mode;

import java.util.Optional;

/**
 * What a mode would run with one kernel source and one set of option values, as {@code --print-kernel} shows
 * it before anything runs: kernels generated from a Java class (whose CUDA C the printer shows), hand-written
 * native kernels (named with the file they come from), or nothing compiled for a GPU at all.
 *
 * @param what one or more lines: which kernels, in what order, and what is decided only at run time
 * @param generated the class whose generated CUDA C runs, or null
 */
public record KernelsThatRun(String what, Class<?> generated) {

    /** Kernels the Holdfast kernel compiler generated from {@code owner}. */
    public static KernelsThatRun generated(Class<?> owner, String what) {
        return new KernelsThatRun(owner.getName() + ": " + what, owner);
    }

    /** Hand-written kernels, or Java run as Java: nothing generated to show. */
    public static KernelsThatRun described(String what) {
        return new KernelsThatRun(what, null);
    }

    /** The class whose generated CUDA C runs. */
    public Optional<Class<?>> generatedClass() {
        return Optional.ofNullable(generated);
    }
}
