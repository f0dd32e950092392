package org.holdfast.kernels.bands;

import java.util.List;

/** The virtual devices' transport: each halo copy is one array copy of whole rows from the owner's array into the receiver's. */
public final class ArrayCopyTransport implements HaloTransport {

    private final BandSplit split;
    private final double[][] arrays;

    /** @param arrays each band's array, by band */
    public ArrayCopyTransport(BandSplit split, double[][] arrays) {
        this.split = split;
        this.arrays = arrays;
    }

    @Override
    public void exchange(List<BandSplit.HaloCopy> copies) {
        for (BandSplit.HaloCopy copy : copies) {
            System.arraycopy(arrays[copy.from()], split.sourceOffset(copy), arrays[copy.to()], split.targetOffset(copy),
                    split.elementsOf(copy));
        }
    }
}
