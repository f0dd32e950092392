package org.holdfast.bridge.nccl;

/**
 * One size of the halo probe between two GPUs: seconds per one-way exchange (round trip / 2) of
 * {@code lines} doubles, each the smaller of the two GPUs' device times.
 *
 * @param lines doubles per exchange (one LL line each in the kernel)
 * @param inKernelSeconds through the NCCL windows from inside a kernel ({@link HaloTransport#IN_KERNEL})
 * @param hostSeconds by ncclSend / ncclRecv from the host ({@link HaloTransport#HOST})
 */
public record HaloExchange(int lines, double inKernelSeconds, double hostSeconds) {

    /** The figure of one transport, in seconds. */
    public double seconds(HaloTransport transport) {
        return transport == HaloTransport.IN_KERNEL ? inKernelSeconds : hostSeconds;
    }
}
