package org.holdfast.bridge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every variant counts the half-sweeps its blocks ran. At N = 5 with 1000 iterations the grid is
 * converged: a run whose block 0 skips its last half-sweep ends with the same array, bit for bit,
 * so only the count can tell, and it does (IncompleteWorkException).
 */
class WorkCountGpuTest extends GpuTestBase {

    private static final int N = 5;
    private static final int ITERATIONS = 1000;

    static Stream<Arguments> variants() {
        return Variants.ALL.stream().map(v -> Arguments.of(v[0], v[1]));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("variants")
    void aSkippedHalfSweepFailsTheRunThroughTheCount(String mode, String variant) {
        final PersistentRequest clean = PersistentRequest.of(mode, variant);
        final PersistentPlan plan;
        try {
            plan = bridge.plan(poisson(N), clean);
        } catch (NativeException e) {
            assumeTrue(e.status() != NativeStatus.UNSUPPORTED, e.getMessage());
            throw e;
        }
        try (DeviceProblem device = new DeviceProblem(bridge, N)) {
            final PersistentReport report = device.run(clean, ITERATIONS);
            final WorkCount work = report.work();
            assertTrue(work.complete(), work.toString());
            assertEquals(2 * ITERATIONS, work.expected());
            assertEquals(plan.activeBlocks(), work.blocks(), work.toString());
            final double[] converged = device.result();

            device.reset();
            final IncompleteWorkException skipped = assertThrows(IncompleteWorkException.class,
                    () -> device.run(clean.withFault(FaultInjection.SKIP_HALF_SWEEP, 0), ITERATIONS));
            assertEquals(NativeStatus.INCOMPLETE_WORK, skipped.status());
            assertEquals(2 * ITERATIONS - 1, skipped.work().fewest(), skipped.work().toString());
            assertEquals(0, skipped.work().fewestBlock(), skipped.work().toString());
            // The other blocks ran every half-sweep; a grid of one block has only the one that skipped.
            assertEquals(work.blocks() > 1 ? 2 * ITERATIONS : 2 * ITERATIONS - 1, skipped.work().most(),
                    skipped.work().toString());
            assertTrue(skipped.nativeMessage().startsWith(plan.label() + " at n = " + N + ": block 0 ran 1999 of 2000 half-sweeps"),
                    skipped.nativeMessage());
            assertArrayEquals(converged, device.result(), "converged: the array alone cannot tell");
        }
    }
}
