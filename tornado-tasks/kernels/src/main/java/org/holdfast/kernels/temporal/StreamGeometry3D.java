package org.holdfast.kernels.temporal;

/**
 * How a temporally blocked pass on the n x n x n cube is cut into items, one block each: tiles of
 * rows j and columns k, and segments of planes i ({@link TemporalKernels3D}). The rule is native-hip's
 * {@code plan_stream_geometry_3d} ({@code src/device/stream_geometry_3d.h}), so Java and native
 * launches cut the cube alike.
 *
 * @param tilesJ tiles across the interior rows 1 .. n-2, {@link TemporalKernels3D#ownedRows}(k) rows each
 * @param tilesK tiles across the interior columns 1 .. n-2, {@link TemporalKernels3D#ownedColumns}(k) each
 * @param segmentPlanes owned planes per segment
 * @param segments segments along the interior planes, none empty
 */
public record StreamGeometry3D(int tilesJ, int tilesK, int segmentPlanes, int segments) {

    /**
     * Items for {@code target} blocks at once (a wave): the tiles the cube needs, then the segments of
     * planes that finish soonest: rounds of the wave ({@code ceil(items / target)}) times the planes a
     * block streams ({@code ceil(interior / segments) + 2k}), the fewest segments among equals. One
     * segment fills a wave badly when the tiles are a little more than a wave (N = 512, k = 6: 150
     * tiles on 132 SMs, two rounds); more segments even the rounds out at 2k planes each.
     */
    public static StreamGeometry3D plan(int n, int k, int target) {
        int interior = n - 2;
        int tilesJ = ceilDiv(interior, TemporalKernels3D.ownedRows(k));
        int tilesK = ceilDiv(interior, TemporalKernels3D.ownedColumns(k));
        int wave = Math.max(target, 1);
        int segments = 1;
        long best = Long.MAX_VALUE;
        for (int candidate = 1; candidate <= interior; candidate++) {
            int planes = ceilDiv(interior, candidate);
            if (ceilDiv(interior, planes) != candidate) {
                continue; // the same cut as fewer segments
            }
            long rounds = ceilDiv((long) tilesJ * tilesK * candidate, wave);
            long time = rounds * (planes + 2L * k);
            if (time < best) {
                best = time;
                segments = candidate;
            }
        }
        int segmentPlanes = ceilDiv(interior, segments);
        return new StreamGeometry3D(tilesJ, tilesK, segmentPlanes, ceilDiv(interior, segmentPlanes));
    }

    /** Blocks of one pass: one per item. */
    public int blocks() {
        return tilesJ * tilesK * segments;
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }
}
