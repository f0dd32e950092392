package org.holdfast.bench.bands;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.holdfast.bridge.BandPass;
import org.holdfast.bridge.BandRequest;
import org.holdfast.kernels.bands.BandSplit;
import org.junit.jupiter.api.Test;

/** The note of a {@code persistent-grid --gpus} row says the band's pass: the temporal passes and their k, or k alone. */
class PersistentBandsNoteTest {

    @Test
    void theNoteSaysThePass() {
        BandSplit split = new BandSplit(101, 3, 8);
        assertEquals("3 bands on cuda:0, temporal passes of k = 8, halos in-kernel (LL lines)",
                PersistentBands.noteOf(split, BandRequest.of(3, 8).withPass(BandPass.TEMPORAL), "3 bands on cuda:0"));
        assertEquals("2 GPUs, halos in-kernel (LL lines), k = 8", PersistentBands.noteOf(split, BandRequest.of(3, 8), "2 GPUs"));
    }
}
