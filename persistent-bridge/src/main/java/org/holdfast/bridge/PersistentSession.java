package org.holdfast.bridge;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.holdfast.bridge.raw.hf_run_report;
import org.holdfast.bridge.raw.holdfast_native_h;

/**
 * A persistent run open on one stream ({@code hf_session}), owned by the library from open to close:
 * it planned the run and allocated everything the variant needs (device and pinned memory, a scratch
 * array, events; the report struct on this side), so {@link #run} allocates nothing. One run at a
 * time; close it when done.
 */
public final class PersistentSession implements AutoCloseable {

    private final PersistentBridge bridge;
    private final PersistentPlan plan;
    private final Arena arena;
    private final MemorySegment session;
    private final MemorySegment report;
    private boolean closed;

    PersistentSession(PersistentBridge bridge, PersistentPlan plan, Arena arena, MemorySegment session) {
        this.bridge = bridge;
        this.plan = plan;
        this.arena = arena;
        this.session = session;
        this.report = arena.allocate(hf_run_report.LAYOUT);
    }

    /** What runs. */
    public PersistentPlan plan() {
        return plan;
    }

    /**
     * Runs {@code iterations} red-black iterations of the session's problem on device array {@code u}
     * (n x n doubles, f alike) in one persistent launch, and returns once the kernel has ended, with
     * the result in {@code u}.
     *
     * @throws NativeException e.g. {@link NativeStatus#WATCHDOG} with a report naming the block and
     *         the step; after {@link WatchdogWait#KERNEL_EXIT} the session refuses further runs
     * @throws IncompleteWorkException the kernel ended but a block did not run every half-sweep
     */
    public synchronized PersistentReport run(long u, long f, int iterations) {
        requireOpen();
        final int status = holdfast_native_h.hf_session_run(session, MemorySegment.ofAddress(u),
                MemorySegment.ofAddress(f), iterations, report);
        return checked(status, "hf_session_run");
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("the session of " + plan.label() + " is closed");
        }
    }

    private PersistentReport checked(int status, String call) {
        final PersistentReport result = PersistentReport.read(plan, report);
        bridge.check(status, call, result);
        return result;
    }

    /** Frees the session's resources (after a kernel that did not end, the library keeps them on purpose). */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            bridge.check(holdfast_native_h.hf_session_close(session), "hf_session_close", null);
        } finally {
            arena.close();
        }
    }
}
