package org.holdfast.kernels.bands;

import java.util.List;

/** The virtual devices' transport: each halo copy is one array copy of whole rows from the owner's array into the receiver's. */
public final class ArrayCopyTransport implements HaloTransport {

    private final int n;
    private final List<BandSplit.Band> bands;
    private final double[][] arrays;

    /** @param arrays each band's array, by band */
    public ArrayCopyTransport(BandSplit split, double[][] arrays) {
        this.n = split.n();
        this.bands = split.bandList();
        this.arrays = arrays;
    }

    @Override
    public void exchange(List<BandSplit.HaloCopy> copies) {
        for (BandSplit.HaloCopy copy : copies) {
            BandSplit.Band from = bands.get(copy.from());
            BandSplit.Band to = bands.get(copy.to());
            System.arraycopy(arrays[copy.from()], from.localRow(copy.firstRow()) * n, arrays[copy.to()],
                    to.localRow(copy.firstRow()) * n, copy.rows() * n);
        }
    }
}
