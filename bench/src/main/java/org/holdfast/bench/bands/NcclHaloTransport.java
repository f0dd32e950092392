package org.holdfast.bench.bands;

import java.util.List;
import org.holdfast.kernels.bands.BandSplit;
import org.holdfast.kernels.bands.HaloTransport;

/**
 * One GPU's part of a halo exchange through NCCL: of the exchange's copies ({@link BandSplit#halos()}), each
 * one its band sends is an {@code ncclSend} of its rows to the receiving rank, each one it receives an
 * {@code ncclRecv} into its ghost rows from the owner, all in one group. Every rank walks the same list in
 * the same order, so the k-th send from a to b meets the k-th receive on b from a, with the same count.
 * Rank = band = GPU ({@code ncclCommInitAll} over devices 0 to G-1).
 */
public final class NcclHaloTransport implements HaloTransport {

    private final BandSplit split;
    private final int rank;
    private final long uAddress;
    private final PointToPoint messages;

    /**
     * @param rank this GPU's band
     * @param uAddress the device address of its band's u ({@code rows x n} doubles)
     */
    public NcclHaloTransport(BandSplit split, int rank, long uAddress, PointToPoint messages) {
        this.split = split;
        this.rank = rank;
        this.uAddress = uAddress;
        this.messages = messages;
    }

    @Override
    public void exchange(List<BandSplit.HaloCopy> copies) {
        messages.group(() -> {
            for (BandSplit.HaloCopy copy : copies) {
                if (copy.from() == rank) {
                    messages.send(uAddress + (long) split.sourceOffset(copy) * Double.BYTES, split.elementsOf(copy), copy.to());
                }
                if (copy.to() == rank) {
                    messages.receive(uAddress + (long) split.targetOffset(copy) * Double.BYTES, split.elementsOf(copy), copy.from());
                }
            }
        });
    }
}
