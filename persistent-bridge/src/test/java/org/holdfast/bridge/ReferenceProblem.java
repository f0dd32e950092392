package org.holdfast.bridge;

/**
 * The Poisson problem of DESIGN.md and its sequential red-black reference, in the kernels'
 * arithmetic order (the bridge's tests cannot depend on the kernels module). The interior is
 * random (seeded by n): from a zero interior a few iterations leave most of a large grid at zero,
 * where a wrong halo would not show.
 */
final class ReferenceProblem {

    final int n;
    final double h2;
    final double[] initial;
    final double[] f;

    ReferenceProblem(int n) {
        this.n = n;
        final double d = 1.0 / (n - 1);
        this.h2 = d * d;
        this.initial = new double[n * n];
        this.f = new double[n * n];
        final java.util.Random random = new java.util.Random(n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                final double exact = Math.sin(2 * Math.PI * j * d) * Math.cos(2 * Math.PI * i * d);
                final boolean boundary = i == 0 || j == 0 || i == n - 1 || j == n - 1;
                initial[i * n + j] = boundary ? exact : 2 * random.nextDouble() - 1;
                f[i * n + j] = -8 * Math.PI * Math.PI * exact;
            }
        }
    }

    double[] solve(int iterations) {
        final double[] u = initial.clone();
        for (int iteration = 0; iteration < iterations; iteration++) {
            for (int colour = 0; colour < 2; colour++) {
                for (int i = 1; i < n - 1; i++) {
                    for (int j = 1; j < n - 1; j++) {
                        if (((i + j) & 1) == colour) {
                            final int c = i * n + j;
                            u[c] = (u[c + n] + u[c - n] + u[c + 1] + u[c - 1] - h2 * f[c]) * 0.25;
                        }
                    }
                }
            }
        }
        return u;
    }

    static double maxDifference(double[] expected, double[] actual) {
        double max = 0;
        for (int k = 0; k < expected.length; k++) {
            final double difference = Math.abs(expected[k] - actual[k]);
            max = Double.isNaN(difference) ? Double.POSITIVE_INFINITY : Math.max(max, difference);
        }
        return max;
    }
}
