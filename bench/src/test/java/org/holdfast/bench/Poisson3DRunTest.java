package org.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.holdfast.bench.report.ResultRow;
import org.holdfast.bench.report.SavedRun;
import org.holdfast.tornado.api.TornadoRuntime;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The second problem through the command, on any machine: {@code --problem poisson3d}, its config, and what it refuses. */
class Poisson3DRunTest {

    @TempDir
    Path temp;

    @Test
    void theCpuModesSolveTheCubeAndMatchItsReference() throws IOException {
        CommandRun run = CommandRun.of("-p", "poisson3d", "-m", "cpu,cpu-parallel", "-n", "3,4,9", "-i", "6", "-r", "2",
                "--init", "random", "-o", temp.toString(), "--no-plots");
        assertEquals(ExitCode.OK, run.status(), run.err());
        List<String> rows = run.out().lines().filter(l -> l.startsWith("| cpu")).toList();
        assertEquals(6, rows.size(), run.out());
        for (String row : rows) {
            assertTrue(row.contains("| ok ") && row.contains("| 0 "), "ok, max diff 0: " + row);
        }
        assertTrue(run.out().contains("Checks of poisson3d: "), run.out());
        assertTrue(run.out().contains("nothing to skip: no red point at N = 3"), "the cube's one point at N = 3 is black: " + run.out());
        SavedRun saved = SavedRun.read(temp.resolve("results.json"));
        assertEquals("poisson3d", saved.run().get("problem").getAsString());
        for (ResultRow row : saved.rows()) {
            assertTrue(row.ok() && row.maxDiff() == 0 && row.verification().k() > 0, row.toString());
        }
        ResultRow nine = saved.rows().stream().filter(r -> r.n() == 9).findFirst().orElseThrow();
        assertEquals(7.0 * 7 * 7 / (nine.medianMicros() * 1e-6), nine.pointsPerSecond(), 1e-6 * nine.pointsPerSecond(),
                "(N - 2)³ points an iteration");
    }

    @Test
    void theSquareStaysTheDefaultAndNamesItself() throws IOException {
        CommandRun run = CommandRun.of("-m", "cpu", "-n", "5", "-i", "3", "-r", "1", "-o", temp.toString(), "--no-plots");
        assertEquals(ExitCode.OK, run.status(), run.err());
        assertEquals("poisson2d", SavedRun.read(temp.resolve("results.json")).run().get("problem").getAsString());
        assertTrue(run.out().contains("Checks of poisson2d: "), run.out());
    }

    @Test
    void theConfigRunsTheCpuModesHereAndSaysWhyTheGpuModesCannot() throws IOException {
        Assumptions.assumeTrue(TornadoRuntime.firstGpu().isEmpty(), "this machine has a GPU");
        CommandRun run = CommandRun.of("-c", "poisson3d", "-n", "8", "-i", "4", "-r", "1", "-o", temp.toString(), "--no-plots");
        assertEquals(ExitCode.UNAVAILABLE, run.status(), run.err());
        assertTrue(run.out().contains("| cpu ") && run.out().contains("| cpu-parallel "), run.out());
        assertTrue(run.err().lines().anyMatch(l -> l.startsWith("holdfast: launch, launch-sync, graph, persistent-grid,")
                && l.contains(": skipped: ")), run.err());
        assertEquals("poisson3d", SavedRun.read(temp.resolve("results.json")).run().get("problem").getAsString());
    }

    @Test
    void aCubeTooLargeForAJavaArrayIsBadInput() {
        CommandRun run = CommandRun.of("-p", "poisson3d", "-n", "1291");
        assertEquals(ExitCode.USAGE, run.status());
        assertEquals("holdfast: N = 1291 is too large for poisson3d: a Java array holds at most 2^31-1 elements, so N³ must stay"
                + " under it: N <= 1290\n", run.err());
    }

    @Test
    void anUnknownProblemIsBadInput() {
        CommandRun run = CommandRun.of("--problem", "poisson4d");
        assertEquals(ExitCode.USAGE, run.status());
        assertEquals("holdfast: --problem: unknown problem 'poisson4d' (choose from: poisson2d, poisson3d)\n", run.err());
    }

    @Test
    void aClassOfTheSquareIsRefusedOnTheCube() {
        CommandRun run = CommandRun.of("-p", "poisson3d", "-m", "cpu", "-k", "java:org.holdfast.kernels.RedBlackKernels");
        assertEquals(ExitCode.USAGE, run.status(), run.err());
        assertEquals("holdfast: --kernels java:org.holdfast.kernels.RedBlackKernels: org.holdfast.kernels.RedBlackKernels solves"
                + " poisson2d (a class without @Solves solves the square; docs/user-kernels.md), not poisson3d: run it with"
                + " --problem poisson2d\n", run.err());
    }

    @Test
    void theCubesOwnKernelsRunAsAClassOfYourOwn() {
        CommandRun run = CommandRun.of("-p", "poisson3d", "-m", "cpu", "-k", "java:org.holdfast.kernels.RedBlackKernels3D", "-n",
                "9", "-i", "5", "-r", "1", "-o", temp.resolve("own3d").toString(), "--no-plots");
        assertEquals(ExitCode.OK, run.status(), run.err() + run.out());
    }

    @Test
    void theHelpNamesTheOptionAndItsDefault() {
        String help = CommandRun.of("--help").out().replaceAll("\\s+", " ");
        assertTrue(help.contains("-p,--problem <problem>"), help);
        assertTrue(help.contains("poisson2d, poisson3d"), help);
        assertTrue(help.contains("(default: poisson2d)"), help);
    }

    @Test
    void printKernelShowsTheCubesKernelsAndWhatItRefuses() throws IOException {
        CommandRun run = CommandRun.of("-p", "poisson3d", "-m", "cpu,graph,persistent-grid", "-k", "java,native", "--print-kernel");
        assertEquals(ExitCode.OK, run.status(), run.err());
        assertTrue(run.out().contains("org.holdfast.kernels.RedBlackKernels3D: red, then black"), run.out());
        assertTrue(run.out().contains("hand-written, hf_red_3d then hf_black_3d (native-hip/src/kernels/standard_kernels.h)"),
                run.out());
        assertTrue(run.out().contains("refused: persistent-grid (java): no Java persistent kernels for poisson3d yet"), run.out());
        assertTrue(run.out().contains("  cg: persistent_grid_cooperative_groups_3d (native-hip/src/kernels/persistent_grid.h)"),
                run.out());
        assertTrue(run.out().contains("extern \"C\" __global__ void red(") && run.out().contains("sevenPointUpdate"), run.out());
        Files.writeString(temp.resolve("printed.cu"), run.out());
    }
}
