package org.holdfast.bridge;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;

/** GPU tests: each one is skipped, with the reason, where there is no GPU or no library. */
@Tag("gpu")
abstract class GpuTestBase extends LibraryTestBase {

    private static String whyNoGpu;

    @BeforeAll
    static void probeGpu() throws NativeLibraryMissingException {
        whyNoGpu = TestLibrary.whyNoGpu();
    }

    /** Runs after the library is open (superclass callbacks first). */
    @BeforeEach
    void requireGpu() {
        assumeTrue(whyNoGpu.isEmpty(), whyNoGpu);
    }
}
