package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.holdfast.bench.ExitCode;
import org.holdfast.bench.Holdfast;
import org.holdfast.bench.report.ResultRow;
import org.holdfast.bench.report.SavedRun;
import org.holdfast.bridge.NativeException;
import org.holdfast.bridge.NativeStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A variant the planner refuses for a size ({@code --barrier block -n 200}) is a row {@code refused:
 * <the planner's reason>} and the exit status of "cannot run here", not a failure; any other error
 * of the native library stays a failure.
 */
class PlannerRefusalTest {

    /** What hf_plan_run says of --barrier block at N = 200 on the H200. */
    private static final String BLOCK_AT_200 = "persistent-grid (block): n = 200 has 19602 points of a colour, one block holds at most 16384";

    private static NativeException planner(NativeStatus status, String message) {
        return new NativeException(status, "hf_plan_run", message, null);
    }

    @Test
    void whatThePlannerCannotDoHereIsARefusalInItsOwnWords() {
        RuntimeException unsupported = NativePersistentMode.refusalOrItself(planner(NativeStatus.UNSUPPORTED, BLOCK_AT_200));
        assertInstanceOf(ModeRefusedException.class, unsupported);
        assertEquals(BLOCK_AT_200, unsupported.getMessage());
        assertInstanceOf(ModeRefusedException.class,
                NativePersistentMode.refusalOrItself(planner(NativeStatus.NOT_CORESIDENT, "9999 blocks requested")));
        // A session plans as it opens, and a Java twin is planned by its native twin's rule: the same refusals.
        for (String function : List.of("hf_session_open", "hf_plan_twin")) {
            assertInstanceOf(ModeRefusedException.class, NativePersistentMode.refusalOrItself(
                    new NativeException(NativeStatus.UNSUPPORTED, function, BLOCK_AT_200, null)));
        }
        for (NativeException failure : List.of(planner(NativeStatus.INVALID_ARGUMENT, "n = 2 is below 3"),
                planner(NativeStatus.RUNTIME, "cudaOccupancy failed"),
                new NativeException(NativeStatus.UNSUPPORTED, "hf_session_run", "no clusters", null))) {
            assertSame(failure, NativePersistentMode.refusalOrItself(failure), failure.getMessage());
        }
    }

    @TempDir
    Path temp;

    @Test
    void aRefusedRowSaysRefusedAndTheRunExitsAsOneThatCannotRunHere() throws IOException {
        ModeDescriptor refusing = new RefusingMode();
        Modes modes = new Modes(List.of(Modes.ALL.parse("cpu"), refusing));
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        int status;
        try (PrintStream o = new PrintStream(stdout, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)) {
            status = new Holdfast(o, e, modes).run("-m", "cpu,refusing", "-n", "5", "-i", "2", "-r", "1", "-o", temp.toString(),
                    "--no-plots");
        }
        String out = stdout.toString(StandardCharsets.UTF_8);
        assertEquals(ExitCode.UNAVAILABLE, status, out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("| refusing ") && l.endsWith("| refused: " + BLOCK_AT_200 + " |")), out);
        List<ResultRow> rows = SavedRun.read(temp.resolve("results.json")).rows();
        assertEquals(List.of("ok", "refused: " + BLOCK_AT_200), rows.stream().map(ResultRow::status).toList());
    }

    /** A mode whose planner refuses every request, as the native planner refuses --barrier block at N = 200. */
    private static final class RefusingMode extends DescribedMode {

        RefusingMode() {
            super("refusing", "a mode whose planner refuses every size, for tests", Paradigm.CPU, List.of(KernelSource.JAVA),
                    BlockCount.NONE, 0x224466);
        }

        @Override
        public ModeRunner runner(RunRequest request, Machine machine) {
            throw NativePersistentMode.refusalOrItself(planner(NativeStatus.UNSUPPORTED, BLOCK_AT_200));
        }
    }
}
