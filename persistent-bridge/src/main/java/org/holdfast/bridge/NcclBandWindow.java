package org.holdfast.bridge;

import static java.lang.foreign.ValueLayout.ADDRESS;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.holdfast.bridge.raw.holdfast_nccl_bands_h;

/**
 * One rank's receive buffer of the band kernels as an NCCL symmetric memory window
 * ({@code hf_nccl_band_window}, opened by {@link NcclBandWindows#open}): zeroed at open, and through {@link #peers}
 * every rank's buffer as this GPU addresses it, which {@link PersistentBridge#openBand} takes. Closing is collective
 * too: every rank, after its last run.
 */
public final class NcclBandWindow implements AutoCloseable {

    private final MemorySegment window;
    private boolean closed;

    NcclBandWindow(MemorySegment window) {
        this.window = window;
    }

    /** {@code pointers[b]}: rank b's buffer as this GPU addresses it; {@code ranks} is the communicator's size. */
    public synchronized long[] peers(int ranks) {
        if (closed) {
            throw new IllegalStateException("the band window is closed");
        }
        try (Arena call = Arena.ofConfined()) {
            MemorySegment pointers = call.allocate(ADDRESS, ranks);
            NcclBandWindows.check(holdfast_nccl_bands_h.hf_nccl_band_window_peers(window, ranks, pointers),
                    "hf_nccl_band_window_peers");
            long[] peers = new long[ranks];
            for (int rank = 0; rank < ranks; rank++) {
                peers[rank] = pointers.getAtIndex(ADDRESS, rank).address();
            }
            return peers;
        }
    }

    /** How {@link #peers} found the addresses (NCCL's host call, the device API in a kernel, or one rank's own buffer). */
    public synchronized String route() {
        if (closed) {
            throw new IllegalStateException("the band window is closed");
        }
        return holdfast_nccl_bands_h.hf_nccl_band_window_route(window).reinterpret(Long.MAX_VALUE).getString(0);
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        NcclBandWindows.check(holdfast_nccl_bands_h.hf_nccl_band_window_close(window), "hf_nccl_band_window_close");
    }
}
