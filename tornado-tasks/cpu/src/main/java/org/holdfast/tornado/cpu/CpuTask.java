package org.holdfast.tornado.cpu;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.KernelMetadata;
import org.holdfast.tornado.api.TaskSpec;
import org.holdfast.tornado.api.WorkerGrid;

/**
 * One task prepared for the CPU: its grid, its argument template and how to run its threads: a
 * range one after another, a group's threads together (block barrier, shared arrays), or every
 * thread of every group at once (persistent and cluster kernels).
 */
final class CpuTask {

    private final TaskSpec spec;
    private final Object[] template;
    private final int[] global;
    private final int[] local;
    private final int[] groups;
    private final int dynamicSharedBytes;
    private final boolean usesBarrier;
    private final boolean coResident;
    private final int clusterSize;
    private final double watchdogSeconds;

    /**
     * @param watchdogSeconds how long a wait of a persistent or cluster kernel may last before the run
     *     stops with an error
     */
    CpuTask(TaskSpec spec, GridScheduler scheduler, double watchdogSeconds) {
        this.spec = spec;
        this.template = spec.args().toArray();
        this.watchdogSeconds = watchdogSeconds;
        Optional<KernelMetadata> metadata = KernelMetadata.of(spec.method().getDeclaringClass());
        boolean persistent = metadata.map(m -> m.isPersistent(spec.method())).orElse(false);
        boolean cluster = metadata.map(m -> m.isCluster(spec.method())).orElse(false);
        this.coResident = spec.takesContext() && (persistent || cluster);
        this.usesBarrier = metadata.map(m -> m.usesBarrier(spec.method())).orElse(false);
        WorkerGrid grid;
        if (!spec.takesContext()) {
            grid = null;
        } else if (scheduler.get(spec.key()).isPresent()) {
            grid = scheduler.get(spec.key()).get();
        } else if (persistent) {
            grid = CoResidentGrid.withoutWorkerGrid(metadata.orElseThrow().threadsPerBlock(spec.method()),
                    metadata.orElseThrow().clusterSize(spec.method()));
        } else {
            throw new IllegalStateException("task " + spec.key() + " takes a KernelContext but the plan has no WorkerGrid for it"
                    + " (withGridScheduler)");
        }
        this.global = grid == null ? new int[] {1, 1, 1} : grid.globalWork();
        this.local = grid == null ? new int[] {1, 1, 1} : grid.localWork();
        this.groups = grid == null ? new int[] {1, 1, 1} : grid.numberOfGroups();
        this.dynamicSharedBytes = grid == null ? 0 : grid.dynamicSharedBytes();
        if (metadata.map(m -> m.usesDynamicShared(spec.method())).orElse(false) && dynamicSharedBytes == 0) {
            throw new IllegalArgumentException("task " + spec.key() + ": kernel " + spec.method().getName() + " takes dynamic shared"
                    + " memory, but its worker grid gives it none: set its size with WorkerGrid.setDynamicSharedBytes(bytes)");
        }
        this.clusterSize = coResident ? CoResidentGrid.check(spec.key(), spec.method().getName(), groups, local,
                metadata.map(m -> m.clusterSize(spec.method())).orElse(1)) : 1;
    }

    TaskSpec spec() {
        return spec;
    }

    boolean takesContext() {
        return spec.takesContext();
    }

    boolean usesBarrier() {
        return usesBarrier;
    }

    /** Whether every group must run at once: a persistent or cluster kernel. */
    boolean coResident() {
        return coResident;
    }

    int[] groups() {
        return groups.clone();
    }

    int[] local() {
        return local.clone();
    }

    int dynamicSharedBytes() {
        return dynamicSharedBytes;
    }

    long threadCount() {
        return (long) global[0] * global[1] * global[2];
    }

    int groupCount() {
        return Math.multiplyExact(Math.multiplyExact(groups[0], groups[1]), groups[2]);
    }

    void invokeOnce() {
        spec.function().invoke(template.clone());
    }

