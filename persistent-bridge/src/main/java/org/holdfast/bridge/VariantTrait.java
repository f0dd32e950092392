package org.holdfast.bridge;

import java.util.Set;
import org.holdfast.bridge.raw.holdfast_native_h;

/** What a persistent variant is ({@code HF_TRAIT_*}, one bit each of hf_variant_info.traits). */
public enum VariantTrait {
    /** The host drives the blocks through flags in mapped pinned memory. */
    HOST_FLAGS(holdfast_native_h.HF_TRAIT_HOST_FLAGS),
    /** Launched cooperatively: refused where the device cannot. */
    COOPERATIVE(holdfast_native_h.HF_TRAIT_COOPERATIVE),
    /** Launched in thread-block clusters. */
    CLUSTER(holdfast_native_h.HF_TRAIT_CLUSTER),
    /** Every wait of its own is bounded by the watchdog (so faults can be injected). */
    WATCHDOG(holdfast_native_h.HF_TRAIT_WATCHDOG),
    /** Needs a CUDA-only feature: unsupported in a HIP build. */
    CUDA_ONLY(holdfast_native_h.HF_TRAIT_CUDA_ONLY),
    /** Runs from u into a scratch array and back (temporal blocking); the session owns the scratch array. */
    TWO_BUFFERS(holdfast_native_h.HF_TRAIT_TWO_BUFFERS),
    /** Takes more than one half-sweep per exchange ({@code --sweeps-per-exchange}). */
    SWEEPS(holdfast_native_h.HF_TRAIT_SWEEPS),
    /** Every block keeps its band of u in shared memory for the whole run: shared memory, not HBM, is its limit. */
    BANDS_ON_CHIP(holdfast_native_h.HF_TRAIT_BANDS_ON_CHIP);

    private final int bit;

    VariantTrait(int bit) {
        this.bit = bit;
    }

    public int bit() {
        return bit;
    }

    /** The traits whose bits are set; an unknown bit means the library does not match this bridge. */
    static Set<VariantTrait> fromBits(int bits) {
        return NativeCodes.fromBits(VariantTrait.class, VariantTrait::bit, bits, "hf_variant_info.traits");
    }
}
