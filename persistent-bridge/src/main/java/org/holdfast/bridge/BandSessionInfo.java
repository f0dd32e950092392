package org.holdfast.bridge;

/**
 * What a band session runs ({@code hf_bands_session_info}), for reports: the split, its bands
 * {@code firstBand .. firstBand + bandCount - 1}, the resolved blocks and threads, the GPU, the watchdog, and the
 * flags and runs used so far, the band's pass and, for the temporal pass, the items (strips x segments) of the widest
 * band's pass (0 for the half-sweeps).
 */
public record BandSessionInfo(int n, int bands, int ghostRows, int firstBand, int bandCount, int blocksPerBand,
        int threadsPerBlock, int device, double watchdogSeconds, long flagBase, int runs, BandPass pass, int itemsPerBand) {
}