    /** Runs threads {@code from} (inclusive) to {@code to} (exclusive), numbered x fastest, one after another. */
    void runRange(long from, long to) {
        KernelContext context = new KernelContext();
        context.setSizes(global, local);
        Object[] args = argsWith(context);
        long plane = (long) global[0] * global[1];
        int z = (int) (from / plane);
        int y = (int) ((from - z * plane) / global[0]);
        int x = (int) (from - z * plane - (long) y * global[0]);
        for (long linear = from; linear < to; linear++) {
            context.setThread(x, y, z);
            spec.function().invoke(args);
            if (++x == global[0]) {
                x = 0;
                if (++y == global[1]) {
                    y = 0;
                    z++;
                }
            }
        }
    }

    /** Runs one group with a thread per work item, so that {@code localBarrier()} can wait for all of them. */
    void runGroupAsThreads(int group) {
        int size = local[0] * local[1] * local[2];
        CpuGroup resources = new CpuGroup(size, dynamicSharedBytes);
        List<Future<?>> threads = new ArrayList<>(size);
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int item = 0; item < size; item++) {
                KernelContext context = contextOf(group, item);
                context.bind(resources);
                threads.add(executor.submit(() -> {
                    try {
                        spec.function().invoke(argsWith(context));
                    } catch (RuntimeException | Error e) {
                        // Release the group's other threads from the barrier, or they wait forever.
                        resources.abort();
                        throw e;
                    }
                    return null;
                }));
            }
        }
        rethrowFirstFailure(threads, null);
    }

    /**
     * Runs every thread of every group at once (virtual threads), as a GPU runs a persistent or cluster
     * kernel: the grid barrier, the waits and the cluster barrier meet across groups, each bounded by
     * the watchdog, so a missing barrier or an unpublished flag gives a wrong result or the watchdog's
     * error, never a hang.
     */
    void runCoResident() {
        int size = local[0];
        int count = groups[0];
        String where = spec.key() + " (kernel " + spec.method().getName() + ")";
        CpuGroup[] resources = new CpuGroup[count];
        for (int g = 0; g < count; g++) {
            resources[g] = new CpuGroup(size, dynamicSharedBytes, watchdogSeconds, where, g);
        }
        CpuGrid grid = new CpuGrid(where, resources, size, clusterSize, watchdogSeconds);
        List<Future<?>> threads = new ArrayList<>(count * size);
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int g = 0; g < count; g++) {
                for (int item = 0; item < size; item++) {
                    KernelContext context = contextOf(g, item);
                    context.bind(resources[g]);
                    context.bindGrid(grid.forThread(g));
                    threads.add(executor.submit(() -> {
                        try {
                            spec.function().invoke(argsWith(context));
                        } catch (RuntimeException | Error e) {
                            grid.abort(e instanceof RuntimeException runtime ? runtime : new IllegalStateException(e));
                            throw e;
                        }
                        return null;
                    }));
                }
            }
        }
        rethrowFirstFailure(threads, grid.firstFailure());
    }

    /** The context of work item {@code item} of group {@code group}, x fastest in both. */
    private KernelContext contextOf(int group, int item) {
        int gx = group % groups[0];
        int gy = (group / groups[0]) % groups[1];
        int gz = group / (groups[0] * groups[1]);
        int lx = item % local[0];
        int ly = (item / local[0]) % local[1];
        int lz = item / (local[0] * local[1]);
        KernelContext context = new KernelContext();
        context.setSizes(global, local);
        context.setClusterSize(clusterSize);
        context.setThread(gx * local[0] + lx, gy * local[1] + ly, gz * local[2] + lz);
        return context;
    }

    /**
     * Rethrows the failure that ended the run: {@code first} when the launch recorded one, else the
     * exception of the thread that failed first rather than of those it released from a wait.
     */
    private void rethrowFirstFailure(List<Future<?>> threads, RuntimeException first) {
        RuntimeException failure = first;
        for (Future<?> thread : threads) {
            try {
                thread.get();
            } catch (ExecutionException e) {
                RuntimeException cause = rethrow(e.getCause());
                if (failure == null || ReleasedException.isReleased(failure)) {
                    failure = cause;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while running task " + spec.key(), e);
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    private Object[] argsWith(KernelContext context) {
        Object[] args = template.clone();
        for (int i = 0; i < args.length; i++) {
            if (args[i] instanceof KernelContext) {
                args[i] = context;
            }
        }
        return args;
    }

    private static RuntimeException rethrow(Throwable cause) {
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(cause);
    }

    @Override
    public String toString() {
        return spec.key() + ": " + Arrays.toString(groups) + " groups of " + Arrays.toString(local);
    }
}
