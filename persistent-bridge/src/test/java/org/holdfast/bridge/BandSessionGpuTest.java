package org.holdfast.bridge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Band sessions through the bridge, the grid in device memory (the runner loads from host memory: both are unified
 * addressing's): 3 then 4 iterations on one load equal the reference's 7 bit for bit, the flags advanced by the
 * exchange counts; the same with the temporal band pass (k = 1, 2, 4, 8: 3 + 4 iterations, off the k grid), whose
 * session says its pass and items; one band of one through {@link PersistentBridge#openBand}; a band that never sends
 * is named by the watchdog, and the session runs again.
 */
class BandSessionGpuTest extends GpuTestBase {

    /** N = 11, 101, 2 and 3 bands: the half-sweeps at k = 1 to 4, the temporal pass at k = 1, 2, 4, 8. */
    static Stream<Arguments> splits() {
        return Stream.of(11, 101).flatMap(n -> Stream.of(2, 3).flatMap(bands -> Stream.concat(
                Stream.of(1, 2, 3, 4).map(k -> Arguments.of(n, bands, k, BandPass.HALF_SWEEPS)),
                Stream.of(1, 2, 4, 8).map(k -> Arguments.of(n, bands, k, BandPass.TEMPORAL)))));
    }

    @ParameterizedTest(name = "N={0}, {1} bands, k = {2}, {3}")
    @MethodSource("splits")
    void twoRunsOnOneLoadEqualTheReference(int n, int bands, int k, BandPass pass) {
        try (DeviceProblem device = new DeviceProblem(bridge, n);
                BandSession session = bridge.openBands(device.solved(), BandRequest.of(bands, k).withPass(pass), 0)) {
            session.load(device.u, device.f);
            assertTrue(session.run(3).deviceMillis() > 0);
            session.run(4);
            session.unload(device.u);
            assertArrayEquals(device.problem.solve(7), device.result());
            BandSessionInfo info = session.info();
            assertEquals(bands, info.bandCount());
            assertEquals(0, info.firstBand());
            assertEquals(2, info.runs());
            assertEquals(bridge.bandExchangeCount(3, k) + bridge.bandExchangeCount(4, k), info.flagBase());
            assertEquals(pass, info.pass());
            assertEquals(pass == BandPass.TEMPORAL, info.itemsPerBand() > 0, "items are the temporal pass's: " + info);
            if (pass == BandPass.TEMPORAL) {
                assertEquals(256, info.threadsPerBlock(), "the temporal pass's block");
            }
        }
    }

    @Test
    void oneBandOfOneThroughTheOpenOfABandPerGpu() {
        try (DeviceProblem device = new DeviceProblem(bridge, 101)) {
            long receive = bridge.deviceAlloc(64);
            try (BandSession session = bridge.openBand(device.solved(), BandRequest.of(1, 3), 0, new long[] {receive}, 0)) {
                session.load(device.u, device.f);
                session.run(7);
                session.unload(device.u);
                assertArrayEquals(device.problem.solve(7), device.result());
            } finally {
                bridge.deviceFree(receive);
            }
        }
    }

    @Test
    void aBandThatNeverSendsIsNamedAndTheSessionRunsAgain() {
        try (DeviceProblem device = new DeviceProblem(bridge, 101);
                BandSession session = bridge.openBands(device.solved(), BandRequest.of(3, 2).withBlocksPerBand(2)
                        .withWatchdogSeconds(0.2).withFault(FaultInjection.NEVER_PUBLISH, 1), 0)) {
            for (int attempt = 0; attempt < 2; attempt++) {
                session.load(device.u, device.f);
                NativeException stopped = assertThrows(NativeException.class, () -> session.run(7));
                assertEquals(NativeStatus.WATCHDOG, stopped.status(), stopped.getMessage());
                PersistentReport report = stopped.report().orElseThrow();
                assertEquals(WatchdogWait.NEIGHBOUR, report.errorWait());
                assertEquals(1, report.errorPeer());
                assertTrue(stopped.nativeMessage().contains("for the halo rows of band 1"), stopped.nativeMessage());
            }
        }
    }
}
