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

    /** Iterations of a reference: a copy of the initial array after them. */
    @FunctionalInterface
    interface Iterations {
        double[] solve(double[] initialU, double[] f, int iterations);
    }

    /** One half-sweep of a reference, in place. */
    @FunctionalInterface
    interface HalfSweep {
        void halfSweep(double[] u, double[] f, int colour);
    }

    /** The reference whose methods are these: a problem's solver on one core, on every core, and its half-sweep. */
    static PlainReference of(Iterations onOneCore, Iterations onEveryCore, HalfSweep halfSweep) {
        return new PlainReference() {
            @Override
            public double[] solve(double[] initialU, double[] f, int iterations) {
                return onOneCore.solve(initialU, f, iterations);
            }

            @Override
            public double[] solveOnEveryCore(double[] initialU, double[] f, int iterations) {
                return onEveryCore.solve(initialU, f, iterations);
            }

            @Override
            public void halfSweep(double[] u, double[] f, int colour) {
                halfSweep.halfSweep(u, f, colour);
            }
        };
    }
}
