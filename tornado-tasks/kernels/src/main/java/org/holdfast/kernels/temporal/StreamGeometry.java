package org.holdfast.kernels.temporal;

/**
 * How a temporally blocked pass at n x n is cut into items, one block each: strips of columns,
 * segments of rows ({@link TemporalKernels}). The rule is native-hip's {@code plan_stream_geometry}
 * ({@code src/device/stream_geometry.h}), so Java and native launches cut the grid alike.
 *
 * @param stripWidth owned columns per strip, even: strip s owns columns [s w, (s + 1) w) of the interior
 * @param strips strips across the interior columns 1 .. n-2
 * @param segmentRows owned rows per segment
 * @param segments segments down the interior rows, none empty
 */
public record StreamGeometry(int stripWidth, int strips, int segmentRows, int segments) {

    /**
     * Items for about {@code target} blocks: strips as wide as a block allows (2 columns per thread
     * less the ghost borders), balanced and even; then as many segments of rows as fill
     * {@code target} blocks once, at least one.
     */
    public static StreamGeometry plan(int n, int k, int target) {
        int columns = n - 1; // the interior columns 1 .. n-2 lie in [0, n - 1)
        int strips = ceilDiv(columns, 2 * TemporalKernels.THREADS - 2 * TemporalKernels.halo(k));
        int width = ceilDiv(columns, strips);
        width += width & 1;
        strips = ceilDiv(columns, width); // rounding up to even can leave the last strip empty
        int rows = n - 2;
        int wanted = Math.clamp(target / strips, 1, rows);
        int segmentRows = ceilDiv(rows, wanted);
        return new StreamGeometry(width, strips, segmentRows, ceilDiv(rows, segmentRows));
    }

    /** Blocks of one pass: one per item. */
    public int blocks() {
        return strips * segments;
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }
}
