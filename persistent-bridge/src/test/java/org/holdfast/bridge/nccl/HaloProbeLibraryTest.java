package org.holdfast.bridge.nccl;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.Optional;

import org.holdfast.bridge.NativeLibraryMissingException;
import org.holdfast.bridge.nccl.raw.holdfast_nccl_probe_h;
import org.holdfast.ffi.NativeLibrary;
import org.junit.jupiter.api.Test;

/** What the halo probe says when libholdfast_nccl_bands is not there, found as the band windows find it (no GPU needed). */
class HaloProbeLibraryTest {

    private static final String NAME = System.mapLibraryName("holdfast_nccl_bands");

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
            assertTrue(missing.getMessage().contains("HOLDFAST_NCCL_ROOT"), missing.getMessage());
        } finally {
            if (before == null) {
                System.clearProperty(HaloProbe.PROPERTY);
            } else {
                System.setProperty(HaloProbe.PROPERTY, before);
            }
        }
    }
}
