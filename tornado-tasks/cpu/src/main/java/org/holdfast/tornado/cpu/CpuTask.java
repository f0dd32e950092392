package org.holdfast.tornado.cpu;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.ArrayList;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.KernelMetadata;
import org.holdfast.tornado.api.TaskSpec;
import org.holdfast.tornado.api.WorkerGrid;

/** One task prepared for the CPU: its grid, its argument template and how to run a range of its threads. */
final class CpuTask {

    private final TaskSpec spec;
    private final Object[] template;
    private final int[] global;
    private final int[] local;
    private final int[] groups;
    private final boolean usesBarrier;

    CpuTask(TaskSpec spec, GridScheduler scheduler) {
        this.spec = spec;
        this.template = spec.args().toArray();
        if (spec.takesContext()) {
            WorkerGrid grid = scheduler.get(spec.key()).orElseThrow(() -> new IllegalStateException("task " + spec.key()
                    + " takes a KernelContext but the plan has no WorkerGrid for it (withGridScheduler)"));
            this.global = grid.globalWork();
            this.local = grid.localWork();
            this.groups = grid.numberOfGroups();
        } else {
            this.global = new int[] {1, 1, 1};
            this.local = new int[] {1, 1, 1};
            this.groups = new int[] {1, 1, 1};
        }
        this.usesBarrier = KernelMetadata.of(spec.method().getDeclaringClass())
                .map(m -> m.usesBarrier(spec.method())).orElse(false);
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

    int[] groups() {
        return groups.clone();
    }

    int[] local() {
        return local.clone();
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
        int gx = group % groups[0];
        int gy = (group / groups[0]) % groups[1];
        int gz = group / (groups[0] * groups[1]);
        int size = local[0] * local[1] * local[2];
        CpuGroup resources = new CpuGroup(size);
        List<Future<?>> threads = new ArrayList<>(size);
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int item = 0; item < size; item++) {
                int lx = item % local[0];
                int ly = (item / local[0]) % local[1];
                int lz = item / (local[0] * local[1]);
                threads.add(executor.submit(() -> {
                    KernelContext context = new KernelContext();
                    context.setSizes(global, local);
                    context.setThread(gx * local[0] + lx, gy * local[1] + ly, gz * local[2] + lz);
                    context.bind(resources);
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
        rethrowFirstFailure(threads);
    }

    /** The exception of the thread that failed first, rather than of those it released from the barrier. */
    private void rethrowFirstFailure(List<Future<?>> threads) {
        RuntimeException failure = null;
        for (Future<?> thread : threads) {
            try {
                thread.get();
            } catch (ExecutionException e) {
                RuntimeException cause = rethrow(e.getCause());
                if (failure == null || CpuGroup.releasedByAnotherFailure(failure)) {
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
}
