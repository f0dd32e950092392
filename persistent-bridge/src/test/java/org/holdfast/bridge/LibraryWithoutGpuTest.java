package org.holdfast.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import org.holdfast.bridge.raw.holdfast_native_h;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** What the library says without a GPU or a driver (the CI machine): clean errors, no crash. */
class LibraryWithoutGpuTest extends LibraryTestBase {

    private static final long FAKE_DEVICE_POINTER = 0x1000;

    @Test
    void describesItself() {
        assertEquals("0.1.0", bridge.version());
        assertEquals(holdfast_native_h.HF_ABI_VERSION, bridge.abiVersion());
        final RuntimeVersions versions = bridge.runtimeVersions();
        assertTrue(versions.runtimeName().equals("CUDA") || versions.runtimeName().equals("HIP"), versions.toString());
        assertTrue(versions.runtimeVersion() > 0, versions.toString());
    }

    @Test
    void theDeviceCountSaysNoDeviceWithAReason() {
        assumeFalse(bridge.probeDevices().available(), "a GPU is present: the no-GPU path cannot be seen here");
        final NativeException error = assertThrows(NativeException.class, bridge::deviceCount);
        assertEquals(NativeStatus.NO_DEVICE, error.status());
        assertEquals("hf_device_count", error.function());
        assertTrue(error.nativeMessage().contains("no usable GPU"), error.nativeMessage());
        final DeviceProbe probe = bridge.probeDevices();
        assertEquals(0, probe.count());
        assertEquals(NativeStatus.NO_DEVICE, probe.status());
        assertFalse(probe.reason().isBlank());
    }

    @Test
    void everyCallThatNeedsADeviceSaysNoDevice() {
        assumeFalse(bridge.probeDevices().available(), "a GPU is present: the no-GPU path cannot be seen here");
        for (PersistentVariant variant : bridge.variants()) {
            assertNoDevice(() -> bridge.plan(poisson(11), PersistentRequest.of(variant.mode(), variant.name())));
        }
        assertNoDevice(bridge::cooperativeLaunchSupported);
        assertNoDevice(() -> bridge.deviceAlloc(1024));
        assertNoDevice(() -> bridge.launchStandard(FAKE_DEVICE_POINTER, FAKE_DEVICE_POINTER, 11, 1, 0.01, 1, 32, 0));
        if (bridge.runtimeVersions().runtimeName().equals("CUDA")) {
            assertNoDevice(() -> bridge.kernel("hf_red"));
            assertNoDevice(() -> bridge.launchOverhead(10, 0));
            assertNoDevice(() -> bridge.clusterBarrierProbe(2, 128, 10, 0));
            assertNoDevice(() -> bridge.dsmemExchangeProbe(2, 128, 51, 10, 0));
        }
    }

    private static void assertNoDevice(Executable call) {
        final NativeException error = assertThrows(NativeException.class, call);
        assertEquals(NativeStatus.NO_DEVICE, error.status(), error.getMessage());
        assertFalse(error.nativeMessage().isBlank());
    }

    /** The planner refuses a bad request, naming what is wrong, before it asks for a device. */
    @Test
    void badRequestsAreRefusedBeforeAnyDeviceIsNeeded() {
        assertRefused(PersistentRequest.of("persistent-dataflow"), 2, "n = 2 is outside 3 .. 46340");
        assertRefused(PersistentRequest.of("persistent-mesh"), 11,
                "unknown mode 'persistent-mesh' (persistent modes: persistent-grid, persistent-host, persistent-dataflow)");
        assertRefused(PersistentRequest.of("persistent-grid", "lockstep"), 11,
                "persistent-grid has no variant 'lockstep' (variants: cg, two-slot, block, cluster, temporal, temporal-cg, temporal-3blocks, temporal-paired, cluster-bands, or auto)");
        assertRefused(PersistentRequest.of("persistent-grid").withBlocks(-1), 11, "blocks = -1");
        assertRefused(PersistentRequest.of("persistent-grid").withThreadsPerBlock(2000), 11, "threads_per_block = 2000");
        assertRefused(PersistentRequest.of("persistent-host").withWatchdogSeconds(2e6), 11, "watchdog_seconds = 2e+06");
        assertRefused(PersistentRequest.of("persistent-grid").withSweepsPerExchange(-1), 11, "sweeps_per_exchange = -1");
    }

    /** The cluster probes refuse a bad shape, naming it, before they ask for a device. */
    @Test
    void badClusterProbesAreRefusedBeforeAnyDeviceIsNeeded() {
        assertProbeRefused(() -> bridge.clusterBarrierProbe(17, 128, 10, 0), "hf_probe_cluster_barrier",
                "cluster_size = 17 (1 .. 16)");
        assertProbeRefused(() -> bridge.clusterBarrierProbe(2, 1025, 10, 0), "hf_probe_cluster_barrier",
                "threads_per_block = 1025 (1 .. 1024)");
        assertProbeRefused(() -> bridge.dsmemExchangeProbe(1, 128, 51, 10, 0), "hf_probe_dsmem_exchange",
                "cluster_size = 1 (2 .. 16)");
        assertProbeRefused(() -> bridge.dsmemExchangeProbe(2, 128, 65537, 10, 0), "hf_probe_dsmem_exchange",
                "doubles_per_edge = 65537 (1 .. 65536)");
        assertProbeRefused(() -> bridge.dsmemExchangeProbe(2, 128, 51, 0, 0), "hf_probe_dsmem_exchange", "rounds = 0");
    }

    private static void assertProbeRefused(Executable call, String function, String says) {
        final NativeException refused = assertThrows(NativeException.class, call);
        assertEquals(NativeStatus.INVALID_ARGUMENT, refused.status(), refused.getMessage());
        assertEquals(function, refused.function());
        assertTrue(refused.nativeMessage().contains(says), refused.nativeMessage());
    }

    private void assertRefused(PersistentRequest request, int n, String says) {
        final NativeException refused = assertThrows(NativeException.class, () -> bridge.plan(poisson(n), request));
        assertEquals(NativeStatus.INVALID_ARGUMENT, refused.status(), refused.getMessage());
        assertEquals("hf_plan_run", refused.function());
        assertTrue(refused.nativeMessage().contains(says), refused.nativeMessage());
        assertTrue(refused.report().isEmpty());
    }

    @Test
    void anUnknownKernelNameIsRefused() {
        final NativeException refused = assertThrows(NativeException.class, () -> bridge.kernel("hf_purple"));
        assertEquals(NativeStatus.INVALID_ARGUMENT, refused.status(), refused.getMessage());
        assertTrue(refused.nativeMessage().contains("no kernel 'hf_purple'"), refused.nativeMessage());
    }

    @Test
    void aSuccessfulCallLeavesNoMessage() {
        assertThrows(NativeException.class, () -> bridge.plan(PersistentProblem.poisson2d(2, 1.0), PersistentRequest.of("persistent-dataflow")));
        assertFalse(bridge.lastError().isEmpty());
        bridge.runtimeVersions();
        assertEquals("", bridge.lastError());
    }
}
