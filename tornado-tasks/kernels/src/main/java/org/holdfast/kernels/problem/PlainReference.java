package org.holdfast.kernels.problem;

/**
 * A problem's plain reference: red-black Gauss-Seidel written for clarity, which every mode must
 * equal bit for bit. A problem hands out its own ({@link Problem#reference()}).
 */
public interface PlainReference {

    /** The colour whose half-sweep comes first in an iteration. */
    int RED = 0;
    /** The colour whose half-sweep comes second. */
    int BLACK = 1;

    /** A copy of {@code initialU} after {@code iterations} iterations, on one core. */
    double[] solve(double[] initialU, double[] f, int iterations);

    /** As {@link #solve}, on every core, with the same result bit for bit. */
    double[] solveOnEveryCore(double[] initialU, double[] f, int iterations);

    /** Updates every interior point of {@code colour} ({@link #RED} or {@link #BLACK}) in place. */
    void halfSweep(double[] u, double[] f, int colour);
}
