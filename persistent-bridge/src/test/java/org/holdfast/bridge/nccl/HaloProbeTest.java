package org.holdfast.bridge.nccl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.holdfast.bridge.NativeException;
import org.holdfast.bridge.NativeLibraryMissingException;
import org.holdfast.bridge.NativeStatus;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The probe through the built library (-Dholdfast.nccl.bands.library; skipped where it was not built, NCCL
 * missing): on a machine with two GPUs it measures, on one (or none) it refuses, saying so.
 */
class HaloProbeTest {

    private static HaloProbe probe;

    @BeforeAll
    static void openTheLibrary() {
        String property = System.getProperty(HaloProbe.PROPERTY);
        assumeTrue(property != null && Files.isRegularFile(Path.of(property)),
                "libholdfast_nccl_bands not built (NCCL 2.28+ not found): " + property);
        try {
            probe = HaloProbe.open(Optional.empty());
        } catch (NativeLibraryMissingException e) {
            assumeTrue(false, e.getMessage()); // libnccl.so.2 not on the loader path
        }
    }

    @Test
    void measuresBetweenTwoGpusOrSaysItNeedsThem() {
        try {
            List<HaloExchange> figures = probe.pair(0, 1, 200, 1, 4096);
            assertEquals(List.of(1, 4096), figures.stream().map(HaloExchange::lines).toList());
            for (HaloExchange figure : figures) {
                assertTrue(figure.inKernelSeconds() > 0 && figure.hostSeconds() > 0, figure.toString());
            }
        } catch (NativeException refused) {
            assertTrue(refused.status() == NativeStatus.UNSUPPORTED || refused.status() == NativeStatus.NO_DEVICE,
                    refused.getMessage());
            assertTrue(refused.getMessage().startsWith("hf_nccl_halo_probe_pair: " + refused.status().nativeName()
                    + ": hf_nccl_halo_probe_pair: needs 2 GPUs, found "), refused.getMessage());
        }
    }

    @Test
    void badArgumentsAreRefusedBeforeAnyGpuIsAsked() {
        NativeException bad = assertThrows(NativeException.class, () -> probe.pair(0, 1, 0, 1));
        assertEquals(NativeStatus.INVALID_ARGUMENT, bad.status());
        assertTrue(bad.getMessage().contains("got 1 counts and 0 rounds"), bad.getMessage());
        NativeException tooMany = assertThrows(NativeException.class, () -> probe.pair(0, 1, 10, 65538));
        assertTrue(tooMany.getMessage().contains("65538 lines, 1 to 65537 allowed"), tooMany.getMessage());
        NativeException noComm = assertThrows(NativeException.class,
                () -> probe.rank(0, HaloTransport.IN_KERNEL, 1, 10, 0));
        assertEquals(NativeStatus.INVALID_ARGUMENT, noComm.status());
    }
}
