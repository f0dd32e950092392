package org.holdfast.bench.mode;

import java.util.ArrayList;
import java.util.List;
import org.holdfast.kernels.bands.BandSplit;
import org.holdfast.kernels.bands.HaloTransport;

/** For tests of the sensitivity check: a transport that leaves one halo row stale. */
public final class DroppedHalo {

    private DroppedHalo() {
    }

    /** {@code real}, carrying every halo row but the first of the first copy. */
    public static HaloTransport firstRowDropped(HaloTransport real) {
        return copies -> {
            List<BandSplit.HaloCopy> carried = new ArrayList<>(copies.subList(1, copies.size()));
            BandSplit.HaloCopy first = copies.get(0);
            if (first.rows() > 1) {
                carried.add(new BandSplit.HaloCopy(first.from(), first.to(), first.firstRow() + 1, first.rows() - 1));
            }
            real.exchange(carried);
        };
    }
}
