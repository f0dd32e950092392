package org.holdfast.bench.harness;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.holdfast.bench.report.OverheadRow;
import org.holdfast.bridge.NativeException;
import org.holdfast.bridge.NativeLibraryMissingException;
import org.holdfast.bridge.nccl.HaloExchange;
import org.holdfast.bridge.nccl.HaloProbe;
import org.holdfast.bridge.nccl.HaloTransport;
import org.holdfast.tornado.cuda.nccl.Nccl;

/**
 * The overhead breakdown's halo exchange between GPUs 0 and 1 (issue 24): lines stored into the peer's
 * NCCL window from inside a kernel (as the band kernel sends its halos) and ncclSend / ncclRecv from the
 * host (as the standard launches on bands do), for 1 line and for a colour row of N = 8193, through
 * libholdfast_nccl_bands's probe ({@link HaloProbe}). Where that cannot run (one GPU, no NCCL, no library)
 * every row says why, as a refused probe's row does.
 */
final class GpuHaloRows {

    /** Round trips per size and transport, timed after a warm-up. */
    static final int ROUND_TRIPS = 2_000;
    /** One colour of a row at N = 8193 (its 8191 interior points, the larger colour). */
    static final int COLOUR_ROW = 4096;
    private static final int[] LINES = {1, COLOUR_ROW};
    private static final String HOW = "device events per one-way exchange (round trip / 2), " + ROUND_TRIPS
            + " round trips after a warm-up, the smaller of the two GPUs' figures";

    private GpuHaloRows() {
    }

    /**
     * The rows on a machine of {@code gpus} GPUs, libholdfast_nccl_bands looked for beside libholdfast_native
     * ({@code nativeLibraryFolder}) where that is known.
     */
    static List<OverheadRow> measure(int gpus, Optional<Path> nativeLibraryFolder) {
        return rows(gpus, Nccl::unavailableReason, () -> {
            try (HaloProbe probe = HaloProbe.open(nativeLibraryFolder)) {
                return probe.pair(0, 1, ROUND_TRIPS, LINES);
            } catch (NativeLibraryMissingException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        });
    }

    /**
     * The rows: refused with the reason where there are fewer than 2 GPUs or NCCL is missing (asked first, so
     * that the Java binding loads libnccl.so.2 into the process before libholdfast_nccl_bands needs it),
     * otherwise measured by {@code probe} (or refused with what it threw).
     */
    static List<OverheadRow> rows(int gpus, Supplier<Optional<String>> ncclMissing, Supplier<List<HaloExchange>> probe) {
        if (gpus < 2) {
            return refused("needs 2 GPUs: this machine has " + (gpus < 1 ? "none" : gpus));
        }
        Optional<String> nccl = ncclMissing.get();
        if (nccl.isPresent()) {
            return refused(nccl.get());
        }
        List<HaloExchange> figures;
        try {
            figures = probe.get();
        } catch (NativeException | IllegalStateException e) {
            return refused(e.getMessage());
        }
        List<OverheadRow> rows = new ArrayList<>();
        for (HaloTransport transport : HaloTransport.values()) {
            for (HaloExchange figure : figures) {
                rows.add(new OverheadRow(what(transport, figure.lines()), figure.seconds(transport) * 1e6, HOW));
            }
        }
        return rows;
    }

    /** Every row, not measured, with the reason. */
    static List<OverheadRow> refused(String reason) {
        List<OverheadRow> rows = new ArrayList<>();
        for (HaloTransport transport : HaloTransport.values()) {
            for (int lines : LINES) {
                rows.add(new OverheadRow(what(transport, lines), Double.NaN, "not measured: " + reason));
            }
        }
        return rows;
    }

    /** "halo exchange between GPUs 0 and 1, in-kernel (NCCL window, LL lines), 1 line", and so on. */
    static String what(HaloTransport transport, int lines) {
        String unit = transport == HaloTransport.IN_KERNEL ? "line" : "double";
        String size = lines == 1 ? "1 " + unit
                : lines == COLOUR_ROW ? "a colour row of N = 8193 (" + lines + " " + unit + "s)" : lines + " " + unit + "s";
        return "halo exchange between GPUs 0 and 1, "
                + (transport == HaloTransport.IN_KERNEL ? "in-kernel (NCCL window, LL lines)" : "host NCCL send/receive")
                + ", " + size;
    }
}
