package org.holdfast.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every persistent mode matches the sequential reference over the whole array. */
class PersistentRunGpuTest extends GpuTestBase {

    private static final int ITERATIONS = 10;
    private static final double TOLERANCE = 1e-12;

    static Stream<Arguments> cases() {
        final List<Arguments> cases = new ArrayList<>();
        for (PersistentMode mode : PersistentMode.values()) {
            for (HostPolling polling : mode.usesHostFlags() ? HostPolling.values() : new HostPolling[] {HostPolling.BUSY}) {
                for (int n : new int[] {3, 4, 11, 12, 33, 101}) {
                    for (int blocks : new int[] {1, 2, 7, 0}) {
                        cases.add(Arguments.of(mode, polling, n, blocks));
                    }
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1} n={2} blocks={3}")
    @MethodSource("cases")
    void matchesTheReference(PersistentMode mode, HostPolling polling, int n, int blocks) {
        try (DeviceProblem device = new DeviceProblem(bridge, n)) {
            final PersistentReport report = device.run(PersistentConfig.of(mode).withBlocks(blocks).withHostPolling(polling),
                    ITERATIONS);
            final double difference = ReferenceProblem.maxDifference(device.problem.solve(ITERATIONS), device.result());
            assertTrue(difference <= TOLERANCE, "max |diff| = " + difference + ", " + report);
            if (blocks > 0) {
                assertEquals(blocks, report.blocks());
            }
            if (mode.usesHostFlags()) {
                assertEquals((long) report.activeBlocks() * 2 * ITERATIONS, report.handshakes(), report.toString());
            }
            assertTrue(report.deviceMillis() > 0, report.toString());
        }
    }

    @Test
    void aGridLargerThanCoResidentIsRefusedNamingBothNumbers() {
        final Capacity capacity = bridge.capacity(PersistentMode.GRID_TWO_SLOT, 256, 0);
        assertTrue(capacity.cooperativeLaunch() && capacity.maxCoResident() > 0, capacity.toString());
        final int tooMany = capacity.maxCoResident() + 1;
        try (DeviceProblem device = new DeviceProblem(bridge, 11)) {
            final NativeException refused = assertThrows(NativeException.class,
                    () -> device.run(PersistentConfig.of(PersistentMode.GRID_TWO_SLOT).withBlocks(tooMany), 1));
            assertEquals(NativeStatus.NOT_CORESIDENT, refused.status());
            assertTrue(refused.nativeMessage().contains(Integer.toString(tooMany))
                    && refused.nativeMessage().contains(Integer.toString(capacity.maxCoResident())), refused.nativeMessage());
        }
    }

    @Test
    void standardKernelsMatchTheReferenceAndHaveDriverHandles() {
        final StandardKernels kernels = bridge.standardKernels();
        assertTrue(kernels.red() != 0 && kernels.black() != 0 && kernels.empty() != 0, kernels.toString());
        try (DeviceProblem device = new DeviceProblem(bridge, 33)) {
            bridge.launchStandard(device.u, device.f, 33, ITERATIONS, device.problem.h2, 3, 64, 0);
            assertTrue(ReferenceProblem.maxDifference(device.problem.solve(ITERATIONS), device.result()) <= TOLERANCE);
        }
        final LaunchOverhead overhead = bridge.launchOverhead(100, 0);
        assertTrue(overhead.queuedSeconds() > 0 && overhead.syncedSeconds() > 0, overhead.toString());
    }
}
