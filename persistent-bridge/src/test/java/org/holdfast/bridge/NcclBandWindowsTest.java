package org.holdfast.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where libholdfast_nccl_bands is looked for, and the one line when it is not there (no library needed). */
class NcclBandWindowsTest {

    @Test
    void thePropertyThenBesideTheNativeLibraryThenTheLoader() {
        assertEquals(List.of("/opt/x/libholdfast_nccl_bands.so", "/lib/holdfast/libholdfast_nccl_bands.so",
                "libholdfast_nccl_bands.so"), NcclBandWindows.candidates(" /opt/x/libholdfast_nccl_bands.so ",
                NcclBandWindows.folderOf(Path.of("/lib/holdfast/libholdfast_native.so"))));
        assertEquals(List.of("libholdfast_nccl_bands.so"), NcclBandWindows.candidates(null,
                NcclBandWindows.folderOf(Path.of("libholdfast_native.so"))),
                "a library the loader found by name has no folder to look beside");
    }

    @Test
    void aMissingLibrarySaysWhereItLookedAndHowToBuildIt() {
        String line = NcclBandWindows.missing(List.of("/a/libholdfast_nccl_bands.so", "libholdfast_nccl_bands.so"));
        assertTrue(line.startsWith("libholdfast_nccl_bands.so not found (looked at /a/libholdfast_nccl_bands.so,"
                + " libholdfast_nccl_bands.so)"), line);
        assertTrue(line.contains("HOLDFAST_NCCL_ROOT") && line.contains("-Dholdfast.nccl.bands.library"), line);
        assertTrue(!line.contains("\n"), "one line");
    }
}
