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
        for (PersistentMode mode : PersistentMode.values()) {
            assertNoDevice(() -> bridge.run(PersistentConfig.of(mode), FAKE_DEVICE_POINTER, FAKE_DEVICE_POINTER, 11, 1,
                    0.01, 0));
        }
        assertNoDevice(() -> bridge.capacity(PersistentMode.DATAFLOW, 256, 0));
        assertNoDevice(bridge::cooperativeLaunchSupported);
        assertNoDevice(() -> bridge.deviceAlloc(1024));
        assertNoDevice(() -> bridge.launchStandard(FAKE_DEVICE_POINTER, FAKE_DEVICE_POINTER, 11, 1, 0.01, 1, 32, 0));
        if (bridge.runtimeVersions().runtimeName().equals("CUDA")) {
            assertNoDevice(bridge::standardKernels);
            assertNoDevice(() -> bridge.launchOverhead(10, 0));
        }
    }

    private static void assertNoDevice(Executable call) {
        final NativeException error = assertThrows(NativeException.class, call);
        assertEquals(NativeStatus.NO_DEVICE, error.status(), error.getMessage());
        assertFalse(error.nativeMessage().isBlank());
    }

    @Test
    void badArgumentsAreRefusedBeforeAnyDeviceIsNeeded() {
        final NativeException tooSmall = assertThrows(NativeException.class,
                () -> bridge.run(PersistentConfig.of(PersistentMode.DATAFLOW), FAKE_DEVICE_POINTER, FAKE_DEVICE_POINTER, 2,
                        1, 0.01, 0));
        assertEquals(NativeStatus.INVALID_ARGUMENT, tooSmall.status());
        assertTrue(tooSmall.nativeMessage().contains("n = 2"), tooSmall.nativeMessage());
        final PersistentReport report = tooSmall.report().orElseThrow();
        assertEquals(-1, report.errorBlock());
        assertEquals(WatchdogWait.NONE, report.errorWait());

        final NativeException nullArray = assertThrows(NativeException.class,
                () -> bridge.run(PersistentConfig.of(PersistentMode.GRID_TWO_SLOT), 0, FAKE_DEVICE_POINTER, 11, 1, 0.01, 0));
        assertEquals(NativeStatus.INVALID_ARGUMENT, nullArray.status());
    }

    @Test
    void aSuccessfulCallLeavesNoMessage() {
        assertThrows(NativeException.class, () -> bridge.run(PersistentConfig.of(PersistentMode.DATAFLOW),
                FAKE_DEVICE_POINTER, FAKE_DEVICE_POINTER, 2, 1, 0.01, 0));
        assertFalse(bridge.lastError().isEmpty());
        bridge.runtimeVersions();
        assertEquals("", bridge.lastError());
    }
}
