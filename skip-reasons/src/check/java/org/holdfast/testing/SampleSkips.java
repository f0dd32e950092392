package org.holdfast.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Tests that skip, for SkipReasonsTest to run (the name keeps Surefire from running them itself). */
class SampleSkips {

    @Tag("gpu")
    @Test
    void needsAGpu() {
        assumeTrue(false, "no GPU: no NVIDIA driver: libcuda.so.1 not found");
    }

    @Tag("gpu")
    @Test
    void needsAGpuToo() {
        assumeTrue(false, "no GPU: no NVIDIA driver: libcuda.so.1 not found");
    }

    @Test
    void needsNvcc() {
        assumeTrue(false, "nvcc not found on PATH");
    }

    @Disabled("waits for issue 99")
    @Test
    void disabled() {
    }

    @Test
    void runs() {
    }
}
