package org.holdfast.tornado.cpu;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A barrier for the threads of one or more groups running at once on the CPU: the block barrier of
 * a group, a cluster's barrier, the grid barrier. A generation count under a lock rather than a
 * {@link java.util.concurrent.CyclicBarrier}: once a thread fails, every wait, present and future,
 * must end at once (a reset cyclic barrier starts a fresh generation that late arrivals would wait
 * on forever), and a wait that lasts too long must say how many groups had arrived.
 */
final class CpuBarrier {

    /** A wait that outlasted its timeout, at barrier {@code barrier} (0 = the first), with {@code groupsArrived} groups there. */
    static final class Expired extends Exception {

        private static final long serialVersionUID = 1L;

        private final long barrier;
        private final int groupsArrived;

        Expired(long barrier, int groupsArrived) {
            super(null, null, false, false);
            this.barrier = barrier;
            this.groupsArrived = groupsArrived;
        }

        long barrier() {
            return barrier;
        }

        int groupsArrived() {
            return groupsArrived;
        }
    }

    private final String what;
    private final int threadsPerGroup;
    private final int parties;
    private final int[] arrivedInGroup;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition passed = lock.newCondition();
    private int arrived;
    private int groupsArrived;
    private long generation;
    private boolean aborted;

    /**
     * @param what the barrier, for the message of released threads ("the block barrier")
     * @param groups groups that wait here
     * @param threadsPerGroup threads of each group, every one of which must arrive
     */
    CpuBarrier(String what, int groups, int threadsPerGroup) {
        this.what = what;
        this.threadsPerGroup = threadsPerGroup;
        this.parties = Math.multiplyExact(groups, threadsPerGroup);
        this.arrivedInGroup = new int[groups];
    }

    /**
     * Waits until every thread of every group has arrived: {@link #arrive} then {@link #awaitPhase}.
     *
     * @param group the caller's group among this barrier's groups
     * @param timeoutNanos how long to wait at most
     * @return the number of the barrier passed, counted from 0
     * @throws Expired when the timeout passed first
     * @throws ReleasedException when another thread failed ({@link #abort()})
     */
    long await(int group, long timeoutNanos) throws Expired {
        long phase = arrive(group);
        awaitPhase(phase, timeoutNanos);
        return phase;
    }

    /**
     * Counts the caller in at the current phase without waiting (the first half of a split barrier);
     * the last to arrive opens the next phase.
     *
     * @return the phase arrived at, counted from 0, for {@link #awaitPhase}
     * @throws ReleasedException when another thread failed
     */
    long arrive(int group) {
        lock.lock();
        try {
            requireNotAborted();
            long mine = generation;
            if (++arrivedInGroup[group] == threadsPerGroup) {
                groupsArrived++;
            }
            if (++arrived == parties) {
                arrived = 0;
                groupsArrived = 0;
                Arrays.fill(arrivedInGroup, 0);
                generation++;
                passed.signalAll();
            }
            return mine;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until every thread has arrived at {@code phase} (the second half of a split barrier).
     *
     * @throws Expired when the timeout passed first
     * @throws ReleasedException when another thread failed
     */
    void awaitPhase(long phase, long timeoutNanos) throws Expired {
        lock.lock();
        try {
            long left = timeoutNanos;
            while (generation == phase && !aborted) {
                if (left <= 0) {
                    throw new Expired(phase, groupsArrived);
                }
                left = passed.awaitNanos(left);
            }
            requireNotAborted();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting at " + what, e);
        } finally {
            lock.unlock();
        }
    }

    /** {@link #await} without a timeout, for a group's barrier outside persistent kernels. */
    void await() {
        try {
            await(0, TimeUnit.DAYS.toNanos(365 * 100));
        } catch (Expired e) {
            throw new IllegalStateException("a century passed at " + what, e);
        }
    }

    /** Ends every wait here, now and later, after a thread failed. */
    void abort() {
        lock.lock();
        try {
            aborted = true;
            passed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * The bound of a barrier that the GPU does not bound (the block's, a cluster's), for a launch whose
     * watchdog is {@code watchdogNanos}: twice as long, so that a bounded wait that keeps one thread
     * away from it (thread 0 waiting for a flag while the others wait at the block barrier) expires
     * first and is the error reported, as on the GPU.
     */
    static long hardwareBarrierBound(long watchdogNanos) {
        return 2 * watchdogNanos;
    }

    /** A timeout as messages print it: {@code 10}, {@code 0.5}. */
    static String seconds(double seconds) {
        return BigDecimal.valueOf(seconds).stripTrailingZeros().toPlainString();
    }

    private void requireNotAborted() {
        if (aborted) {
            throw new ReleasedException(what);
        }
    }
}
