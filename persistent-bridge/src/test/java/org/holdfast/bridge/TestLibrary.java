package org.holdfast.bridge;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** Opens the library native-hip built, or skips the test and says why. */
final class TestLibrary {

    private TestLibrary() {
    }

    /** The library named by -Dholdfast.native.library (surefire sets it to native-hip's build). */
    static PersistentBridge openOrSkip() throws NativeLibraryMissingException {
        final String property = System.getProperty(NativeLibraryLocator.PROPERTY);
        assumeTrue(property != null && Files.isRegularFile(Path.of(property)),
                "native library not built: " + property + " does not exist (native-hip skips its CUDA build when nvcc is missing)");
        return PersistentBridge.open(Path.of(property));
    }

    /** Why GPU tests cannot run here, or empty when they can. */
    static String whyNoGpu() throws NativeLibraryMissingException {
        final String property = System.getProperty(NativeLibraryLocator.PROPERTY);
        if (property == null || !Files.isRegularFile(Path.of(property))) {
            return "native library not built: " + property + " does not exist";
        }
        try (PersistentBridge bridge = PersistentBridge.open(Path.of(property))) {
            final DeviceProbe probe = bridge.probeDevices();
            return probe.available() ? "" : "no GPU: " + probe.reason();
        }
    }
}
