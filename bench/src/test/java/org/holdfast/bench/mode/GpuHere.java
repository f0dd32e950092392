package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** For GPU tests: skip, saying which is missing, where there is no GPU or no native library. */
public final class GpuHere {

    private GpuHere() {
    }

    /** Skips the test unless {@code machine} has a GPU and the native library, with the reason for the one missing. */
    public static void assumeGpuAndNativeLibrary(Machine machine) {
        // "no GPU: <why>", or "native library: <why>" where the GPU is here
        assumeTrue(machine.nativeLibraryMissing().isEmpty(), () -> machine.nativeLibraryMissing().orElse(""));
    }
}
