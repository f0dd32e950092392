package org.holdfast.kernels.bands;

import java.util.List;

/**
 * How halo rows travel between devices: array copies between the CPU's virtual devices
 * ({@link ArrayCopyTransport}) or, on GPUs, NCCL's send and receive in one group. A transport is made
 * over the bands' arrays and asked to carry one exchange at a time; it returns when every copy has arrived.
 */
@FunctionalInterface
public interface HaloTransport {

    /** Carries every copy of one exchange ({@link BandSplit#halos()}). */
    void exchange(List<BandSplit.HaloCopy> copies);
}
