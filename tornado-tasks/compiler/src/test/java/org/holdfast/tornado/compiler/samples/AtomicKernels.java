package org.holdfast.tornado.compiler.samples;

import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;

/** Atomics with memory order in ordinary (not persistent) kernels; every result is independent of thread order. */
public final class AtomicKernels {

    private AtomicKernels() {
    }

    /** counts[b] = how many keys fall in bucket b; totals[b] = their weights' sum; old values land in firstSeen. */
    @Kernel
    public static void histogram(KernelContext context, int[] keys, long[] weights, int[] counts, long[] totals, int n, int buckets) {
        int i = context.globalIdx;
        if (i < n) {
            int bucket = Math.floorMod(keys[i], buckets);
            context.atomicAdd(counts, bucket, 1);
            long before = context.atomicAdd(totals, bucket, weights[i]);
            context.atomicAdd(totals, buckets, before - before + 1L);
        }
    }

    /** max[0] = the largest value, by a compare-and-set loop; max[1] = how many threads took part. */
    @Kernel
    public static void maximum(KernelContext context, int[] values, int[] max, int n) {
        int i = context.globalIdx;
        if (i < n) {
            int v = values[i];
            int seen = context.loadAcquire(max, 0);
            while (v > seen && !context.atomicCompareAndSet(max, 0, seen, v)) {
                seen = context.loadAcquire(max, 0);
            }
            context.atomicAdd(max, 1, 1);
        }
    }

    /** The same with longs, and a release store of the thread count by the last thread. */
    @Kernel
    public static void maximumLong(KernelContext context, long[] values, long[] max, int[] done, int n) {
        int i = context.globalIdx;
        if (i < n) {
            long v = values[i];
            boolean stored = false;
            while (!stored) {
                long seen = context.loadAcquire(max, 0);
                stored = v <= seen || context.atomicCompareAndSet(max, 0, seen, v);
            }
            int ticket = context.atomicAdd(done, 0, 1);
            if (ticket == n - 1) {
                context.storeRelease(done, 1, n);
                long largest = context.loadAcquire(max, 0);
                context.storeRelease(max, 1, largest);
            }
        }
    }
}
