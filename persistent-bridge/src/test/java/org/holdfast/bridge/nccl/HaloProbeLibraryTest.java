package org.holdfast.bridge.nccl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.holdfast.bridge.NativeLibraryMissingException;
import org.holdfast.bridge.nccl.raw.holdfast_nccl_probe_h;
import org.holdfast.ffi.NativeLibrary;
import org.junit.jupiter.api.Test;

/** Where the halo probe looks for libholdfast_nccl_bands, and what it says when the library is not there (no GPU needed). */
class HaloProbeLibraryTest {

    private static final String NAME = System.mapLibraryName("holdfast_nccl_bands");

    @Test
    void looksAtThePropertyThenBesideTheNativeLibrary() {
        assertEquals(List.of(Path.of("/opt/x/" + NAME), Path.of("/app/lib/" + NAME)),
                HaloProbeLibrary.candidates("/opt/x/" + NAME, Optional.of(Path.of("/app/lib"))));
        assertTrue(HaloProbeLibrary.candidates(null, Optional.empty()).isEmpty());
    }

    @Test
    void aMissingLibraryIsOneLineNamingEveryPlaceAndHowItIsBuilt() {
        String message = HaloProbeLibrary.notFound(List.of("/x/" + NAME, "the dynamic loader's search for " + NAME)).getMessage();
        assertFalse(message.contains("\n"), message);
        assertTrue(message.startsWith("native library " + NAME + " not found (looked in /x/" + NAME + ", the dynamic"), message);
        assertTrue(message.endsWith("only where NCCL 2.28 or newer with nccl_device.h is found: cmake -S native-hip "
                + "-DHOLDFAST_NCCL_ROOT=<nccl> (or NCCL_HOME)"), message);
    }

    @Test
    void openingWithoutTheLibraryThrowsTheMissingLibrary() {
        assumeFalse(holdfast_nccl_probe_h.isBound(), "a library is already loaded in this process");
        assumeTrue(NativeLibrary.open(NAME).isEmpty(), "the dynamic loader finds " + NAME + " here");
        String before = System.getProperty(HaloProbe.PROPERTY);
        System.setProperty(HaloProbe.PROPERTY, "/nonexistent/" + NAME);
        try {
            NativeLibraryMissingException missing = assertThrows(NativeLibraryMissingException.class,
                    () -> HaloProbe.open(Optional.of(Path.of("/nonexistent-too"))));
            assertTrue(missing.getMessage().contains("/nonexistent/" + NAME + ", /nonexistent-too/" + NAME),
                    missing.getMessage());
            assertTrue(missing.getMessage().contains("-DHOLDFAST_NCCL_ROOT"), missing.getMessage());
        } finally {
            if (before == null) {
                System.clearProperty(HaloProbe.PROPERTY);
            } else {
                System.setProperty(HaloProbe.PROPERTY, before);
            }
        }
    }
}
