package org.holdfast.bench.harness;

import java.util.stream.IntStream;

/**
 * The host's memory copy bandwidth, the ceiling the CPU modes are compared with: a large copy
 * split across every core, as {@code cpu-parallel} is (one core alone reaches a fraction of it).
 */
public final class HostCopyBandwidth {

    /** 256 MiB per array: well past the caches of any CPU this runs on. */
    private static final int ELEMENTS = 32 * 1024 * 1024;
    private static final int ROUNDS = 5;

    private HostCopyBandwidth() {
    }

    /** Best of a few copies of a 256 MiB array on all cores, counting bytes read and written, in GB/s. */
    public static double measureGbPerSecond() {
        int elements = (int) Math.min(ELEMENTS, Math.max(1 << 20, MemoryBudget.availableBytes() / 8 / Double.BYTES));
        double[] source = new double[elements];
        double[] target = new double[elements];
        java.util.Arrays.fill(source, 1.0);
        int parts = Runtime.getRuntime().availableProcessors();
        long best = Long.MAX_VALUE;
        for (int round = 0; round < ROUNDS; round++) {
            long start = System.nanoTime();
            IntStream.range(0, parts).parallel().forEach(part -> {
                int from = (int) ((long) elements * part / parts);
                int to = (int) ((long) elements * (part + 1) / parts);
                System.arraycopy(source, from, target, from, to - from);
            });
            best = Math.min(best, System.nanoTime() - start);
        }
        if (target[elements - 1] != 1.0) {
            throw new IllegalStateException("the copy did not happen");
        }
        return 2.0 * elements * Double.BYTES / best;
    }
}
