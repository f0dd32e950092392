package org.holdfast.tornado.cuda.driver.raw;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.holdfast.tornado.cuda.GpuAvailability;
import org.holdfast.tornado.cuda.nvrtc.raw.nvrtc_h;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Every bound function exists in the installed libraries: linking each holder class resolves its symbol. */
@Tag("gpu")
class CudaDriverLinkTest {

    @Test
    void everyDriverFunctionLinks() throws ClassNotFoundException {
        assumeTrue(cuda_h.isLoaded(), "no GPU: no NVIDIA driver: libcuda.so.1 not found");
        assertTrue(linkAll(cuda_h.class) >= 45);
    }

    @Test
    void everyNvrtcFunctionLinks() throws ClassNotFoundException {
        GpuAvailability.requireNvrtc(); // the module's one skip reason for NVRTC, with where it looked
        assertTrue(linkAll(nvrtc_h.class) >= 9);
    }

    /** Initialises every function holder; a missing symbol fails with UnsatisfiedLinkError naming it. */
    private static int linkAll(Class<?> binding) throws ClassNotFoundException {
        int linked = 0;
        for (Class<?> holder : binding.getDeclaredClasses()) {
            if (!holder.getSimpleName().equals("Library")) {
                Class.forName(holder.getName(), true, binding.getClassLoader());
                linked++;
            }
        }
        return linked;
    }
}
