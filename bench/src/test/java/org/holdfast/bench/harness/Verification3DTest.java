package org.holdfast.bench.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.holdfast.bench.ExitCode;
import org.holdfast.bench.Holdfast;
import org.holdfast.bench.mode.Modes;
import org.holdfast.bench.mode.Paradigm;
import org.holdfast.bench.report.ResultRow;
import org.holdfast.bench.report.SavedRun;
import org.holdfast.kernels.poisson3d.Poisson3DProblem;
import org.holdfast.kernels.poisson3d.ReferenceSolver3D;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The verification run of the cube is sensitive to every half-sweep its grid has (at N = 3 the one point
 * is black: no red half-sweep to skip), and runners broken as real kernels break fail their rows on it
 * at converged sizes too, as on the square.
 */
class Verification3DTest {

    @ParameterizedTest(name = "N = {0}")
    @ValueSource(ints = {4, 5, 8, 17, 64})
    void itsVerificationRunIsSensitiveToEveryHalfSweepAndItsReferenceIsThePlainOne(int n) {
        Poisson3DProblem problem = new Poisson3DProblem(n);
        double[] f = problem.rightHandSide();
        Verification verification = Verification.of(problem, f, 1);
        assertTrue(verification.sensitive(), verification.sensitivity().toString());
        assertTrue(verification.sensitivity().redSkipped() >= Verification.REQUIRED, verification.sensitivity().toString());
        assertTrue(verification.sensitivity().blackSkipped() >= Verification.REQUIRED, verification.sensitivity().toString());
        assertArrayEquals(ReferenceSolver3D.solve(problem, verification.initial(), f, verification.k()), verification.reference());
    }

    @Test
    void atNEqualsThreeThereIsNoRedHalfSweepToMissAndTheSensitivitySaysSoRatherThanZero() {
        Poisson3DProblem problem = new Poisson3DProblem(3);
        Verification verification = Verification.of(problem, problem.rightHandSide(), 1);
        assertTrue(Double.isNaN(verification.sensitivity().redSkipped()));
        assertTrue(verification.sensitivity().blackSkipped() >= Verification.REQUIRED);
        verification.requireSensitive();
    }

    @TempDir
    Path temp;

    @Test
    void runnersThatSkipWorkFailOnTheCubeAtEverySize() throws IOException {
        Modes modes = new Modes(List.of(
                new ReferenceMode("correct", Paradigm.CPU, ReferenceMode.Fault.NONE),
                new ReferenceMode("skips-a-half-sweep", Paradigm.CPU, ReferenceMode.Fault.SKIPS_A_HALF_SWEEP),
                new ReferenceMode("one-iteration-fewer", Paradigm.CPU, ReferenceMode.Fault.ONE_ITERATION_FEWER)));
        int status;
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(stdout, true, StandardCharsets.UTF_8);
                PrintStream err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)) {
            // 2000 iterations converge N = 4 and 6: only the verification run can see what is missing there.
            status = new Holdfast(out, err, modes).run("-p", "poisson3d", "-n", "4,6,21", "-i", "2000,2000,3", "-r", "2",
                    "-o", temp.toString(), "--no-plots");
        }
        assertEquals(ExitCode.FAILED, status, stdout.toString(StandardCharsets.UTF_8));
        List<ResultRow> rows = SavedRun.read(temp.resolve("results.json")).rows();
        assertEquals(9, rows.size());
        for (ResultRow row : rows) {
            boolean broken = !row.mode().equals("correct");
            assertEquals(broken, row.status().startsWith("MISMATCH: the verification run"), row.mode() + " at N = " + row.n()
                    + ": " + row.status());
        }
    }
}
