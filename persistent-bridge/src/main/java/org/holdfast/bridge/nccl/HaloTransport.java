package org.holdfast.bridge.nccl;

import org.holdfast.bridge.nccl.raw.holdfast_nccl_probe_h;

/** How the halo probe between two GPUs moves its lines ({@code HF_NCCL_HALO_*} of holdfast_nccl_probe.h). */
public enum HaloTransport {
    /** Self-flagged LL lines stored into the peer's NCCL window from inside a persistent kernel, as the band kernel sends. */
    IN_KERNEL(holdfast_nccl_probe_h.HF_NCCL_HALO_IN_KERNEL),
    /** {@code ncclSend} / {@code ncclRecv} queued from the host, as the standard launches on bands exchange. */
    HOST(holdfast_nccl_probe_h.HF_NCCL_HALO_HOST);

    private final int code;

    HaloTransport(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}
