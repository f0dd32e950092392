package org.holdfast.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The band split as the library computes it (holdfast_bands.h, no device needed): BandSplit's rows, the receive
 * buffers' bytes, the exchange counts, the refusals; and a band session without a GPU fails cleanly.
 */
class BandLayoutTest extends LibraryTestBase {

    @Test
    void theLayoutIsBandSplits() {
        // N = 11, 3 bands, k = 2: 9 interior rows, 3 each; a band receives 2 rows of 11 doubles from each neighbour.
        assertEquals(new BandLayout(1, 4, 0, 6, 2 * 16 * 22), bridge.bandLayout(11, 3, 2, 0));
        assertEquals(new BandLayout(4, 7, 2, 9, 2 * 16 * 44), bridge.bandLayout(11, 3, 2, 1));
        assertEquals(new BandLayout(7, 10, 5, 11, 2 * 16 * 22), bridge.bandLayout(11, 3, 2, 2));
    }

    @Test
    void sevenIterationsExchangeFourteenSevenFiveAndFourTimes() {
        assertEquals(List.of(14, 7, 5, 4), List.of(1, 2, 3, 4).stream().map(k -> bridge.bandExchangeCount(7, k)).toList());
        assertEquals(0, bridge.bandExchangeCount(0, 2));
    }

    @Test
    void aSplitTheLibraryRefusesSaysWhy() {
        NativeException refused = assertThrows(NativeException.class, () -> bridge.bandLayout(3, 2, 1, 0));
        assertEquals(NativeStatus.INVALID_ARGUMENT, refused.status());
        assertEquals("hf_band_layout_of", refused.function());
        assertThrows(NativeException.class, () -> bridge.bandLayout(11, 3, 17, 0), "k above 16");
        assertThrows(NativeException.class, () -> bridge.bandLayout(11, 3, 1, 3), "a band beyond the split");
    }

    @Test
    void aBandSessionWithoutAGpuFailsCleanly() {
        assumeFalse(bridge.probeDevices().available(), "a GPU is present: the no-GPU path cannot be seen here");
        NativeException missing = assertThrows(NativeException.class,
                () -> bridge.openBands(poisson(11), BandRequest.of(2, 1), 0));
        assertEquals("hf_bands_session_open", missing.function());
        assertTrue(!missing.nativeMessage().isBlank(), missing.getMessage());
        NativeException refused = assertThrows(NativeException.class,
                () -> bridge.openBand(poisson(11), BandRequest.of(2, 1), 2, new long[] {0, 0}, 0));
        assertEquals(NativeStatus.INVALID_ARGUMENT, refused.status(), "band 2 of 2 is refused before the device is asked");
    }
}
