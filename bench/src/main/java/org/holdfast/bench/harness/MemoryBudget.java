package org.holdfast.bench.harness;

import java.util.Locale;
import org.holdfast.kernels.problem.Problem;

/** Whether the host arrays of a size fit in the memory this Java runtime may use. */
public final class MemoryBudget {

    /**
     * Arrays of the problem's length alive at once at the peak of a size: the initial u, f and the reference
     * (held for the whole size), the mode's working u, and the copies of u and f that a plan's
     * warm-up keeps to restore them.
     */
    public static final int HOST_ARRAYS = 6;

    private MemoryBudget() {
    }

    /** Bytes of host memory the arrays of {@code problem} take. */
    public static long hostBytes(Problem problem) {
        return HOST_ARRAYS * problem.arrayBytes();
    }

    /** Throws with the figures when {@code problem} would not fit in {@code availableBytes}. */
    public static void requireFits(Problem problem, long availableBytes) {
        long needed = hostBytes(problem);
        if (needed > availableBytes) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "N = %d needs %s of memory for its arrays (%d arrays of %s doubles), but this Java runtime may use %s;"
                            + " give it more with HOLDFAST_JAVA_OPTS=-Xmx<size>",
                    problem.n(), gib(needed), HOST_ARRAYS, problem.shape(), gib(availableBytes)));
        }
    }

    /** What this JVM can still allocate, roughly: its maximum heap less what is in use. */
    public static long availableBytes() {
        Runtime runtime = Runtime.getRuntime();
        return runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
    }

    public static String gib(long bytes) {
        return String.format(Locale.ROOT, "%.1f GiB", bytes / (1024.0 * 1024 * 1024));
    }
}
