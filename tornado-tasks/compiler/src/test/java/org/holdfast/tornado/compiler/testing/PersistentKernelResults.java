package org.holdfast.tornado.compiler.testing;

import org.holdfast.tornado.compiler.samples.PersistentKernels;

/**
 * What the {@link PersistentKernels} samples must leave behind, computed sequentially: the tests that
 * run them (generated C on the host, the Java methods on the CPU backend) compare against these.
 */
public final class PersistentKernelResults {

    private PersistentKernelResults() {
    }

    /** {@code stagedSums}' slots after {@code rounds} rounds: group g adds g + round each round. */
    public static long[] stagedSlots(int groups, int rounds) {
        long[] slots = new long[groups];
        for (int round = 0; round < rounds; round++) {
            for (int g = 0; g < groups; g++) {
                slots[g] += g + round;
            }
        }
        return slots;
    }

    /** {@code stagedSums}' sums: every group of a round sees the total of every group's slot after that round. */
    public static long[] stagedSums(int groups, int rounds) {
        long[] slots = new long[groups];
        long[] sums = new long[rounds * groups];
        for (int round = 0; round < rounds; round++) {
            long total = 0;
            for (int g = 0; g < groups; g++) {
                slots[g] += g + round;
                total += slots[g];
            }
            for (int g = 0; g < groups; g++) {
                sums[round * groups + g] = total;
            }
        }
        return sums;
    }

    /** {@code chain}'s values: step s of group g adds its own previous step, its left neighbour's step s, and 1. */
    public static long[] chainValues(int groups, int steps) {
        long[] expected = new long[(steps + 1) * groups];
        for (int s = 1; s <= steps; s++) {
            for (int g = 0; g < groups; g++) {
                expected[s * groups + g] = expected[(s - 1) * groups + g] + (g > 0 ? expected[s * groups + g - 1] : 0) + 1;
            }
        }
        return expected;
    }

    /** One red-black iteration of {@code redBlack}, the plain sequential way, in place. */
    public static void sequentialIteration(double[] u, double[] f, int n, double h2) {
        for (int colour = 0; colour < 2; colour++) {
            for (int i = 1; i < n - 1; i++) {
                for (int j = 1; j < n - 1; j++) {
                    if (((i + j) & 1) == colour) {
                        int c = i * n + j;
                        u[c] = (u[c + n] + u[c - n] + u[c + 1] + u[c - 1] - h2 * f[c]) * 0.25;
                    }
                }
            }
        }
    }
}
