package org.holdfast.bench.bands;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.holdfast.tornado.api.KernelOverdueException;

/**
 * The lanes of a split (one host thread per GPU, {@link GpuLane}) driven together: work on every lane at once,
 * waited for with a bound, the first failure thrown with the others suppressed. A lane that does not end within
 * the bound (a GPU waiting for a peer that never sent) makes the lanes overdue: they refuse further work, and
 * whoever owns them frees nothing after it. What {@link GpuBands} and {@link PersistentBands} share.
 */
final class Lanes implements AutoCloseable {

    private final List<GpuLane> lanes;
    private final String note;
    private final double watchdogSeconds;
    private boolean overdue;

    /**
     * @param note what the lanes run, for messages
     * @param watchdogSeconds the watchdog a bound's message names
     */
    Lanes(List<GpuLane> lanes, String note, double watchdogSeconds) {
        this.lanes = List.copyOf(lanes);
        this.note = note;
        this.watchdogSeconds = watchdogSeconds;
    }

    List<GpuLane> all() {
        return lanes;
    }

    int indexOf(GpuLane lane) {
        return lanes.indexOf(lane);
    }

    /** Whether a lane did not end within a bound: nothing may be freed under it. */
    boolean overdue() {
        return overdue;
    }

    void onEvery(Consumer<GpuLane> work) {
        onEvery(work, Double.POSITIVE_INFINITY);
    }

    /**
     * Runs {@code work} on every lane's thread at once and waits for all of them, each at most {@code seconds}
     * from the start; the first failure is thrown, with the others suppressed.
     */
    void onEvery(Consumer<GpuLane> work, double seconds) {
        if (overdue) {
            throw new IllegalStateException("a lane of " + note + " did not end an earlier run; these bands cannot run again");
        }
        List<Future<Object>> done = new ArrayList<>();
        for (GpuLane lane : lanes) {
            done.add(lane.submit(() -> {
                work.accept(lane);
                return null;
            }));
        }
        long start = System.nanoTime();
        RuntimeException first = null;
        for (int g = 0; g < done.size(); g++) {
            RuntimeException failure = await(done.get(g), start, seconds, g);
            if (failure != null && first == null) {
                first = failure;
            } else if (failure != null) {
                first.addSuppressed(failure);
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /** Runs {@code work} on {@code lane}'s thread and waits for it, unbounded. */
    void awaitOn(GpuLane lane, Runnable work) {
        RuntimeException failure = await(lane.submit(() -> {
            work.run();
            return null;
        }), System.nanoTime(), Double.POSITIVE_INFINITY, lanes.indexOf(lane));
        if (failure != null) {
            throw failure;
        }
    }

    /** Waits for one lane's {@code work}, at most {@code seconds} after {@code start} (without a bound when infinite). */
    private RuntimeException await(Future<Object> work, long start, double seconds, int lane) {
        try {
            if (Double.isInfinite(seconds)) {
                work.get();
            } else {
                work.get(Math.max(0, start + (long) (seconds * 1e9) - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
            return null;
        } catch (TimeoutException late) {
            overdue = true;
            return new KernelOverdueException(String.format(Locale.ROOT, "%s: %s (lane %d) did not end within the bound"
                    + " (twice the watchdog of %.3g s, plus 1 s, plus ten times the run's work at the last rate); it may"
                    + " wait for a peer that never sent, its memory stays allocated and these bands refuse further runs",
                    note, lanes.get(lane).device().id(), lane, watchdogSeconds));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return new IllegalStateException("interrupted while waiting for " + lanes.get(lane).device().id(), interrupted);
        } catch (ExecutionException failed) {
            Throwable cause = failed.getCause();
            return cause instanceof RuntimeException runtime ? runtime
                    : new IllegalStateException(lanes.get(lane).device().id() + ": " + cause, cause);
        }
    }

    /** Runs {@code release}, keeping the first failure and suppressing later ones in it. */
    static RuntimeException closing(Runnable release, RuntimeException first) {
        try {
            release.run();
            return first;
        } catch (RuntimeException failure) {
            if (first == null) {
                return failure;
            }
            first.addSuppressed(failure);
            return first;
        }
    }

    /** Stops the threads (after the owner freed what they held, or without that when a GPU no longer answers). */
    @Override
    public void close() {
        for (GpuLane lane : lanes) {
            lane.close();
        }
    }
}
