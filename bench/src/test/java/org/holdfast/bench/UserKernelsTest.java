package org.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.holdfast.bench.harness.Verification;
import org.holdfast.bench.report.ResultRow;
import org.holdfast.bench.report.SavedRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's own kernel classes through the command, on the CPU: the classes of examples/ compiled
 * with javac and the kernel compiler from the class path, run as {@code -k java:<class> --classpath},
 * and checked against themselves on the CPU (SOR is not Gauss-Seidel); and every broken contract
 * refused before anything runs, with one line that says what is missing.
 */
class UserKernelsTest {

    @TempDir
    static Path temp;
    private static Path classes;

    @BeforeAll
    static void compileTheExamplesAndTheMisfits() throws IOException, URISyntaxException {
        classes = Files.createDirectories(temp.resolve("classes"));
        List<String> sources = new ArrayList<>();
        try (Stream<Path> files = Files.list(examples())) {
            files.map(Path::toString).forEach(sources::add);
        }
        sources.add(Path.of(UserKernelsTest.class.getResource("/user-kernels/Misfits.java").toURI()).toString());
        sources.add(Path.of(UserKernelsTest.class.getResource("/user-kernels/Broken.java").toURI()).toString());
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-cp", System.getProperty("java.class.path"),
                "-processor", "org.holdfast.tornado.compiler.KernelProcessor"));
        args.addAll(sources);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, args.toArray(String[]::new)), "javac failed on " + sources);
    }

    /** examples/src/main/java/org/example in the repository. */
    static Path examples() {
        return exampleProject().resolve("src/main/java/org/example");
    }

    /** examples/ in the repository: a user's Maven project. */
    static Path exampleProject() {
        Path here = Path.of("").toAbsolutePath();
        Path root = Files.isDirectory(here.resolve("examples")) ? here : here.getParent();
        return root.resolve("examples");
    }

    private static CommandRun holdfast(String kernels, String modes, String out) {
        return CommandRun.of("-m", modes, "-k", kernels, "--classpath", classes.toString(), "-n", "11,12", "-i", "20", "-r", "2",
                "-o", temp.resolve(out).toString(), "--no-plots");
    }

    @Test
    void theStandardSorClassRunsInTheCpuModesAndEqualsItselfOnTheCpu() throws IOException {
        CommandRun run = holdfast("java:org.example.RedBlackSor", "cpu,cpu-parallel", "sor");
        assertEquals(ExitCode.OK, run.status(), run.err() + run.out());
        List<ResultRow> rows = SavedRun.read(temp.resolve("sor/results.json")).rows();
        assertEquals(4, rows.size(), rows.toString());
        for (ResultRow row : rows) {
            assertEquals("java:org.example.RedBlackSor", row.kernels());
            assertTrue(row.ok() && row.maxDiff() == 0, row.toString());
            assertTrue(row.verification().k() > 0 && row.verification().redSkipped() > 0, "the red half-sweep matters: " + row);
        }
    }

    @Test
    void thePersistentSorClassRunsWithEveryGroupAtOnceOnTheCpu() throws IOException {
        CommandRun run = holdfast("java:org.example.PersistentRedBlackSor", "cpu,cpu-parallel", "persistent-sor");
        assertEquals(ExitCode.OK, run.status(), run.err() + run.out());
        for (ResultRow row : SavedRun.read(temp.resolve("persistent-sor/results.json")).rows()) {
            assertTrue(row.ok() && row.maxDiff() == 0, row.toString());
            // A solve runs whole iterations, but each colour's points move only in its half-sweeps: the last iteration's
            // change of the black points is what skipping the last black half-sweep would hide, and the red ones' likewise.
            assertTrue(row.verification().redSkipped() >= Verification.REQUIRED
                    && row.verification().blackSkipped() >= Verification.REQUIRED, "each colour matters: " + row);
        }
    }

    @Test
    void theClusterSorClassRunsOnOneClusterWithEveryBlockAndThreadAtOnceOnTheCpu() throws IOException {
        CommandRun run = holdfast("java:org.example.ClusterRedBlackSor", "cpu,cpu-parallel", "cluster-sor");
        assertEquals(ExitCode.OK, run.status(), run.err() + run.out());
        List<ResultRow> rows = SavedRun.read(temp.resolve("cluster-sor/results.json")).rows();
        assertEquals(4, rows.size(), rows.toString());
        for (ResultRow row : rows) {
            assertEquals("java:org.example.ClusterRedBlackSor", row.kernels());
            assertTrue(row.ok() && row.maxDiff() == 0, row.toString());
            assertTrue(row.verification().redSkipped() >= Verification.REQUIRED
                    && row.verification().blackSkipped() >= Verification.REQUIRED, "each colour matters: " + row);
        }
    }

    @Test
    void theClusterSorClassGivesThePersistentSorClasssBits() throws IOException {
        // Bands in shared memory, edges pushed into the neighbours': the same points, the same arithmetic, the same array.
        CommandRun run = CommandRun.of("-m", "cpu", "-k", "java:org.example.PersistentRedBlackSor,java:org.example.ClusterRedBlackSor",
                "--classpath", classes.toString(), "-n", "11,34", "-i", "20", "-r", "1", "--init", "random", "-o",
                temp.resolve("cluster-vs-grid").toString(), "--no-plots");
        assertEquals(ExitCode.OK, run.status(), run.err() + run.out());
        List<ResultRow> rows = SavedRun.read(temp.resolve("cluster-vs-grid/results.json")).rows();
        assertEquals(4, rows.size(), rows.toString());
        for (int size = 0; size < 2; size++) {
            assertEquals(rows.get(2 * size).maxError(), rows.get(2 * size + 1).maxError(), rows.toString());
        }
    }

    @Test
    void printKernelSaysHowTheClusterSolveIsLaunched() {
        CommandRun run = CommandRun.of("-m", "cpu,persistent-grid", "-k", "java:org.example.ClusterRedBlackSor", "--classpath",
                classes.toString(), "--print-kernel");
        assertEquals(ExitCode.OK, run.status(), run.err());
        String launch = "one cluster of min(16, N - 2) blocks of 128 threads, ClusterRedBlackSor.sharedBytes(N, blocks) bytes of"
                + " dynamic shared memory each";
        assertTrue(run.out().contains("// persistent-grid (java:org.example.ClusterRedBlackSor, sweeps-per-exchange=auto):\n//  "
                + " org.example.ClusterRedBlackSor: solve, one launch for all iterations, " + launch + "\n"), run.out());
        assertTrue(run.out().contains("org.example.ClusterRedBlackSor: solve, every group at once, " + launch), run.out());
        assertTrue(run.out().contains("hf_map_shared_rank(band, "), run.out());
    }

    @Test
    void theCubesSorClassRunsOnTheCubeAndEqualsItselfOnTheCpu() throws IOException {
        CommandRun run = CommandRun.of("-p", "poisson3d", "-m", "cpu,cpu-parallel", "-k", "java:org.example.RedBlackSor3D",
                "--classpath", classes.toString(), "-n", "8,9", "-i", "20", "-r", "2", "-o", temp.resolve("sor3d").toString(),
                "--no-plots");
        assertEquals(ExitCode.OK, run.status(), run.err() + run.out());
        List<ResultRow> rows = SavedRun.read(temp.resolve("sor3d/results.json")).rows();
        assertEquals(4, rows.size(), rows.toString());
        for (ResultRow row : rows) {
            assertTrue(row.ok() && row.maxDiff() == 0, row.toString());
            assertTrue(row.verification().k() > 0 && row.verification().redSkipped() > 0, "the red half-sweep matters: " + row);
        }
    }

    @Test
    void aClassRunsOnlyOnTheProblemItSolves() {
        CommandRun onTheSquare = CommandRun.of("-m", "cpu", "-k", "java:org.example.RedBlackSor3D", "--classpath", classes.toString());
        assertEquals(ExitCode.USAGE, onTheSquare.status(), onTheSquare.err());
        assertEquals("holdfast: --kernels java:org.example.RedBlackSor3D: org.example.RedBlackSor3D solves poisson3d (its @Solves;"
                + " docs/user-kernels.md), not poisson2d: run it with --problem poisson3d\n", onTheSquare.err());
        CommandRun onTheCube = CommandRun.of("-p", "poisson3d", "-m", "cpu", "-k", "java:org.example.RedBlackSor", "--classpath",
                classes.toString());
        assertEquals(ExitCode.USAGE, onTheCube.status(), onTheCube.err());
        assertEquals("holdfast: --kernels java:org.example.RedBlackSor: org.example.RedBlackSor solves poisson2d (a class without"
                + " @Solves solves the square; docs/user-kernels.md), not poisson3d: run it with --problem poisson2d\n", onTheCube.err());
        CommandRun unknown = CommandRun.of("-m", "cpu", "-k", "java:broken.Broken$SolvesNoProblem", "--classpath", classes.toString());
        assertEquals(ExitCode.USAGE, unknown.status(), unknown.err());
        assertEquals("holdfast: --kernels java:broken.Broken$SolvesNoProblem: broken.Broken$SolvesNoProblem's"
                + " @Solves(\"poisson4d\") names no problem Holdfast has: poisson2d, poisson3d\n", unknown.err());
    }

    @Test
    void aCubeClassThatSolvesAnotherEquationFailsTheCubesChecks() throws IOException {
        CommandRun run = CommandRun.of("-p", "poisson3d", "-m", "cpu", "-k", "java:broken.Broken$InPlaneOnTheCube", "--classpath",
                classes.toString(), "-n", "8", "-i", "5", "-r", "1", "-o", temp.resolve("in-plane").toString(), "--no-plots");
        assertEquals(ExitCode.FAILED, run.status(), run.err() + run.out());
        List<ResultRow> rows = SavedRun.read(temp.resolve("in-plane/results.json")).rows();
        assertEquals(1, rows.size(), rows.toString());
        String status = rows.get(0).status();
        assertTrue(status.startsWith("failed: java:broken.Broken$InPlaneOnTheCube is not a red-black smoother of the problem: 50"
                + " iterations at N = 9 reduce the residual of the Poisson equation from"), status);
        assertTrue(status.endsWith("(poisson3d, N = 9, random interior, on the CPU; docs/user-kernels.md)"), status);
    }

    @Test
    void sorIsNotGaussSeidelSoTheUsersClassIsItsOwnReference() throws IOException {
        CommandRun run = CommandRun.of("-m", "cpu", "-k", "java,java:org.example.RedBlackSor", "--classpath", classes.toString(),
                "-n", "12", "-i", "20", "-r", "1", "--init", "random", "-o", temp.resolve("both").toString(), "--no-plots");
        assertEquals(ExitCode.OK, run.status(), run.err() + run.out());
        List<ResultRow> rows = SavedRun.read(temp.resolve("both/results.json")).rows();
        assertEquals(List.of("java", "java:org.example.RedBlackSor"), rows.stream().map(ResultRow::kernels).toList());
        assertTrue(rows.get(0).maxError() != rows.get(1).maxError(), "SOR and Gauss-Seidel end elsewhere: " + rows);
    }

    @Test
    void aRightWeightedClassWithBothKernelSetsPassesTheProblemsChecks() throws IOException {
        CommandRun run = holdfast("java:broken.Broken$Weighted", "cpu", "weighted");
        assertEquals(ExitCode.OK, run.status(), run.err() + run.out());
        for (ResultRow row : SavedRun.read(temp.resolve("weighted/results.json")).rows()) {
            assertTrue(row.ok() && row.maxDiff() == 0, row.toString());
        }
        assertTrue(run.out().lines().anyMatch(line -> line.matches("\\| 11 +\\| java:broken.Broken\\$Weighted on the CPU +\\| 50 .*")),
                "the Checks table has the class's line: " + run.out());
    }

    @Test
    void aClassThatIsNotARedBlackSmootherOfTheProblemFailsItsRowsWithOneLine() {
        String notASmoother = " is not a red-black smoother of the problem: ";
        String where = " (poisson2d, N = 9, random interior, on the CPU; docs/user-kernels.md)";
        assertFails("EmptyBlack", "cpu", "java:broken.Broken$EmptyBlack" + notASmoother + "black leaves 24 of 24 black points"
                + " unchanged (a half-sweep updates every point of its colour)" + where);
        assertFails("RedWritesBlack", "cpu", "java:broken.Broken$RedWritesBlack" + notASmoother + "red changes 24 of 24 black"
                + " points (a half-sweep updates only its own colour)" + where);
        assertFails("SolveWithoutBlack", "cpu", "java:broken.Broken$SolveWithoutBlack" + notASmoother + "solve(iterations = 1)"
                + " leaves 24 of 24 black points unchanged (an iteration updates both colours, every point)" + where);
        assertFails("SolveOneFewer", "cpu", "java:broken.Broken$SolveOneFewer" + notASmoother + "solve(iterations = 1) leaves 25"
                + " of 25 red points unchanged (an iteration updates both colours, every point)" + where);
        assertFails("TooLittleSharedBytes", "cpu", "the checks of java:broken.Broken$TooLittleSharedBytes against the problem, on the"
                + " CPU, failed: kernel solve of broken.Broken$TooLittleSharedBytes failed at Broken.java:" + lineOf("the third row is past")
                + ": Index 18 out of bounds for length 9");
        assertFails("OutOfBounds", "cpu", "the checks of java:broken.Broken$OutOfBounds against the problem, on the CPU, failed:"
                + " kernel red of broken.Broken$OutOfBounds failed at Broken.java:" + lineOf("u[c + 2 * n]") + ": Index 82 out of"
                + " bounds for length 81");
    }

    @Test
    void aClusterSolveWhoseSharedBytesGivesANegativeCountFailsItsRowsWithOneLine() throws IOException {
        CommandRun run = holdfast("java:broken.Broken$NegativeSharedBytes", "cpu", "negative-shared");
        assertEquals(ExitCode.FAILED, run.status(), run.err() + run.out());
        List<ResultRow> rows = SavedRun.read(temp.resolve("negative-shared/results.json")).rows();
        assertEquals(List.of("failed: broken.Broken$NegativeSharedBytes.sharedBytes(11, 9) gave -11 bytes of dynamic shared memory"
                + " per block, fewer than 0 (docs/user-kernels.md)", "failed: broken.Broken$NegativeSharedBytes.sharedBytes(12, 10) gave"
                + " -12 bytes of dynamic shared memory per block, fewer than 0 (docs/user-kernels.md)"),
                rows.stream().map(ResultRow::status).toList());
    }

    @Test
    void theCpuReferenceOfAUsersSolveStopsAfterTheWatchdogItWasGiven() throws IOException {
        CommandRun run = CommandRun.of("-m", "cpu", "-k", "java:broken.Broken$StuckSolve", "--classpath", classes.toString(),
                "-n", "11", "-i", "20", "-r", "1", "--watchdog", "1", "-o", temp.resolve("stuck").toString(), "--no-plots");
        assertEquals(ExitCode.FAILED, run.status(), run.err() + run.out());
        ResultRow row = SavedRun.read(temp.resolve("stuck/results.json")).rows().get(0);
        assertTrue(row.status().matches("failed: the checks of java:broken\\.Broken\\$StuckSolve against the problem, on the CPU,"
                + " failed: kernel solve of broken\\.Broken\\$StuckSolve failed at Broken\\.java:\\d+: .*"), row.status());
        assertTrue(row.status().contains("(kernel solve): watchdog expired after 1 s: block "), row.status());
    }

    /** The row of {@code broken.Broken$<name>} in {@code modes} fails with {@code status}, and the command exits 1. */
    private static void assertFails(String name, String modes, String status) {
        CommandRun run = holdfast("java:broken.Broken$" + name, modes, "broken-" + name);
        assertEquals(ExitCode.FAILED, run.status(), run.err() + run.out());
        try {
            List<ResultRow> rows = SavedRun.read(temp.resolve("broken-" + name + "/results.json")).rows();
            assertEquals(2, rows.size(), rows.toString());
            for (ResultRow row : rows) {
                assertEquals("failed: " + status, row.status());
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The line of Broken.java that holds {@code text}, from 1. */
    private static int lineOf(String text) {
        try {
            List<String> lines = Files.readAllLines(Path.of(UserKernelsTest.class.getResource("/user-kernels/Broken.java").toURI()));
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).contains(text)) {
                    return i + 1;
                }
            }
        } catch (IOException | URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        throw new IllegalStateException("Broken.java has no line with " + text);
    }

    @Test
    void aBrokenContractIsRefusedBeforeAnythingRunsWithOneLine() {
        String cp = classes.toString();
        assertRefused("misfit.Misfits$RedOnly", cp, "holdfast: --kernels java:misfit.Misfits$RedOnly: misfit.Misfits$RedOnly has red"
                + " but not black: the standard launches need both, @Kernel public static void black(KernelContext context, double[] u,"
                + " double[] f, int n, double h2)");
        assertRefused("misfit.Misfits$WrongBlack", cp, "holdfast: --kernels java:misfit.Misfits$WrongBlack: WrongBlack.black must be"
                + " @Kernel public static void black(KernelContext context, double[] u, double[] f, int n, double h2)");
        assertRefused("misfit.Misfits$PlainSolve", cp, "holdfast: --kernels java:misfit.Misfits$PlainSolve: PlainSolve.solve must be"
                + " @Persistent: it runs every iteration in one launch (@Kernel @Persistent public static void solve(KernelContext"
                + " context, double[] u, double[] f, int n, double h2, int iterations))");
        assertRefused("misfit.Misfits$OtherNames", cp, "holdfast: --kernels java:misfit.Misfits$OtherNames: misfit.Misfits$OtherNames"
                + " has neither the standard pair (@Kernel public static void red(KernelContext context, double[] u, double[] f, int n,"
                + " double h2) and black) nor the persistent kernel (@Kernel @Persistent public static void solve(KernelContext context,"
                + " double[] u, double[] f, int n, double h2, int iterations)); docs/user-kernels.md");
        assertRefused("misfit.Misfits$ClusterWithoutSharedBytes", cp, "holdfast: --kernels java:misfit.Misfits$ClusterWithoutSharedBytes:"
                + " ClusterWithoutSharedBytes.solve runs in a cluster (@Cluster), so ClusterWithoutSharedBytes needs public static int"
                + " sharedBytes(int n, int blocks): each block's dynamic shared memory; docs/user-kernels.md");
        assertRefused("misfit.Misfits$ClusterWrongSharedBytes", cp, "holdfast: --kernels java:misfit.Misfits$ClusterWrongSharedBytes:"
                + " ClusterWrongSharedBytes.sharedBytes must be public static int sharedBytes(int n, int blocks): each block's dynamic"
                + " shared memory for a cluster solve");
        assertRefused("misfit.Misfits$ClusterRed", cp, "holdfast: --kernels java:misfit.Misfits$ClusterRed: ClusterRed.red must not be"
                + " @Cluster: it is one half-sweep of a standard launch, on the block-count rule's grid (@Kernel public static void"
                + " red(KernelContext context, double[] u, double[] f, int n, double h2); a cluster kernel is a @Persistent @Cluster"
                + " solve)");
        assertRefused("misfit.Misfits", cp, "holdfast: --kernels java:misfit.Misfits: misfit.Misfits has no CUDA C from the Holdfast"
                + " kernel compiler: compile it with holdfast.jar as the annotation processor path (javac -cp holdfast.jar -processorpath"
                + " holdfast.jar ...); docs/user-kernels.md");
        assertRefused("org.example.Missing", cp, "holdfast: --kernels java:org.example.Missing: no class org.example.Missing on"
                + " --classpath " + cp);
        assertRefused("org.example.RedBlackSor", temp.resolve("nowhere").toString(), "holdfast: --kernels"
                + " java:org.example.RedBlackSor: the --classpath entry " + temp.resolve("nowhere") + " does not exist");
    }

    private static void assertRefused(String className, String classpath, String message) {
        CommandRun run = CommandRun.of("-m", "cpu", "-k", "java:" + className, "--classpath", classpath, "-n", "11",
                "-o", temp.resolve("refused").toString());
        assertEquals(ExitCode.USAGE, run.status(), run.err());
        assertEquals(message, run.err().lines().findFirst().orElse(""));
    }

    @Test
    void printKernelShowsTheCudaCOfTheUsersClassesForTheModesThatRunThem() {
        CommandRun run = CommandRun.of("-m", "graph,persistent-grid", "-k", "java:org.example.RedBlackSor,java:org.example.PersistentRedBlackSor",
                "--classpath", classes.toString(), "--sweeps-per-launch", "1,4", "--print-kernel");
        assertEquals(ExitCode.OK, run.status(), run.err());
        String out = run.out();
        assertEquals(2, out.split("// graph \\(java:org.example.RedBlackSor\\):", -1).length,
                "a user's pair is one half-sweep per launch, whatever --sweeps-per-launch says: one entry, " + out);
        assertTrue(out.contains("// graph (java:org.example.RedBlackSor):\n//   org.example.RedBlackSor: red then black, one launch per"
                + " half-sweep\n"), out);
        assertTrue(out.contains("// graph (java:org.example.PersistentRedBlackSor):\n//   skipped: org.example.PersistentRedBlackSor has"
                + " no standard pair"), out);
        assertTrue(out.contains("// persistent-grid (java:org.example.RedBlackSor, sweeps-per-exchange=auto):\n//   skipped: org.example.RedBlackSor has no"
                + " persistent kernel (solve)\n"), out);
        assertTrue(out.contains("// persistent-grid (java:org.example.PersistentRedBlackSor, sweeps-per-exchange=auto):\n//   org.example.PersistentRedBlackSor:"
                + " solve, one launch for all iterations\n"), out);
        assertTrue(out.contains("// ======== org.example.RedBlackSor (META-INF/holdfast/kernels/org.example.RedBlackSor.cu)\n"), out);
        assertTrue(out.contains("// ======== org.example.PersistentRedBlackSor ("), out);
        assertTrue(out.contains("__global__ void solve("), out);
    }
}
