package org.holdfast.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A kernel that cannot make progress comes back as WATCHDOG, naming block and step, promptly. */
class WatchdogGpuTest extends GpuTestBase {

    private static final double WATCHDOG_SECONDS = 0.2;
    private static final long PROMPT_NANOS = 3_000_000_000L;

    @ParameterizedTest(name = "{0} {1} {2} block {3}")
    @CsvSource({
        "persistent-grid, two-slot, SKIP_GRID_BARRIER, 1",
        "persistent-dataflow, counters, NEVER_PUBLISH, 0",
        "persistent-host, lockstep, NEVER_SIGNAL, 0",
        "persistent-host, neighbour, NEVER_SIGNAL, 3",
        "persistent-dataflow, resident, NEVER_PUBLISH, 2",
        "persistent-host, relay, NEVER_PUBLISH, 3",
        "persistent-host, relay, NEVER_SIGNAL, 0"})
    void aStuckRunReturnsWatchdogPromptly(String mode, String variant, FaultInjection fault, int faultBlock) {
        try (DeviceProblem device = new DeviceProblem(bridge, 33)) {
            final PersistentRequest request = PersistentRequest.of(mode, variant).withBlocks(7)
                    .withWatchdogSeconds(WATCHDOG_SECONDS).withFault(fault, faultBlock);
            final PersistentSession session = device.open(request);
            final PersistentPlan plan = session.plan();
            final long start = System.nanoTime();
            final NativeException stuck = assertThrows(NativeException.class, () -> device.run(session, 10));
            final long elapsed = System.nanoTime() - start;
            session.close();

            assertEquals(NativeStatus.WATCHDOG, stuck.status(), stuck.getMessage());
            assertTrue(elapsed < PROMPT_NANOS, "took " + elapsed / 1e9 + " s: " + stuck.getMessage());
            final PersistentReport report = stuck.report().orElseThrow();
            assertTrue(report.errorBlock() >= 0 && report.errorStep() >= 0, report.toString());
            assertTrue(stuck.nativeMessage().contains(plan.label()), stuck.nativeMessage());
            assertTrue(stuck.nativeMessage().contains("block " + report.errorBlock()), stuck.nativeMessage());
            assertTrue(stuck.nativeMessage().contains("half-sweep " + report.errorStep()), stuck.nativeMessage());

            device.reset(); // the device still works afterwards
            device.run(PersistentRequest.of(mode, variant).withBlocks(7), 10);
            assertTrue(ReferenceProblem.maxDifference(device.problem.solve(10), device.result()) <= 1e-12);
        }
    }
}
