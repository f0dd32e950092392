package org.holdfast.tornado.cpu;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.holdfast.tornado.spi.GroupResources;

/**
 * The barrier and shared arrays of one group whose threads run concurrently on the CPU.
 *
 * <p>The barrier is a generation count under a lock rather than a {@link java.util.concurrent.CyclicBarrier}:
 * once a thread of the group fails, every wait, present or future, must end at once, and a cyclic
 * barrier that is reset starts a fresh generation that late arrivals would wait on forever.
 */
final class CpuGroup implements GroupResources {

    private final int threads;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition passed = lock.newCondition();
    private final ConcurrentMap<Integer, Object> shared = new ConcurrentHashMap<>();
    private int arrived;
    private long generation;
    private boolean failed;

    CpuGroup(int threads) {
        this.threads = threads;
    }

    @Override
    public void barrier() {
        lock.lock();
        try {
            requireNoFailure();
            long mine = generation;
            if (++arrived == threads) {
                arrived = 0;
                generation++;
                passed.signalAll();
                return;
            }
            while (generation == mine && !failed) {
                passed.awaitUninterruptibly();
            }
            requireNoFailure();
        } finally {
            lock.unlock();
        }
    }

    private void requireNoFailure() {
        if (failed) {
            throw new GroupFailedException();
        }
    }

    @Override
    public Object sharedArray(int call, Class<?> type, int size) {
        return shared.computeIfAbsent(call, c -> newArray(type, size));
    }

    /** Ends every wait at the barrier, now and later, after a thread of the group failed. */
    void abort() {
        lock.lock();
        try {
            failed = true;
            passed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Whether {@code failure} is a thread given up at the barrier because another thread failed. */
    static boolean releasedByAnotherFailure(RuntimeException failure) {
        return failure instanceof GroupFailedException;
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

    /** Thrown at localBarrier() in the threads that another thread's failure released. */
    static final class GroupFailedException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        GroupFailedException() {
            super("another thread of the group failed before localBarrier()");
        }
    }
}
