package org.holdfast.tornado.api;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.LongUnaryOperator;
import org.holdfast.tornado.spi.GridResources;
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
 *
 * <p>Persistent kernels ({@link Persistent}) also wait for other groups ({@link #gridBarrier()},
 * {@link #waitUntilAtLeast(int[], int, int)}); cluster kernels ({@link Cluster}) have a cluster rank
 * and size, a cluster barrier and each other's block-shared arrays. Atomics with memory order work
 * in every kernel. Each method's CUDA translation and CPU meaning are in
 * {@code docs/kernel-language.md}.
 */
public class KernelContext {

    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle DOUBLES = MethodHandles.arrayElementVarHandle(double[].class);

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

    /** Rank of the group in its cluster ({@link Cluster}): {@code groupIdx % clusterSize}; 0 without clusters. */
    public int clusterRank;

    /** Groups per cluster; 1 without clusters. */
    public int clusterSize = 1;

    /** Index of the group's cluster: {@code groupIdx / clusterSize}. */
    public int clusterIdx;

    /** The group's block-shared memory and barrier on the CPU; null when the backend needs none. */
    private GroupResources group;
    /** The grid's barrier, waits and clusters on the CPU; null unless the backend runs every group at once. */
    private GridResources grid;
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

    /**
     * Waits until every thread of this thread's warp has reached this call, and orders their block-shared
     * memory accesses around it (CUDA's {@code __syncwarp()}): the barrier of a group that is one warp, which
     * needs no block barrier. Every thread of the group must reach the call, as at {@link #localBarrier()}.
     * On the CPU every thread of the group waits (the group's barrier): the same where the group is one
     * warp, stronger otherwise.
     */
    public void warpBarrier() {
        if (group == null) {
            throw new IllegalStateException(
                    "warpBarrier() outside a backend that runs groups as threads: the kernel's metadata"
                            + " from the Holdfast kernel compiler is missing (is the annotation processor on the build?)");
        }
        group.barrier();
    }

    /**
     * {@code value} itself, which the GPU compiler may not see through: it cannot fold it, nor move what is
     * computed from it out of the loop the call stands in (CUDA: an empty {@code asm volatile} that claims to
     * change it). For a value decoded afresh every iteration on purpose, as native-hip's register kernels
     * decode each point's packed index every half-sweep, so that the decoded parts do not take registers
     * for the whole run. On the CPU it is the value.
     */
    public int opaque(int value) {
        return value;
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

    /**
     * The group's dynamic shared memory as doubles: an array of the launch's dynamic shared bytes
     * ({@link WorkerGrid#setDynamicSharedBytes(int)}) divided by 8, shared by the group's threads
     * (CUDA {@code extern __shared__}). A kernel takes it once, at the top level of its body; its
     * size comes from the launch, so it may exceed static shared memory's 48 KiB.
     */
    public double[] dynamicSharedDoubles() {
        return (double[]) dynamicSharedArray(double[].class);
    }

    /** {@link #dynamicSharedDoubles()} as floats: the launch's dynamic shared bytes divided by 4. */
    public float[] dynamicSharedFloats() {
        return (float[]) dynamicSharedArray(float[].class);
    }

    /** {@link #dynamicSharedDoubles()} as ints: the launch's dynamic shared bytes divided by 4. */
    public int[] dynamicSharedInts() {
        return (int[]) dynamicSharedArray(int[].class);
    }

    /** {@link #dynamicSharedDoubles()} as longs: the launch's dynamic shared bytes divided by 8. */
    public long[] dynamicSharedLongs() {
        return (long[]) dynamicSharedArray(long[].class);
    }

    private Object dynamicSharedArray(Class<?> type) {
        if (group == null) {
            throw new IllegalStateException("dynamic shared memory needs a backend that runs groups as threads: the kernel's"
                    + " metadata from the Holdfast kernel compiler is missing (is the annotation processor on the build?)");
        }
        return group.dynamicSharedArray(type);
    }

    private Object sharedArray(int size, Class<?> type) {
        int call = localArrayCalls++;
        if (group == null) {
            throw new IllegalStateException("block-shared arrays need a backend that runs groups as threads: the kernel's"
                    + " metadata from the Holdfast kernel compiler is missing (is the annotation processor on the build?)");
        }
        return group.sharedArray(call, type, size);
    }

    // ----- warp shuffles -----

    /** Threads per warp: the lanes a shuffle exchanges values among. */
    public static final int WARP_SIZE = 32;
    /** The keys of the shuffles' slots among the group's shared arrays (allocation calls count up from 0). */
    private static final int SHUFFLE_DOUBLES = -1;
    private static final int SHUFFLE_INTS = -2;

    /**
     * The {@code value} of the thread {@code delta} lanes below this one in its warp (the 32 threads
     * {@code localIdx / 32}), or this thread's own {@code value} when there is none (lane < delta):
     * CUDA's {@code __shfl_up_sync} over the full warp. Every thread of the group must reach the call,
     * as at {@link #localBarrier()}; groups are one-dimensional and a multiple of 32 threads. On the CPU
     * the group's threads exchange the values through an array between two barriers.
     */
    public double shuffleUp(double value, int delta) {
        return (double) shuffled(value, -delta, SHUFFLE_DOUBLES, double[].class);
    }

    /** The {@code value} of the thread {@code delta} lanes above this one in its warp, or its own at the warp's top: {@code __shfl_down_sync}. */
    public double shuffleDown(double value, int delta) {
        return (double) shuffled(value, delta, SHUFFLE_DOUBLES, double[].class);
    }

    /** {@link #shuffleUp(double, int)} of an int. */
    public int shuffleUp(int value, int delta) {
        return (int) shuffled(value, -delta, SHUFFLE_INTS, int[].class);
    }

    /** {@link #shuffleDown(double, int)} of an int. */
    public int shuffleDown(int value, int delta) {
        return (int) shuffled(value, delta, SHUFFLE_INTS, int[].class);
    }

    private Object shuffled(Object value, int offset, int key, Class<?> type) {
        if (group == null) {
            throw new IllegalStateException("warp shuffles need a backend that runs groups as threads: the kernel's metadata"
                    + " from the Holdfast kernel compiler is missing (is the annotation processor on the build?)");
        }
        Object slots = group.sharedArray(key, type, localGroupSizeX);
        java.lang.reflect.Array.set(slots, localIdx, value);
        group.barrier();
        int lane = localIdx % WARP_SIZE;
        boolean inWarp = lane + offset >= 0 && lane + offset < WARP_SIZE && localIdx + offset < localGroupSizeX;
        Object result = inWarp ? java.lang.reflect.Array.get(slots, localIdx + offset) : value;
        group.barrier(); // nobody overwrites a slot before every thread has read it
        return result;
    }

    /** Called by backends before a thread runs a kernel body. */
    public void bind(GroupResources groupResources) {
        this.group = groupResources;
        this.localArrayCalls = 0;
    }

    /** Called by backends that run every group at once, before a thread runs a persistent or cluster kernel. */
    public void bindGrid(GridResources gridResources) {
        this.grid = gridResources;
    }

    // ----- persistent kernels: waiting for other groups -----

    /**
     * Waits until every thread of every group of the grid has reached this call, and orders memory
     * across it: every write before it, by any thread, is seen by every read after it. Only in a
     * {@link Persistent} kernel, reached by every thread of every group. Bounded by the watchdog.
     */
    public void gridBarrier() {
        requireGrid("gridBarrier()").gridBarrier();
    }

    /**
     * Waits until {@code flags[index] >= value}, reading it with acquire order, so that what the
     * writer did before its {@link #storeRelease(int[], int, int) release store} is seen after the
     * wait. Only in a {@link Persistent} kernel; bounded by the watchdog (the error names this group,
     * {@code value} as the step, and {@code index}). Each calling thread waits for itself.
     */
    public void waitUntilAtLeast(int[] flags, int index, int value) {
        requireGrid("waitUntilAtLeast").waitUntil(() -> (int) INTS.getAcquire(flags, index) >= value, value, index);
    }

    /** {@link #waitUntilAtLeast(int[], int, int)} on a {@code long[]}; the step the watchdog names is {@code (int) value}. */
    public void waitUntilAtLeast(long[] flags, int index, long value) {
        requireGrid("waitUntilAtLeast").waitUntil(() -> (long) LONGS.getAcquire(flags, index) >= value, (int) value, index);
    }

    /**
     * Stores {@code data} into line {@code line} of {@code lines} with {@code flag}, as one self-flagged
     * line: a line is 16 bytes, two longs, {@code lines[2 * line]} = the low 32 bits of the data's bits
     * and the flag in its high 32 bits, {@code lines[2 * line + 1]} = the high 32 bits and the flag
     * (native-hip's {@code LLLine}), so a reader that sees the flag in both halves has the data without
     * a separate fence or flag. On the GPU one 16-byte store; here each half with release order.
     * {@code lines} is a {@code long[]} in global memory (a kernel's parameter, 16-byte aligned).
     */
    public void storeLine(long[] lines, int line, double data, int flag) {
        long bits = Double.doubleToRawLongBits(data);
        long tag = (long) flag << 32;
        LONGS.setRelease(lines, 2 * line, bits & 0xffff_ffffL | tag);
        LONGS.setRelease(lines, 2 * line + 1, bits >>> 32 | tag);
    }

    /**
     * Waits until line {@code line} of {@code lines} carries {@code flag} in both halves (see
     * {@link #storeLine}) and returns the data stored with it. Reads each half with acquire order.
     * Only in a {@link Persistent} kernel; bounded by the watchdog (the error names this group,
     * {@code flag} as the step and {@code line} as the element). Each calling thread waits for itself.
     */
    public double waitLine(long[] lines, int line, int flag) {
        long[] halves = new long[2];
        requireGrid("waitLine").waitUntil(() -> {
            halves[0] = (long) LONGS.getAcquire(lines, 2 * line);
            halves[1] = (long) LONGS.getAcquire(lines, 2 * line + 1);
            return (int) (halves[0] >>> 32) == flag && (int) (halves[1] >>> 32) == flag;
        }, flag, line);
        return Double.longBitsToDouble(halves[0] & 0xffff_ffffL | halves[1] << 32);
    }

    private GridResources requireGrid(String what) {
        if (grid == null) {
            throw new IllegalStateException(what + " needs a backend that runs every group of a @Persistent or @Cluster"
                    + " kernel at once, and this one runs groups one after another, where the wait would never end: the"
                    + " kernel's metadata from the Holdfast kernel compiler is missing (is the annotation processor on the build?)");
        }
        return grid;
    }

    // ----- atomics with memory order, at device scope -----

    /** Adds {@code value} to {@code array[index]} atomically (acquire and release); returns the old value. */
    public int atomicAdd(int[] array, int index, int value) {
        return (int) INTS.getAndAdd(array, index, value);
    }

    /** Adds {@code value} to {@code array[index]} atomically (acquire and release); returns the old value. */
    public long atomicAdd(long[] array, int index, long value) {
        return (long) LONGS.getAndAdd(array, index, value);
    }

    /** Sets {@code array[index]} to {@code desired} if it is {@code expected}, atomically (acquire and release); whether it did. */
    public boolean atomicCompareAndSet(int[] array, int index, int expected, int desired) {
        return INTS.compareAndSet(array, index, expected, desired);
    }

    /** Sets {@code array[index]} to {@code desired} if it is {@code expected}, atomically (acquire and release); whether it did. */
    public boolean atomicCompareAndSet(long[] array, int index, long expected, long desired) {
        return LONGS.compareAndSet(array, index, expected, desired);
    }

    /** Reads {@code array[index]} with acquire order: later reads see what the releasing writer wrote before. */
    public int loadAcquire(int[] array, int index) {
        return (int) INTS.getAcquire(array, index);
    }

    /** Reads {@code array[index]} with acquire order. */
    public long loadAcquire(long[] array, int index) {
        return (long) LONGS.getAcquire(array, index);
    }

    /** Writes {@code array[index]} with release order: a reader that acquires the value sees every earlier write. */
    public void storeRelease(int[] array, int index, int value) {
        INTS.setRelease(array, index, value);
    }

    /** Writes {@code array[index]} with release order. */
    public void storeRelease(long[] array, int index, long value) {
        LONGS.setRelease(array, index, value);
    }

    // ----- clusters -----

    /**
     * Waits until every thread of every group of this group's cluster has reached this call; writes
     * before it (to block-shared arrays of any group of the cluster, and to arrays) are seen by reads
     * after it in the cluster. Only in a {@link Cluster} kernel, reached by every thread of the cluster.
     */
    public void clusterBarrier() {
        requireGrid("clusterBarrier()").clusterBarrier();
    }

    /**
     * The first half of a split cluster barrier: records this thread's arrival at the cluster's current
     * phase and returns at once; its earlier writes (to block-shared arrays of any group of the cluster,
     * and to arrays) are released. {@link #clusterWait()} completes it. Work between the two overlaps the
     * other groups' arrival. Only in a {@link Cluster} kernel, reached by every thread of the cluster,
     * arrive and wait alternating.
     */
    public void clusterArrive() {
        requireGrid("clusterArrive()").clusterArrive();
    }

    /**
     * The second half of a split cluster barrier: waits until every thread of every group of the cluster
     * has arrived at the phase of this thread's {@link #clusterArrive()}, and acquires their writes.
     */
    public void clusterWait() {
        requireGrid("clusterWait()").clusterWait();
    }

    /**
     * The block-shared array {@code shared} of the group of cluster rank {@code rank} in this cluster
     * (CUDA distributed shared memory): reads and writes reach that group's array. {@code shared} is a
     * block-shared array the kernel allocated; rank {@link #clusterRank} gives {@code shared} itself.
     */
    public double[] mapSharedRank(double[] shared, int rank) {
        return (double[]) requireGrid("mapSharedRank").sharedArrayOfRank(shared, rank);
    }

    /** {@link #mapSharedRank(double[], int)} for a float array. */
    public float[] mapSharedRank(float[] shared, int rank) {
        return (float[]) requireGrid("mapSharedRank").sharedArrayOfRank(shared, rank);
    }

    /** {@link #mapSharedRank(double[], int)} for an int array. */
    public int[] mapSharedRank(int[] shared, int rank) {
        return (int[]) requireGrid("mapSharedRank").sharedArrayOfRank(shared, rank);
    }

    /** {@link #mapSharedRank(double[], int)} for a long array. */
    public long[] mapSharedRank(long[] shared, int rank) {
        return (long[]) requireGrid("mapSharedRank").sharedArrayOfRank(shared, rank);
    }

    // ----- mbarriers and asynchronous stores into a neighbour's shared memory -----

    /**
     * Makes {@code barriers[index]} (a block-shared {@code long[]}) an mbarrier in phase 0 whose phases
     * each complete after {@code arrivals} arrivals and the transaction bytes they announce, and makes
     * the initialisation visible to the other groups of the cluster (on the GPU {@code mbarrier.init}
     * and {@code fence.mbarrier_init.release.cluster}). A cluster barrier must follow before another
     * group stores into this group's shared memory against it. Only in a {@link Cluster} kernel.
     */
    public void mbarrierInit(long[] barriers, int index, int arrivals) {
        LONGS.setRelease(barriers, index, MbarrierState.initial(arrivals));
    }

    /**
     * One arrival on this group's mbarrier {@code barriers[index]} that also announces {@code bytes}
     * transaction bytes still to land in the current phase ({@link #storeAsync}); the phase completes
     * once every expected arrival has come and every announced byte has landed. Release order (at
     * block scope on the GPU): the thread's earlier writes come before it.
     */
    public void mbarrierArriveExpectTx(long[] barriers, int index, int bytes) {
        updateMbarrier(barriers, index, state -> MbarrierState.arrive(state, 1, bytes));
    }

    /**
     * Stores {@code value} into {@code remote[index]}, an array of another group of the cluster mapped
     * with {@link #mapSharedRank}, and counts its 8 bytes, when they have landed, on mbarrier
     * {@code barrier} of {@code barriers} in the group that holds {@code remote}: {@code barriers} is
     * this group's own block-shared array, which names the allocation (as {@link #mapSharedRank}'s
     * argument does). The value and its byte count travel together, so the receiver that sees the phase
     * complete sees the value, with no flag or fence (on the GPU one
     * {@code st.async ... mbarrier::complete_tx::bytes}, the receiver found with {@code getctarank} and
     * its mbarrier with {@code mapa}). Asynchronous: the thread does not wait for it. Only in a
     * {@link Cluster} kernel.
     */
    public void storeAsync(double[] remote, int index, double value, long[] barriers, int barrier) {
        long[] theirs = (long[]) requireGrid("storeAsync").sharedArrayOfOwner(barriers, remote);
        DOUBLES.setRelease(remote, index, value);
        updateMbarrier(theirs, barrier, state -> MbarrierState.completeBytes(state, Double.BYTES));
    }

    /**
     * Waits until the phase of {@code barriers[index]} (this group's mbarrier) with parity
     * {@code parity} has completed, and acquires (at cluster scope) what was written before it
     * completed: the asynchronous stores counted on it, and the arrivals' earlier writes. The phases
     * alternate parity 0, 1, 0, ...: phase {@code w} has parity {@code w & 1}. Only in a
     * {@link Persistent} {@link Cluster} kernel; bounded by the watchdog (the error names this group,
     * {@code parity} as the step and {@code index} as the element). Each calling thread waits for itself.
     */
    public void mbarrierWaitParity(long[] barriers, int index, int parity) {
        requireGrid("mbarrierWaitParity").waitUntil(
                () -> MbarrierState.phaseParity((long) LONGS.getAcquire(barriers, index)) != (parity & 1), parity, index);
    }

    private static void updateMbarrier(long[] barriers, int index, LongUnaryOperator change) {
        long seen = (long) LONGS.getVolatile(barriers, index);
        while (true) {
            long next = change.applyAsLong(seen);
            long witness = (long) LONGS.compareAndExchange(barriers, index, seen, next);
            if (witness == seen) {
                return;
            }
            seen = witness;
        }
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
        clusterRank = groupIdx % clusterSize;
        clusterIdx = groupIdx / clusterSize;
        localArrayCalls = 0;
    }

    /** Sets the groups per cluster (of a {@link Cluster} kernel); call before {@link #setThread}. */
    public void setClusterSize(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("a cluster has at least one group, got " + size);
        }
        clusterSize = size;
    }

    /** A context for one thread of a one-dimensional grid: {@code globalId} of {@code globalSize}, groups of one. */
    public static KernelContext forThread(int globalId, int globalSize) {
        KernelContext context = new KernelContext();
        context.setSizes(new int[] {globalSize, 1, 1}, new int[] {1, 1, 1});
        context.setThread(globalId, 0, 0);
        return context;
    }
}
