package org.holdfast.bridge;

import java.util.Arrays;
import java.util.List;
import org.holdfast.bridge.raw.holdfast_bands_h;

/** How a band computes the k half-sweeps between two halo exchanges ({@code HF_BAND_PASS_*}, {@code hf_bands_config.pass}). */
public enum BandPass {
    /** Each half-sweep over the band's rows, the band's barrier after each (the default). */
    HALF_SWEEPS(holdfast_bands_h.HF_BAND_PASS_HALF_SWEEPS),
    /**
     * One temporally blocked pass of the k half-sweeps (the one-GPU {@code temporal} rows' pass, streamed down the band
     * from one array into a second), the band's barrier after it: CUDA only, k one of {@link #TEMPORAL_DEPTHS}, 256
     * threads per block; the session's open refuses anything else ({@link NativeStatus#UNSUPPORTED}, with its reason).
     */
    TEMPORAL(holdfast_bands_h.HF_BAND_PASS_TEMPORAL);

    /** The k the temporal pass is built for ({@code HF_BAND_TEMPORAL_DEPTHS}), in order. */
    public static final List<Integer> TEMPORAL_DEPTHS = Arrays.stream(holdfast_bands_h.HF_BAND_TEMPORAL_DEPTHS.split(","))
            .map(k -> Integer.valueOf(k.trim())).toList();

    private final int code;

    BandPass(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** Whether the pass is built for k half-sweeps between exchanges: the half-sweeps for every k the split takes. */
    public boolean takes(int k) {
        return this == HALF_SWEEPS || TEMPORAL_DEPTHS.contains(k);
    }

    static BandPass fromCode(int code) {
        return NativeCodes.fromCode(values(), BandPass::code, code, "hf_bands_config.pass");
    }
}
