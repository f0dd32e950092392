package org.holdfast.tornado.cuda.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.util.List;
import java.util.Optional;
import org.holdfast.tornado.api.TornadoDevice;
import org.holdfast.tornado.api.TornadoRuntime;
import org.holdfast.tornado.cuda.driver.raw.cuda_h;
import org.holdfast.tornado.spi.TornadoBackend;
import org.junit.jupiter.api.Test;

class CudaBackendTest {

    @Test
    void theServiceLoaderFindsTheBackend() {
        List<String> names = TornadoRuntime.backends().stream().map(TornadoBackend::name).toList();
        assertEquals(List.of("cpu", "cuda"), names);
    }

    @Test
    void devicesNeverThrowAndAnEmptyListComesWithAReason() {
        CudaBackend backend = new CudaBackend();
        List<TornadoDevice> devices = backend.devices();
        Optional<String> reason = backend.unavailableReason();
        assertEquals(devices.isEmpty(), reason.isPresent());
        reason.ifPresent(line -> assertFalse(line.contains("\n"), line));
        for (TornadoDevice device : devices) {
            assertTrue(device.id().matches("cuda:\\d+"), device.id());
            assertTrue(device.isGpu());
        }
    }

    @Test
    void withoutTheDriverThereAreNoGpusButTheCpuStillRuns() {
        assumeFalse(cuda_h.isLoaded(), "libcuda.so.1 is installed here");
        CudaBackend backend = new CudaBackend();
        assertTrue(backend.devices().isEmpty());
        assertEquals(Optional.of("no NVIDIA driver: libcuda.so.1 not found"), backend.unavailableReason());
        assertTrue(CudaBackend.device(0).isEmpty());
        assertTrue(TornadoRuntime.firstGpu().isEmpty());
        assertEquals(List.of("cpu", "cpu-parallel"), TornadoRuntime.devices().stream().map(TornadoDevice::id).toList());
    }
}
