package org.holdfast.tornado.cpu;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** A cluster's groups reaching each other's block-shared arrays on the CPU. */
class CpuGroupTest {

    /** Mappings each side makes: enough that, were the locks taken in opposite orders, the two would meet. */
    private static final int MAPPINGS = 1_000_000;

    /**
     * Two neighbours that map each other's dynamic shared arrays at the same moment (the cluster kernel's first
     * lines: every block maps the block below and the block above) both get them, many times over: each must not
     * hold its own group's lock while it waits for the other's.
     */
    @Test
    void neighboursMapEachOthersDynamicArraysAtOnce() {
        CpuGroup a = new CpuGroup(1, 64);
        CpuGroup b = new CpuGroup(1, 64);
        double[] aOwn = (double[]) a.dynamicSharedArray(double[].class);
        double[] bOwn = (double[]) b.dynamicSharedArray(double[].class);
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            try (ExecutorService threads = Executors.newFixedThreadPool(2)) {
                CyclicBarrier together = new CyclicBarrier(2);
                Future<?> fromA = threads.submit(() -> {
                    together.await();
                    for (int i = 0; i < MAPPINGS; i++) {
                        assertSame(bOwn, b.sameAllocationAs(aOwn, a));
                    }
                    return null;
                });
                Future<?> fromB = threads.submit(() -> {
                    together.await();
                    for (int i = 0; i < MAPPINGS; i++) {
                        assertSame(aOwn, a.sameAllocationAs(bOwn, b));
                    }
                    return null;
                });
                fromA.get();
                fromB.get();
            }
        });
    }
}
