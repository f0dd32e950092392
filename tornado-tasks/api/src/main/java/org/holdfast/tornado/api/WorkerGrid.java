package org.holdfast.tornado.api;

import java.util.Arrays;

/**
 * The threads a task runs with: a global size and a group (CUDA block) size per dimension.
 *
 * <p>The global size is rounded up to a multiple of the group size; kernels see the rounded size.
 */
public abstract sealed class WorkerGrid permits WorkerGrid1D, WorkerGrid2D, WorkerGrid3D {

    private final int dimensions;
    private final long[] global = {1, 1, 1};
    private final int[] local = {1, 1, 1};
    private int dynamicSharedBytes;

    WorkerGrid(int dimensions, long x, long y, long z) {
        this.dimensions = dimensions;
        setGlobalWork(x, y, z);
        setLocalWork(Math.min(defaultLocal(dimensions), (int) Math.min(x, Integer.MAX_VALUE)), 1, 1);
    }

    private static int defaultLocal(int dimensions) {
        return dimensions == 1 ? 256 : 16;
    }

    /** Sets the global number of threads per dimension (each at least 1). */
    public final WorkerGrid setGlobalWork(long x, long y, long z) {
        long[] values = {x, y, z};
        for (int d = 0; d < 3; d++) {
            if (values[d] < 1) {
                throw new IllegalArgumentException("global work in dimension " + d + " must be at least 1, got " + values[d]);
            }
        }
        System.arraycopy(values, 0, global, 0, 3);
        return this;
    }

    /** Sets the group (block) size per dimension; the product must be at most 1024. */
    public final WorkerGrid setLocalWork(int x, int y, int z) {
        int[] values = {x, y, z};
        for (int d = 0; d < 3; d++) {
            if (values[d] < 1) {
                throw new IllegalArgumentException("local work in dimension " + d + " must be at least 1, got " + values[d]);
            }
        }
        if ((long) x * y * z > 1024) {
            throw new IllegalArgumentException("a group holds at most 1024 threads, got " + x + "x" + y + "x" + z);
        }
        System.arraycopy(values, 0, local, 0, 3);
        return this;
    }

    /**
     * Sets the dynamic shared memory of every group, in bytes: what the kernel's
     * {@code context.dynamicSharedDoubles()} (or Floats, Ints, Longs) hands it, on the CPU as on the
     * GPU (CUDA's launch parameter {@code sharedMemBytes}). 0, the default, gives none. The GPU
     * backend refuses before the launch a size beyond what a block may opt in to.
     */
    public final WorkerGrid setDynamicSharedBytes(int bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("dynamic shared memory cannot be negative, got " + bytes + " bytes");
        }
        this.dynamicSharedBytes = bytes;
        return this;
    }

    /** Dynamic shared bytes per group; 0 when the kernel takes none. */
    public final int dynamicSharedBytes() {
        return dynamicSharedBytes;
    }

    public final int dimensions() {
        return dimensions;
    }

    /** Global threads per dimension, rounded up to whole groups. */
    public final int[] globalWork() {
        int[] rounded = new int[3];
        for (int d = 0; d < 3; d++) {
            long groups = groups(d);
            long threads = groups * local[d];
            if (threads > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("global work in dimension " + d + " exceeds 2^31-1 threads: " + threads);
            }
            rounded[d] = (int) threads;
        }
        return rounded;
    }

    public final int[] localWork() {
        return local.clone();
    }

    /** Number of groups (CUDA blocks) per dimension. */
    public final int[] numberOfGroups() {
        int[] groups = new int[3];
        for (int d = 0; d < 3; d++) {
            groups[d] = Math.toIntExact(groups(d));
        }
        return groups;
    }

    private long groups(int d) {
        return (global[d] + local[d] - 1) / local[d];
    }

    @Override
    public String toString() {
        return "grid " + Arrays.toString(numberOfGroups()) + " x block " + Arrays.toString(local)
                + (dynamicSharedBytes > 0 ? ", " + dynamicSharedBytes + " dynamic shared bytes" : "");
    }
}
