package org.holdfast.tornado.api;

import org.holdfast.tornado.spi.GroupResources;

/**
 * What a kernel knows about the thread running it, in the style of TornadoVM's {@code KernelContext}.
 *
 * <p>Pass one instance as a task argument; every backend hands each thread a context with its own
 * indices. The fields are public for kernels to read (the compiler turns them into CUDA's
 * {@code threadIdx}, {@code blockIdx}, {@code blockDim} and {@code gridDim}); kernels must not
 * assign them. The global size of a dimension is the number of groups times the group size: a
 * worker grid whose global size is not a multiple of its local size is rounded up, so kernels
 * guard their indices.
 */
public class KernelContext {

    /** Global thread index in x, y and z. */
    public int globalIdx;
    public int globalIdy;
    public int globalIdz;

    /** Index of the thread inside its group (CUDA block) in x, y and z. */
    public int localIdx;
    public int localIdy;
    public int localIdz;

    /** Index of the group (CUDA block) in x, y and z. */
    public int groupIdx;
    public int groupIdy;
    public int groupIdz;

    /** Global number of threads in x, y and z (groups times group size). */
    public int globalGroupSizeX = 1;
    public int globalGroupSizeY = 1;
    public int globalGroupSizeZ = 1;

    /** Threads per group (CUDA block size) in x, y and z. */
    public int localGroupSizeX = 1;
    public int localGroupSizeY = 1;
    public int localGroupSizeZ = 1;

    /** The group's block-shared memory and barrier on the CPU; null when the backend needs none. */
    private GroupResources group;
    private int localArrayCalls;

    public KernelContext() {
    }

    /** Waits until every thread of the group has reached this call (CUDA's {@code __syncthreads()}). */
    public void localBarrier() {
        if (group == null) {
            throw new IllegalStateException(
                    "localBarrier() outside a backend that runs groups as threads: the kernel's metadata"
                            + " from the Holdfast kernel compiler is missing (is the annotation processor on the build?)");
        }
        group.barrier();
    }

    /** A block-shared array of {@code size} doubles (CUDA {@code __shared__}); size must be a constant. */
    public double[] allocateDoubleLocalArray(int size) {
        return (double[]) sharedArray(size, double[].class);
    }

    /** A block-shared array of {@code size} floats. */
    public float[] allocateFloatLocalArray(int size) {
        return (float[]) sharedArray(size, float[].class);
    }

    /** A block-shared array of {@code size} ints. */
    public int[] allocateIntLocalArray(int size) {
        return (int[]) sharedArray(size, int[].class);
    }

    /** A block-shared array of {@code size} longs. */
    public long[] allocateLongLocalArray(int size) {
        return (long[]) sharedArray(size, long[].class);
    }

    private Object sharedArray(int size, Class<?> type) {
        int call = localArrayCalls++;
        if (group == null) {
            throw new IllegalStateException("block-shared arrays need a backend that runs groups as threads: the kernel's"
                    + " metadata from the Holdfast kernel compiler is missing (is the annotation processor on the build?)");
        }
        return group.sharedArray(call, type, size);
    }

    /** Called by backends before a thread runs a kernel body. */
    public void bind(GroupResources groupResources) {
        this.group = groupResources;
        this.localArrayCalls = 0;
    }

    /** Sets the grid's sizes: global threads (a multiple of local) and group size, per dimension. */
    public void setSizes(int[] global, int[] local) {
        globalGroupSizeX = global[0];
        globalGroupSizeY = global[1];
        globalGroupSizeZ = global[2];
        localGroupSizeX = local[0];
        localGroupSizeY = local[1];
        localGroupSizeZ = local[2];
    }

    /** Places this context on the thread with these global indices; group and local indices follow. */
    public void setThread(int x, int y, int z) {
        globalIdx = x;
        globalIdy = y;
        globalIdz = z;
        // Most grids are one-dimensional with y = z = 0: skip the divisions there.
        groupIdx = x / localGroupSizeX;
        localIdx = x - groupIdx * localGroupSizeX;
        if ((y | z) == 0) {
            groupIdy = 0;
            groupIdz = 0;
            localIdy = 0;
            localIdz = 0;
        } else {
            groupIdy = y / localGroupSizeY;
            groupIdz = z / localGroupSizeZ;
            localIdy = y - groupIdy * localGroupSizeY;
            localIdz = z - groupIdz * localGroupSizeZ;
        }
        localArrayCalls = 0;
    }

    /** A context for one thread of a one-dimensional grid: {@code globalId} of {@code globalSize}, groups of one. */
    public static KernelContext forThread(int globalId, int globalSize) {
        KernelContext context = new KernelContext();
        context.setSizes(new int[] {globalSize, 1, 1}, new int[] {1, 1, 1});
        context.setThread(globalId, 0, 0);
        return context;
    }
}
