package org.holdfast.tornado.cpu;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CyclicBarrier;
import org.holdfast.tornado.api.GroupResources;

/** The barrier and shared arrays of one group whose threads run concurrently on the CPU. */
final class CpuGroup implements GroupResources {

    private final CyclicBarrier barrier;
    private final ConcurrentMap<Integer, Object> shared = new ConcurrentHashMap<>();

    CpuGroup(int threads) {
        this.barrier = new CyclicBarrier(threads);
    }

    @Override
    public void barrier() {
        try {
            barrier.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted at localBarrier()", e);
        } catch (BrokenBarrierException e) {
            throw new IllegalStateException("another thread of the group failed before localBarrier()", e);
        }
    }

    @Override
    public Object sharedArray(int call, Class<?> type, int size) {
        return shared.computeIfAbsent(call, c -> newArray(type, size));
    }

    /** Releases threads waiting at the barrier after one of them failed. */
    void abort() {
        barrier.reset();
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
