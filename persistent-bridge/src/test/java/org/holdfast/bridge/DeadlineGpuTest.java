package org.holdfast.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A kernel that does not end within the run's deadline (twice the watchdog plus 1 s, plus the run's work at the session's last rate) fails the run
 * in one line, promptly, instead of hanging the process; the session then refuses further runs.
 * The kernel (HF_FAULT_OUTLAST_DEADLINE) ends by itself three deadlines later.
 */
class DeadlineGpuTest extends GpuTestBase {

    private static final double WATCHDOG_SECONDS = 0.5;
    private static final double DEADLINE_SECONDS = 2 * WATCHDOG_SECONDS + 1;

    @Test
    void aKernelPastTheDeadlineFailsInOneLine() {
        // Not closed: freeing memory under the kernel that still spins would wait for it.
        final DeviceProblem device = new DeviceProblem(bridge, 33);
        final PersistentSession session = device.open(PersistentRequest.of("persistent-grid", "cg").withBlocks(2)
                .withWatchdogSeconds(WATCHDOG_SECONDS).withFault(FaultInjection.OUTLAST_DEADLINE, 0));
        final PersistentPlan plan = session.plan();
        final long start = System.nanoTime();
        final NativeException overdue = assertThrows(NativeException.class, () -> device.run(session, 10));
        final double elapsed = (System.nanoTime() - start) / 1e9;

        assertEquals(NativeStatus.WATCHDOG, overdue.status(), overdue.getMessage());
        assertEquals(WatchdogWait.KERNEL_EXIT, overdue.report().orElseThrow().errorWait());
        assertFalse(overdue.getMessage().contains("\n"), overdue.getMessage());
        assertTrue(overdue.nativeMessage().startsWith(plan.label() + " at n = 33: the kernel did not end within 2 s"),
                overdue.nativeMessage());
        assertTrue(overdue.nativeMessage().contains("still running on the device"), overdue.nativeMessage());
        assertTrue(elapsed >= DEADLINE_SECONDS && elapsed < DEADLINE_SECONDS + 1.5, "took " + elapsed + " s");

        final NativeException refused = assertThrows(NativeException.class, () -> device.run(session, 10));
        assertEquals(NativeStatus.RUNTIME, refused.status(), refused.getMessage());
        session.close();
    }
}
