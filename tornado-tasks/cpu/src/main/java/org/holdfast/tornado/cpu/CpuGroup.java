package org.holdfast.tornado.cpu;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.holdfast.tornado.spi.GroupResources;

/**
 * The block barrier and the block-shared arrays (static and dynamic) of one group whose threads run
 * concurrently on the CPU.
 */
final class CpuGroup implements GroupResources {

    private final CpuBarrier barrier;
    private final int dynamicSharedBytes;
    private final ConcurrentMap<Integer, Object> shared = new ConcurrentHashMap<>();
    /** The dynamic shared memory, made by the first thread that asks, as the type the kernel takes it. */
    private Object dynamicShared;
    /** How long a thread may wait at the block barrier; 0 for no bound. */
    private final double watchdogSeconds;
    private final String where;
    private final int group;

    /**
     * A group of a kernel launched the ordinary way: its barrier has no bound, as on the GPU.
     *
     * @param threads the group's threads, all of which wait at the barrier
     * @param dynamicSharedBytes the launch's dynamic shared memory per group
     */
    CpuGroup(int threads, int dynamicSharedBytes) {
        this(threads, dynamicSharedBytes, 0, "", 0);
    }

    /**
     * A group of a persistent or cluster kernel, whose every group runs at once: a thread that waits at
     * the block barrier longer than twice the watchdog stops the run with an error rather than a hang.
     *
     * @param where the task and kernel, for the message
     * @param group the group's index in the grid
     */
    CpuGroup(int threads, int dynamicSharedBytes, double watchdogSeconds, String where, int group) {
        this.barrier = new CpuBarrier("the block barrier", 1, threads);
        this.dynamicSharedBytes = dynamicSharedBytes;
        this.watchdogSeconds = watchdogSeconds;
        this.where = where;
        this.group = group;
    }

    @Override
    public void barrier() {
        if (watchdogSeconds <= 0) {
            barrier.await();
            return;
        }
        try {
            barrier.await(0, CpuBarrier.hardwareBarrierBound((long) (watchdogSeconds * 1e9)));
        } catch (CpuBarrier.Expired e) {
            throw new IllegalStateException(where + ": block " + group + " waited at its block barrier (localBarrier() number "
                    + e.barrier() + ") longer than twice the watchdog's " + CpuBarrier.seconds(watchdogSeconds) + " s: a thread of"
                    + " the block never reached it (on a GPU the block would hang)");
        }
    }

    @Override
    public Object sharedArray(int call, Class<?> type, int size) {
        return shared.computeIfAbsent(call, c -> newArray(type, size));
    }

    @Override
    public synchronized Object dynamicSharedArray(Class<?> type) {
        if (dynamicShared == null) {
            dynamicShared = newArray(type, dynamicSharedBytes / elementBytes(type));
        }
        return dynamicShared;
    }

    /**
     * This group's array of the same allocation as {@code array}, one of {@code owner}'s block-shared
     * arrays (another group of the cluster): how a cluster reaches another group's shared memory.
     *
     * @throws IllegalArgumentException when {@code array} is not a block-shared array of {@code owner}
     */
    Object sameAllocationAs(Object array, CpuGroup owner) {
        boolean dynamic;
        synchronized (owner) {
            dynamic = array == owner.dynamicShared;
        }
        // Not under owner's lock: two groups that map each other's dynamic arrays at once would each hold its
        // own lock and wait for the other's.
        if (dynamic) {
            return dynamicSharedArray(array.getClass());
        }
        for (Map.Entry<Integer, Object> allocation : owner.shared.entrySet()) {
            if (allocation.getValue() == array) {
                return sharedArray(allocation.getKey(), array.getClass(), java.lang.reflect.Array.getLength(array));
            }
        }
        throw new IllegalArgumentException("mapSharedRank: the array is not a block-shared array of this group");
    }

    /** Whether {@code array} is one of this group's block-shared arrays (static or dynamic). */
    boolean holds(Object array) {
        synchronized (this) {
            if (array == dynamicShared) {
                return true;
            }
        }
        for (Object allocation : shared.values()) {
            if (allocation == array) {
                return true;
            }
        }
        return false;
    }

    /** Ends every wait at the barrier, now and later, after a thread of the group failed. */
    void abort() {
        barrier.abort();
    }

    private static int elementBytes(Class<?> type) {
        return type == double[].class || type == long[].class ? Long.BYTES : Integer.BYTES;
    }

    static Object newArray(Class<?> type, int size) {
        if (type == double[].class) {
            return new double[size];
        } else if (type == float[].class) {
            return new float[size];
        } else if (type == int[].class) {
            return new int[size];
        }
        return new long[size];
    }
}
