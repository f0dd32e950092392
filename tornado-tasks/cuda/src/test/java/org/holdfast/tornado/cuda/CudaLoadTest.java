package org.holdfast.tornado.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import org.holdfast.tornado.cuda.driver.raw.cuda_h;
import org.junit.jupiter.api.Test;

class CudaLoadTest {

    @Test
    void loadNeverThrowsAndExplainsItselfInOneLine() {
        CudaLoad load = Cuda.load();
        if (load instanceof CudaLoad.Unavailable unavailable) {
            assertFalse(unavailable.reason().isBlank());
            assertFalse(unavailable.reason().contains("\n"), unavailable.reason());
            assertEquals(unavailable.reason(), assertThrows(IllegalStateException.class, load::orThrow).getMessage());
        } else {
            assertFalse(load.orThrow().devices().isEmpty());
        }
    }

    @Test
    void withoutTheDriverTheReasonSaysSo() {
        assumeFalse(cuda_h.isLoaded(), "libcuda.so.1 is installed here");
        assertEquals(new CudaLoad.Unavailable("no NVIDIA driver: libcuda.so.1 not found"), Cuda.load());
    }

    @Test
    void driverVersionsReadAsTheToolkitWritesThem() {
        assertEquals("13.0", Cuda.versionText(13000));
        assertEquals("12.8", Cuda.versionText(12080));
        assertEquals("11.4", Cuda.versionText(11040));
    }
}
