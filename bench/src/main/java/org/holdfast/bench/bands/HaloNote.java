package org.holdfast.bench.bands;

import org.holdfast.kernels.bands.BandSplit;

/**
 * What a banded row's note says about its halos: with one ghost row, that they travel after every half-sweep,
 * as always; with k, the ghost rows and how often they travel, so the row is not mistaken for the temporal
 * pass (one launch per k half-sweeps): every half-sweep is still its own launch, only the exchanges are k apart.
 */
public final class HaloNote {

    private HaloNote() {
    }

    /**
     * {@code "<devices>, halo rows <how>"} with one ghost row; {@code "<devices>, k = 4 ghost rows, halos <how>
     * every 4 half-sweeps"} with four.
     *
     * @param devices what holds the bands ("2 GPUs", "3 virtual devices")
     * @param how how the halos travel ("by NCCL send and receive", "copied")
     */
    public static String of(String devices, String how, BandSplit split) {
        int k = split.ghostRows();
        return k == 1 ? devices + ", halo rows " + how
                : devices + ", k = " + k + " ghost rows, halos " + how + " every " + k + " half-sweeps";
    }
}
