package org.holdfast.tornado.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CudaErrorTest {

    @Test
    void codesMapToTheirNames() {
        assertSame(CudaError.SUCCESS, CudaError.of(0));
        assertSame(CudaError.OUT_OF_MEMORY, CudaError.of(2));
        assertSame(CudaError.NO_DEVICE, CudaError.of(100));
        assertSame(CudaError.ILLEGAL_ADDRESS, CudaError.of(700));
        assertSame(CudaError.COOPERATIVE_LAUNCH_TOO_LARGE, CudaError.of(720));
        assertSame(CudaError.STREAM_CAPTURE_INVALIDATED, CudaError.of(901));
        assertEquals("CUDA_SUCCESS", CudaError.SUCCESS.headerName());
        assertEquals("CUDA_ERROR_OUT_OF_MEMORY", CudaError.OUT_OF_MEMORY.headerName());
    }

    @Test
    void unknownCodesFallBackToUnknownAndKeepTheirNumber() {
        assertSame(CudaError.UNKNOWN, CudaError.of(12345));
        assertSame(CudaError.UNKNOWN, CudaError.of(-1));
        CudaException failure = CudaException.failure("cuNewThing", 12345);
        assertSame(CudaError.UNKNOWN, failure.error());
        assertEquals(12345, failure.code());
        assertTrue(failure.getMessage().startsWith("cuNewThing failed: CUresult 12345"), failure.getMessage());
    }

    @Test
    void everyCodeIsDistinct() {
        Set<Integer> codes = new HashSet<>();
        for (CudaError error : CudaError.values()) {
            assertTrue(codes.add(error.code()), "code " + error.code() + " twice");
        }
    }

    @Test
    void messageNamesTheCallAndTheErrorAsTheDriverDoes() {
        assertEquals("cuMemAlloc_v2 failed: CUDA_ERROR_OUT_OF_MEMORY (out of memory)",
                CudaException.message("cuMemAlloc_v2", 2, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"));
        // Without the driver's strings, the name comes from the enum.
        assertEquals("cuLaunchKernel(red) failed: CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
                CudaException.message("cuLaunchKernel(red)", 701, null, null));
        assertEquals("cuX failed: CUDA_ERROR_UNKNOWN", CudaException.message("cuX", 999, null, null));
    }

    @Test
    void failureCarriesCallAndError() {
        CudaException failure = CudaException.failure("cuMemAlloc_v2", 2);
        assertEquals("cuMemAlloc_v2", failure.call());
        assertSame(CudaError.OUT_OF_MEMORY, failure.error());
        // With a driver the description follows in parentheses; without one the message ends here.
        assertTrue(failure.getMessage().startsWith("cuMemAlloc_v2 failed: CUDA_ERROR_OUT_OF_MEMORY"), failure.getMessage());
    }

    @Test
    void checkPassesSuccessAndThrowsTheRest() {
        CudaException.check(0, "cuInit");
        CudaException failure = assertThrows(CudaException.class, () -> CudaException.check(101, "cuDeviceGet"));
        assertSame(CudaError.INVALID_DEVICE, failure.error());
    }
}
