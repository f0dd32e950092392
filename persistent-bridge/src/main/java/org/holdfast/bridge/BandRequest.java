package org.holdfast.bridge;

import java.lang.foreign.MemorySegment;
import org.holdfast.bridge.raw.hf_bands_config;

/**
 * What a band session is opened with ({@code hf_bands_config} of holdfast_bands.h): the split (G bands, k ghost
 * rows each side and half-sweeps between exchanges) and how it runs; zero means the library's default.
 *
 * @param bands G, 1 to n - 2
 * @param ghostRows k, 1 to 16
 * @param blocksPerBand 0: the co-resident blocks shared out among the session's bands
 * @param threadsPerBlock 0: 256
 * @param watchdogSeconds bound on every wait; 0: 10 s
 * @param fault {@link FaultInjection#NEVER_PUBLISH} (band {@code faultBand} never sends its halos) or
 *     {@link FaultInjection#SKIP_HALF_SWEEP} (block {@code faultBand} skips the run's last half-sweep); tests only
 * @param faultBand the band (or block) the fault hits
 * @param pass how a band computes the k half-sweeps between exchanges: {@link BandPass#HALF_SWEEPS} (the default) or
 *     {@link BandPass#TEMPORAL} (CUDA only, k one of {@link BandPass#TEMPORAL_DEPTHS}, 256 threads per block)
 */
public record BandRequest(int bands, int ghostRows, int blocksPerBand, int threadsPerBlock, double watchdogSeconds,
        FaultInjection fault, int faultBand, BandPass pass) {

    /** G bands with k ghost rows, everything else the library's. */
    public static BandRequest of(int bands, int ghostRows) {
        return new BandRequest(bands, ghostRows, 0, 0, 0, FaultInjection.NONE, 0, BandPass.HALF_SWEEPS);
    }

    public BandRequest withBlocksPerBand(int blocks) {
        return new BandRequest(bands, ghostRows, blocks, threadsPerBlock, watchdogSeconds, fault, faultBand, pass);
    }

    public BandRequest withThreadsPerBlock(int threads) {
        return new BandRequest(bands, ghostRows, blocksPerBand, threads, watchdogSeconds, fault, faultBand, pass);
    }

    public BandRequest withWatchdogSeconds(double seconds) {
        return new BandRequest(bands, ghostRows, blocksPerBand, threadsPerBlock, seconds, fault, faultBand, pass);
    }

    public BandRequest withFault(FaultInjection injected, int band) {
        return new BandRequest(bands, ghostRows, blocksPerBand, threadsPerBlock, watchdogSeconds, injected, band, pass);
    }

    public BandRequest withPass(BandPass bandPass) {
        return new BandRequest(bands, ghostRows, blocksPerBand, threadsPerBlock, watchdogSeconds, fault, faultBand, bandPass);
    }

    /** Writes this into a zeroed {@code hf_bands_config}. */
    void fill(MemorySegment config) {
        config.fill((byte) 0);
        hf_bands_config.bands(config, bands);
        hf_bands_config.ghost_rows(config, ghostRows);
        hf_bands_config.blocks_per_band(config, blocksPerBand);
        hf_bands_config.threads_per_block(config, threadsPerBlock);
        hf_bands_config.watchdog_seconds(config, watchdogSeconds);
        hf_bands_config.fault(config, fault.code());
        hf_bands_config.fault_band(config, faultBand);
        hf_bands_config.pass(config, pass.code());
    }
}
