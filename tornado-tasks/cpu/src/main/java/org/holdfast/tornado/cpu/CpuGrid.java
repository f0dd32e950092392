package org.holdfast.tornado.cpu;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.holdfast.tornado.api.WatchdogExpiredException;
import org.holdfast.tornado.spi.GridResources;

/**
 * What the groups of one launch of a persistent or cluster kernel share on the CPU, where every
 * thread of every group runs at once: the grid barrier, the bounded waits, the cluster barriers and
 * the clusters' shared arrays. Every wait is bounded by the watchdog, so a group that never arrives
 * or a flag never published ends the launch with the error the GPU gives (naming the block and the
 * step), never a hang; after the first failure every wait, present and future, ends at once.
 */
final class CpuGrid {

    /** Polls of a bounded wait that only yield the carrier before the wait starts to sleep between polls. */
    private static final int YIELDING_POLLS = 64;
    /** The longest sleep between two polls of a bounded wait. */
    private static final long MAX_POLL_SLEEP_NANOS = TimeUnit.MICROSECONDS.toNanos(100);

    private final String where;
    private final CpuGroup[] groups;
    private final int clusterSize;
    private final double watchdogSeconds;
    private final long watchdogNanos;
    private final CpuBarrier gridBarrier;
    private final CpuBarrier[] clusterBarriers;
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private volatile boolean failed;

    /**
     * @param where the task and kernel, as {@code graph.task (kernel name)}
     * @param groups every group of the launch
     * @param threadsPerGroup threads of each group
     * @param clusterSize groups per cluster (1 without clusters); divides the group count
     */
    CpuGrid(String where, CpuGroup[] groups, int threadsPerGroup, int clusterSize, double watchdogSeconds) {
        this.where = where;
        this.groups = groups.clone();
        this.clusterSize = clusterSize;
        this.watchdogSeconds = watchdogSeconds;
        this.watchdogNanos = (long) (watchdogSeconds * 1e9);
        this.gridBarrier = new CpuBarrier("the grid barrier", groups.length, threadsPerGroup);
        this.clusterBarriers = new CpuBarrier[groups.length / clusterSize];
        for (int c = 0; c < clusterBarriers.length; c++) {
            clusterBarriers[c] = new CpuBarrier("the cluster barrier", clusterSize, threadsPerGroup);
        }
    }

    /** The grid as one thread of group {@code group} sees it, to bind to that thread's context. */
    GridResources forThread(int group) {
        return new ThreadView(group);
    }

    /** Ends every wait of the launch (grid, clusters, groups) after {@code cause}; the first cause is the launch's failure. */
    void abort(RuntimeException cause) {
        if (!ReleasedException.isReleased(cause)) {
            failure.compareAndSet(null, cause);
        }
        failed = true;
        gridBarrier.abort();
        for (CpuBarrier cluster : clusterBarriers) {
            cluster.abort();
        }
        for (CpuGroup group : groups) {
            group.abort();
        }
    }

    /** The first failure of the launch (a watchdog's error or a thread's exception), or null when none failed. */
    RuntimeException firstFailure() {
        return failure.get();
    }

    private RuntimeException fail(RuntimeException cause) {
        abort(cause);
        return cause;
    }

    /** One thread's view: it knows its group, so the barrier and the waits can name it. */
    private final class ThreadView implements GridResources {

        private final int group;
        /** The cluster barrier's phase this thread arrived at with clusterArrive() and has not waited for; -1 when none. */
        private long arrivedPhase = -1;

        ThreadView(int group) {
            this.group = group;
        }

        @Override
        public void gridBarrier() {
            try {
                gridBarrier.await(group, watchdogNanos);
            } catch (CpuBarrier.Expired e) {
                throw fail(new WatchdogExpiredException(where, WatchdogExpiredException.Wait.GRID_BARRIER, group,
                        (int) e.barrier(), -1, watchdogSeconds, e.groupsArrived(), groups.length));
            }
        }

