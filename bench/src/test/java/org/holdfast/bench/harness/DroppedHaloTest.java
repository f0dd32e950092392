package org.holdfast.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.holdfast.bench.ExitCode;
import org.holdfast.bench.Holdfast;
import org.holdfast.bench.mode.BandedRunner;
import org.holdfast.bench.mode.BlockCount;
import org.holdfast.bench.mode.CpuMode;
import org.holdfast.bench.mode.DescribedMode;
import org.holdfast.bench.mode.DroppedHalo;
import org.holdfast.bench.mode.KernelSource;
import org.holdfast.bench.mode.Machine;
import org.holdfast.bench.mode.ModeOption;
import org.holdfast.bench.mode.ModeRunner;
import org.holdfast.bench.mode.Modes;
import org.holdfast.bench.mode.Paradigm;
import org.holdfast.bench.mode.RunRequest;
import org.holdfast.bench.mode.StandardLaunchMode;
import org.holdfast.bench.report.ResultRow;
import org.holdfast.bench.report.SavedRun;
import org.holdfast.kernels.bands.ArrayCopyTransport;
import org.holdfast.kernels.bands.BandSplit;
import org.holdfast.kernels.bands.HaloTransport;
import org.holdfast.tornado.api.TornadoRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sensitivity check covers "a halo row not exchanged": bands whose transport leaves one halo row
 * stale fail the harness's verification at every size, converged ones included, with one ghost row and with
 * three (an exchange every 3 half-sweeps), while {@code cpu} on the same virtual devices passes.
 */
class DroppedHaloTest {

    @TempDir
    Path temp;

    @Test
    void aStaleHaloRowIsAMismatch() throws IOException {
        Modes modes = new Modes(List.of(new CpuMode(), new DroppedHaloMode()));
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        int status;
        try (PrintStream out = new PrintStream(stdout, true, StandardCharsets.UTF_8);
                PrintStream err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)) {
            // 1000 iterations converge N = 11: only the verification run from a random interior sees what is missing there.
            // k = 3: three ghost rows and an exchange every 3 half-sweeps; the dropped row is the one next to the owned rows.
            status = new Holdfast(out, err, modes).run("-m", "cpu,dropped-halo", "--gpus", "2", "-n", "11,12,101", "-i",
                    "1000,1000,5", "--sweeps-per-launch", "1,3", "-r", "2", "-o", temp.toString(), "--no-plots");
        }
        assertEquals(ExitCode.FAILED, status, stdout.toString(StandardCharsets.UTF_8));
        List<ResultRow> rows = SavedRun.read(temp.resolve("results.json")).rows();
        assertEquals(12, rows.size());
        for (ResultRow row : rows) {
            if (row.mode().equals("cpu")) {
                assertTrue(row.ok(), row.toString());
            } else {
                assertTrue(row.status().startsWith("MISMATCH: the verification run (k = " + row.verification().k() + ") differs"),
                        row.status());
            }
        }
    }

    /** The CPU modes' bands, with a transport that carries every halo row but the first of the first copy. */
    private static final class DroppedHaloMode extends DescribedMode {

        DroppedHaloMode() {
            super("dropped-halo", "bands on virtual devices, one halo row never exchanged, for tests", Paradigm.CPU,
                    List.of(KernelSource.JAVA), BlockCount.NONE, 0x654321);
        }

        @Override
        public Optional<String> splitRefusal(int gpus, KernelSource kernels, org.holdfast.kernels.problem.Problem problem) {
            return Optional.empty();
        }

        @Override
        public List<ModeOption> options() {
            return List.of(StandardLaunchMode.SWEEPS_PER_LAUNCH);
        }

        @Override
        public ModeRunner runner(RunRequest request, Machine machine) {
            return new BandedRunner(request, TornadoRuntime.sequentialCpu(), 1, DroppedHaloMode::dropping);
        }

        private static HaloTransport dropping(BandSplit split, double[][] arrays) {
            return DroppedHalo.firstRowDropped(new ArrayCopyTransport(split, arrays));
        }
    }
}
