package org.holdfast.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.holdfast.bench.report.OverheadRow;
import org.holdfast.bridge.NativeException;
import org.holdfast.bridge.NativeStatus;
import org.holdfast.bridge.nccl.HaloExchange;
import org.junit.jupiter.api.Test;

/** The overhead breakdown's rows of the halo exchange between GPUs: measured, or each saying why not (CPU only). */
class GpuHaloRowsTest {

    private static final List<String> WHAT = List.of(
            "halo exchange between GPUs 0 and 1, in-kernel (NCCL window, LL lines), 1 line",
            "halo exchange between GPUs 0 and 1, in-kernel (NCCL window, LL lines), a colour row of N = 8193 (4096 lines)",
            "halo exchange between GPUs 0 and 1, host NCCL send/receive, 1 double",
            "halo exchange between GPUs 0 and 1, host NCCL send/receive, a colour row of N = 8193 (4096 doubles)");

    private static final Supplier<List<HaloExchange>> NEVER = () -> {
        throw new AssertionError("the probe must not run");
    };

    @Test
    void oneGpuGivesEveryRowSayingItNeedsTwo() {
        assertRefused(GpuHaloRows.rows(1, () -> Optional.empty(), NEVER), "not measured: needs 2 GPUs: this machine has 1");
    }

    @Test
    void noGpuGivesEveryRowSayingItNeedsTwo() {
        assertRefused(GpuHaloRows.rows(0, () -> Optional.empty(), NEVER), "not measured: needs 2 GPUs: this machine has none");
    }

    @Test
    void withoutNcclEveryRowSaysWhatToInstall() {
        String missing = "NCCL not found: install NCCL 2.28 or newer";
        assertRefused(GpuHaloRows.rows(2, () -> Optional.of(missing), NEVER), "not measured: " + missing);
    }

    @Test
    void aMissingLibraryOrAFailedProbeIsEveryRowsReason() {
        assertRefused(GpuHaloRows.rows(2, () -> Optional.empty(), () -> {
            throw new IllegalStateException("native library libholdfast_nccl_bands.so not found (looked in /x)");
        }), "not measured: native library libholdfast_nccl_bands.so not found (looked in /x)");
        assertRefused(GpuHaloRows.rows(8, () -> Optional.empty(), () -> {
            throw new NativeException(NativeStatus.WATCHDOG, "hf_nccl_halo_probe_pair", "rank 1 waited", null);
        }), "not measured: hf_nccl_halo_probe_pair: HF_ERR_WATCHDOG: rank 1 waited");
    }

    @Test
    void measuredRowsAreMicrosPerOneWayExchangeInKernelThenHost() {
        List<OverheadRow> rows = GpuHaloRows.rows(2, () -> Optional.empty(),
                () -> List.of(new HaloExchange(1, 2.0e-6, 9.0e-6), new HaloExchange(4096, 5.0e-6, 12.0e-6)));
        assertEquals(WHAT, rows.stream().map(OverheadRow::what).toList());
        assertEquals(List.of(2.0, 5.0, 9.0, 12.0), rows.stream().map(row -> Math.rint(row.micros() * 1e6) / 1e6).toList());
        for (OverheadRow row : rows) {
            assertTrue(row.how().startsWith("device events per one-way exchange (round trip / 2), 2000 round trips"),
                    row.how());
        }
    }

    private static void assertRefused(List<OverheadRow> rows, String how) {
        assertEquals(WHAT, rows.stream().map(OverheadRow::what).toList());
        for (OverheadRow row : rows) {
            assertTrue(Double.isNaN(row.micros()), row.toString());
            assertEquals(how, row.how());
        }
    }
}
