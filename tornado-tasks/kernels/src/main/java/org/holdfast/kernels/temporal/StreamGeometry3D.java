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

    /** Items for about {@code target} blocks: the tiles the cube needs, then as many segments of planes as fill {@code target} blocks once, at least one. */
    public static StreamGeometry3D plan(int n, int k, int target) {
        int interior = n - 2;
        int tilesJ = ceilDiv(interior, TemporalKernels3D.ownedRows(k));
        int tilesK = ceilDiv(interior, TemporalKernels3D.ownedColumns(k));
        int wanted = Math.clamp(target / (tilesJ * tilesK), 1, interior);
        int segmentPlanes = ceilDiv(interior, wanted);
        return new StreamGeometry3D(tilesJ, tilesK, segmentPlanes, ceilDiv(interior, segmentPlanes));
    }

    /** Blocks of one pass: one per item. */
    public int blocks() {
        return tilesJ * tilesK * segments;
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }
}
