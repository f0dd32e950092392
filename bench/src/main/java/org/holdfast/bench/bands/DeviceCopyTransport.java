package org.holdfast.bench.bands;

import java.util.List;
import org.holdfast.kernels.bands.BandSplit;
import org.holdfast.kernels.bands.HaloTransport;
import org.holdfast.tornado.cuda.CudaStream;
import org.holdfast.tornado.cuda.DeviceBuffer;

/**
 * Several bands on one GPU, for testing the band kernels and the exchange schedule where NCCL cannot (it
 * puts one rank on a GPU): each halo copy is one {@code cuMemcpyDtoDAsync} of its rows from the owner's u
 * into the receiver's, queued on the one stream every band of the GPU launches on, so the copies run after
 * the half-sweep before them and before the one after, in order.
 */
public final class DeviceCopyTransport implements HaloTransport {

    private final BandSplit split;
    private final List<DeviceBuffer> u;
    private final CudaStream stream;

    /** @param u each band's u on the device, by band */
    public DeviceCopyTransport(BandSplit split, List<DeviceBuffer> u, CudaStream stream) {
        this.split = split;
        this.u = List.copyOf(u);
        this.stream = stream;
    }

    @Override
    public void exchange(List<BandSplit.HaloCopy> copies) {
        for (BandSplit.HaloCopy copy : copies) {
            u.get(copy.to()).copyFromAsync(u.get(copy.from()), (long) split.sourceOffset(copy) * Double.BYTES,
                    (long) split.targetOffset(copy) * Double.BYTES, (long) split.elementsOf(copy) * Double.BYTES, stream);
        }
    }
}
