package org.holdfast.bridge;

import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.holdfast.bridge.raw.hf_bands_config;
import org.junit.jupiter.api.Test;

/**
 * What a {@link BandRequest} writes into {@code hf_bands_config} (no library needed): every field at its offset, the
 * pass among them (the half-sweeps by default, 0 as the header's zeroed config), and what each pass takes.
 */
class BandRequestTest {

    @Test
    void fillWritesEveryFieldThePassAmongThem() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment config = arena.allocate(hf_bands_config.LAYOUT);
            config.fill((byte) 0x5a); // fill zeroes first: nothing of this survives
            BandRequest.of(3, 8).withBlocksPerBand(5).withThreadsPerBlock(256).withWatchdogSeconds(0.5)
                    .withFault(FaultInjection.NEVER_PUBLISH, 1).withPass(BandPass.TEMPORAL).fill(config);
            assertEquals(3, config.get(JAVA_INT, hf_bands_config.bands$OFFSET));
            assertEquals(8, config.get(JAVA_INT, hf_bands_config.ghost_rows$OFFSET));
            assertEquals(5, config.get(JAVA_INT, hf_bands_config.blocks_per_band$OFFSET));
            assertEquals(256, config.get(JAVA_INT, hf_bands_config.threads_per_block$OFFSET));
            assertEquals(0.5, config.get(JAVA_DOUBLE, hf_bands_config.watchdog_seconds$OFFSET));
            assertEquals(FaultInjection.NEVER_PUBLISH.code(), config.get(JAVA_INT, hf_bands_config.fault$OFFSET));
            assertEquals(1, config.get(JAVA_INT, hf_bands_config.fault_band$OFFSET));
            assertEquals(BandPass.TEMPORAL.code(), config.get(JAVA_INT, hf_bands_config.pass$OFFSET));
            assertEquals(1, BandPass.TEMPORAL.code());
            assertEquals(0, config.get(JAVA_INT, hf_bands_config.LAYOUT.byteSize() - 4), "the tail padding zeroed");

            BandRequest.of(2, 1).fill(config);
            assertEquals(BandPass.HALF_SWEEPS.code(), config.get(JAVA_INT, hf_bands_config.pass$OFFSET));
            assertEquals(0, BandPass.HALF_SWEEPS.code(), "the default is the zeroed config's");
        }
    }

    @Test
    void withPassKeepsTheRest() {
        BandRequest asked = BandRequest.of(3, 4).withBlocksPerBand(2).withFault(FaultInjection.SKIP_HALF_SWEEP, 7);
        BandRequest temporal = asked.withPass(BandPass.TEMPORAL);
        assertEquals(BandPass.HALF_SWEEPS, asked.pass());
        assertEquals(BandPass.TEMPORAL, temporal.pass());
        assertEquals(asked, temporal.withPass(BandPass.HALF_SWEEPS));
        assertEquals(BandPass.TEMPORAL, temporal.withThreadsPerBlock(256).withWatchdogSeconds(1).pass(), "kept by the others");
    }

    @Test
    void theTemporalPassTakesItsDepthsTheHalfSweepsAnyK() {
        for (int k = 1; k <= 16; k++) {
            assertTrue(BandPass.HALF_SWEEPS.takes(k));
            assertEquals(BandPass.TEMPORAL_DEPTHS.contains(k), BandPass.TEMPORAL.takes(k), "k = " + k);
        }
        assertFalse(BandPass.TEMPORAL.takes(5));
        assertTrue(BandPass.TEMPORAL.takes(8));
        assertEquals(BandPass.TEMPORAL, BandPass.fromCode(1));
    }
}
