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
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Every persistent variant matches the sequential reference over the whole array. */
class PersistentRunGpuTest extends GpuTestBase {

    private static final int ITERATIONS = 10;
    private static final double TOLERANCE = 1e-12;

    static Stream<Arguments> cases() {
        final List<Arguments> cases = new ArrayList<>();
        for (String[] variant : Variants.ALL) {
            final HostPolling[] pollings = Variants.usesHostFlags(variant[0]) ? HostPolling.values() : new HostPolling[] {HostPolling.BUSY};
            for (HostPolling polling : pollings) {
                for (int n : Variants.sizes(variant[1])) {
                    for (int blocks : Variants.blockCounts(variant[1])) {
                        cases.add(Arguments.of(variant[0], variant[1], polling, n, blocks));
                    }
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2} n={3} blocks={4}")
    @MethodSource("cases")
    void matchesTheReference(String mode, String variant, HostPolling polling, int n, int blocks) {
        try (DeviceProblem device = new DeviceProblem(bridge, n)) {
            final PersistentReport report = device.run(
                    PersistentRequest.of(mode, variant).withBlocks(blocks).withHostPolling(polling), ITERATIONS);
            final PersistentPlan plan = report.plan();
            final double difference = ReferenceProblem.maxDifference(device.problem.solve(ITERATIONS), device.result());
            assertTrue(difference <= TOLERANCE, "max |diff| = " + difference + ", " + report);
            assertEquals(variant, plan.variant());
            if (blocks > 0) {
                assertEquals(blocks, plan.blocks());
            }
            if (Variants.usesHostFlags(mode)) {
                assertEquals(Variants.handshakes(variant, plan.activeBlocks(), ITERATIONS), report.handshakes(),
                        report.toString());
            }
            assertTrue(report.deviceMillis() > 0, report.toString());
        }
    }

    /** One session, several runs from the initial array: each matches, and no run allocates. */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("variants")
    void aSessionRunsAgainWithoutAllocating(String mode, String variant) {
        try (DeviceProblem device = new DeviceProblem(bridge, 33)) {
            final double[] expected = device.problem.solve(ITERATIONS);
            final int[] counts = Variants.blockCounts(variant);
            try (PersistentSession session = device.open(PersistentRequest.of(mode, variant).withBlocks(counts[counts.length - 2]))) {
                final PersistentPlan plan = session.plan();
                final long allocations = bridge.allocationCount();
                for (int run = 0; run < 3; run++) {
                    device.reset();
                    device.run(session, ITERATIONS);
                    assertEquals(0, ReferenceProblem.maxDifference(expected, device.result()), plan + ", run " + run);
                }
                assertEquals(allocations, bridge.allocationCount(), "allocations while running " + plan);
            }
        }
    }

    static Stream<Arguments> variants() {
        return Variants.ALL.stream().map(variant -> Arguments.of(variant[0], variant[1]));
    }

    /** The resident kernel at the sizes of issue 10 beyond the small ones, every k the bands allow, both f placements. */
    @ParameterizedTest(name = "resident n={0} blocks={1} k={2}")
    @CsvSource({"257, 0, 0", "257, 0, 3", "257, 132, 1", "1001, 0, 0", "1001, 0, 1", "1001, 0, 2", "1001, 0, 4",
        "1002, 0, 0", "1002, 0, 5", "1816, 0, 1"})
    void theResidentKernelMatchesAtLargeSizes(int n, int blocks, int sweeps) {
        try (DeviceProblem device = new DeviceProblem(bridge, n)) {
            final PersistentReport report = device.run(PersistentRequest.of("persistent-dataflow", "resident")
                    .withBlocks(blocks).withSweepsPerExchange(sweeps), ITERATIONS);
            assertEquals(0, ReferenceProblem.maxDifference(device.problem.solve(ITERATIONS), device.result()),
                    report.toString());
            if (sweeps > 0) {
                assertEquals(sweeps, report.plan().sweepsPerExchange(), report.toString());
            }
        }
    }

    @Test
    void theHaloExchangeProbeMeasuresAnExchange() {
        final int blocks = bridge.plan(poisson(1001), PersistentRequest.of("persistent-dataflow", "resident")).blocks();
        final double seconds = bridge.haloExchangeProbe(blocks, 512, 502, 200, 0);
        assertTrue(seconds > 0 && seconds < 1e-3, seconds + " s per exchange");
    }

    @ParameterizedTest(name = "cluster of {0}")
    @ValueSource(ints = {2, 16})
    void theClusterProbesMeasureABarrierAndACheckedExchange(int clusterSize) {
        final double barrier = bridge.clusterBarrierProbe(clusterSize, 128, 200, 0);
        assertTrue(barrier > 0 && barrier < 1e-3, barrier + " s per cluster barrier");
        // The receivers check every row of every round: a row not as sent fails the call (HF_ERR_RUNTIME).
        final double exchange = bridge.dsmemExchangeProbe(clusterSize, 128, 51, 200, 0);
        assertTrue(exchange > 0 && exchange < 1e-3, exchange + " s per DSMEM exchange");
    }

    @Test
    void aDsmemExchangeBeyondSharedMemoryIsUnsupportedNamingTheBytes() {
        final NativeException refused = assertThrows(NativeException.class,
                () -> bridge.dsmemExchangeProbe(2, 128, 65536, 10, 0));
        assertEquals(NativeStatus.UNSUPPORTED, refused.status());
        assertTrue(refused.nativeMessage().contains("2097152 bytes of shared memory per block"), refused.nativeMessage());
    }

    @Test
    void aSmallGridRunsOnChipOnOneBlock() {
        final PersistentPlan plan = bridge.plan(poisson(11), PersistentRequest.of("persistent-grid", "cg"));
        assertTrue(plan.onChip() && plan.fOnChip() && plan.blocks() == 1, plan.toString());
        assertEquals("cg", plan.variant());
        assertEquals("on chip", plan.note());
        assertEquals("persistent_on_chip", plan.kernel());
        // auto picks the register-resident variant at this size (docs/persistent-variants.md): one block, one warp here.
        final PersistentPlan auto = bridge.plan(poisson(11), PersistentRequest.of("persistent-grid"));
        assertEquals("block", auto.variant(), auto.toString());
        assertEquals(1, auto.blocks(), auto.toString());
    }

    @Test
    void aGridLargerThanCoResidentIsRefusedNamingBothNumbers() {
        final PersistentPlan one = bridge.plan(poisson(11), PersistentRequest.of("persistent-grid", "two-slot").withBlocks(1));
        assertTrue(bridge.cooperativeLaunchSupported() && one.maxCoResident() > 0, one.toString());
        final int tooMany = one.maxCoResident() + 1;
        final NativeException refused = assertThrows(NativeException.class,
                () -> bridge.plan(poisson(11), PersistentRequest.of("persistent-grid", "two-slot").withBlocks(tooMany)));
        assertEquals(NativeStatus.NOT_CORESIDENT, refused.status());
        assertTrue(refused.nativeMessage().contains(Integer.toString(tooMany))
                && refused.nativeMessage().contains(Integer.toString(one.maxCoResident())), refused.nativeMessage());
    }

    @Test
    void standardKernelsMatchTheReferenceAndHaveDriverHandles() {
        for (String name : new String[] {"hf_red", "hf_black", "hf_empty"}) {
            assertTrue(bridge.kernel(name) != 0, name);
        }
        try (DeviceProblem device = new DeviceProblem(bridge, 33)) {
            bridge.launchStandard(device.u, device.f, 33, ITERATIONS, device.problem.h2, 3, 64, 0);
            assertTrue(ReferenceProblem.maxDifference(device.problem.solve(ITERATIONS), device.result()) <= TOLERANCE);
        }
        final LaunchOverhead overhead = bridge.launchOverhead(100, 0);
        assertTrue(overhead.queuedSeconds() > 0 && overhead.syncedSeconds() > 0, overhead.toString());
    }

    @Test
    void nullArraysAreRefused() {
        try (PersistentSession session = bridge.open(poisson(11), PersistentRequest.of("persistent-grid", "two-slot"), 0)) {
            final NativeException refused = assertThrows(NativeException.class, () -> session.run(0, 0x1000, 1));
            assertEquals(NativeStatus.INVALID_ARGUMENT, refused.status());
            assertEquals(-1, refused.report().orElseThrow().errorBlock());
            assertEquals(WatchdogWait.NONE, refused.report().orElseThrow().errorWait());
        }
    }
}