        @Override
        public void waitUntil(BooleanSupplier ready, int step, int index) {
            long start = System.nanoTime();
            long sleep = 1_000;
            for (int polls = 0; !ready.getAsBoolean(); polls++) {
                if (failed) {
                    throw new ReleasedException("a wait until element " + index + " reached " + step);
                }
                if (System.nanoTime() - start > watchdogNanos) {
                    throw fail(new WatchdogExpiredException(where, WatchdogExpiredException.Wait.WAIT_UNTIL, group, step, index,
                            watchdogSeconds, -1, groups.length));
                }
                // The thread that must publish may be waiting for this carrier: give it up, then sleep a little longer each time.
                if (polls < YIELDING_POLLS) {
                    Thread.yield();
                } else {
                    LockSupport.parkNanos(sleep);
                    sleep = Math.min(2 * sleep, MAX_POLL_SLEEP_NANOS);
                }
            }
        }

        @Override
        public void clusterBarrier() {
            requireNoArrival("context.clusterBarrier()");
            clusterWaitFor(clusterBarrierOfGroup().arrive(group % clusterSize));
        }

        @Override
        public void clusterArrive() {
            requireNoArrival("context.clusterArrive()");
            arrivedPhase = clusterBarrierOfGroup().arrive(group % clusterSize);
        }

        @Override
        public void clusterWait() {
            if (arrivedPhase < 0) {
                throw fail(new IllegalStateException(where + ": block " + group + " called context.clusterWait() without"
                        + " context.clusterArrive() before it (on a GPU the barrier's behaviour is undefined)"));
            }
            long phase = arrivedPhase;
            arrivedPhase = -1;
            clusterWaitFor(phase);
        }

        private CpuBarrier clusterBarrierOfGroup() {
            return clusterBarriers[group / clusterSize];
        }

        /** A second arrival before the wait of the first is undefined on the GPU: refused here. */
        private void requireNoArrival(String call) {
            if (arrivedPhase >= 0) {
                throw fail(new IllegalStateException(where + ": block " + group + " called " + call + " after"
                        + " context.clusterArrive() without context.clusterWait() between (on a GPU the barrier's behaviour is undefined)"));
            }
        }

        /** The cluster barrier's wait, bounded (the GPU's is not) so that the CPU never hangs. */
        private void clusterWaitFor(long phase) {
            try {
                clusterBarrierOfGroup().awaitPhase(phase, CpuBarrier.hardwareBarrierBound(watchdogNanos));
            } catch (CpuBarrier.Expired e) {
                throw fail(new IllegalStateException(where + ": block " + group + " waited at cluster barrier " + e.barrier()
                        + " longer than twice the watchdog's " + CpuBarrier.seconds(watchdogSeconds) + " s; " + e.groupsArrived() + " of "
                        + clusterSize + " blocks of its cluster had arrived there (on a GPU the cluster would hang)"));
            }
        }

        @Override
        public Object sharedArrayOfRank(Object localArray, int rank) {
            if (rank < 0 || rank >= clusterSize) {
                throw new IllegalArgumentException(where + ": block " + group + " maps the shared array of cluster rank " + rank
                        + ", but its cluster has ranks 0 to " + (clusterSize - 1));
            }
            CpuGroup target = groups[group / clusterSize * clusterSize + rank];
            return target.sameAllocationAs(localArray, groups[group]);
        }

        @Override
        public Object sharedArrayOfOwner(Object localArray, Object remoteArray) {
            int first = group / clusterSize * clusterSize;
            for (int rank = 0; rank < clusterSize; rank++) {
                if (groups[first + rank].holds(remoteArray)) {
                    return groups[first + rank].sameAllocationAs(localArray, groups[group]);
                }
            }
            throw new IllegalArgumentException(where + ": block " + group + " stores into an array that is no block-shared array"
                    + " of its cluster (map it with context.mapSharedRank)");
        }
    }
}
