package org.holdfast.bench.harness;

import java.util.Optional;
import org.holdfast.bench.mode.UserKernels;

/**
 * Where a failure inside a user's kernel class happened, from the stack trace the CPU backend's
 * threads leave (the kernels run there as the Java methods they are): the kernel, and the Java line
 * of the deepest frame of the class (a device function's, when the kernel called one). The GPU
 * backend leaves no Java frame of the class, and its messages name the kernel themselves.
 */
final class UserKernelFailure {

    private UserKernelFailure() {
    }

    /**
     * {@code e} as one line that names the kernel and the Java line, where the stack trace has a frame
     * of {@code kernels}' class; {@code e}'s own line otherwise.
     */
    static String describe(Throwable e, UserKernels kernels) {
        return where(e, kernels).map(at -> at + ": " + Harness.oneLine(e)).orElse(Harness.oneLine(e));
    }

    /** "kernel black of org.example.MyKernels failed at MyKernels.java:52 (in relax)", from the first cause that has such a frame. */
    static Optional<String> where(Throwable e, UserKernels kernels) {
        String owner = kernels.className();
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            StackTraceElement deepest = null;
            StackTraceElement entry = null;
            for (StackTraceElement frame : cause.getStackTrace()) {
                if (frame.getClassName().equals(owner) || frame.getClassName().startsWith(owner + "$")) {
                    deepest = deepest == null ? frame : deepest;
                    entry = frame;
                }
            }
            if (deepest != null) {
                String line = deepest.getFileName() + ":" + deepest.getLineNumber();
                String in = deepest.getMethodName().equals(entry.getMethodName()) ? "" : " (in " + deepest.getMethodName() + ")";
                return Optional.of("kernel " + entry.getMethodName() + " of " + owner + " failed at " + line + in);
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return Optional.empty();
    }
}
