package org.holdfast.testing;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestTag;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Says once, at the end of a module's tests, why tests were skipped: Maven's console shows only
 * "Skipped: 39". One line per module, each reason in it with how many tests (or test classes) it
 * skipped, e.g. {@code [skipped] cuda: 12 GPU tests skipped: no GPU: no NVIDIA driver: libcuda.so.1
 * not found; 1 test skipped: no cuda.h: the CUDA toolkit is not installed here}. A skip is a disabled
 * test or a failed assumption (JUnit's "aborted").
 */
public final class SkipReasons implements TestExecutionListener {

    private static final TestTag GPU = TestTag.create("gpu");

    /** What was skipped and why: GPU tests or not, tests or whole test classes. */
    private record Skip(boolean gpu, boolean test, String reason) {
        String describe(int count) {
            String noun = test ? (count == 1 ? "test" : "tests") : (count == 1 ? "test class" : "test classes");
            return count + " " + (gpu ? "GPU " : "") + noun + " skipped: " + reason;
        }
    }

    /** How many of each, in the order first seen. */
    private final Map<Skip, Integer> counts = new LinkedHashMap<>();

    @Override
    public void executionSkipped(TestIdentifier test, String reason) {
        count(test, reason);
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
            count(test, result.getThrowable().map(Throwable::getMessage).orElse(null));
        }
    }

    private synchronized void count(TestIdentifier test, String reason) {
        String text = reason == null || reason.isBlank() ? "no reason given"
                : reason.replace('\n', ' ').replaceFirst("^Assumption failed: ", "").strip();
        counts.merge(new Skip(test.getTags().contains(GPU), test.isTest(), text), 1, Integer::sum);
    }

    @Override
    public synchronized void testPlanExecutionFinished(TestPlan plan) {
        // Surefire and failsafe set basedir in the JVM they fork: the module's folder.
        String module = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize().getFileName().toString();
        PrintStream out = System.out;
        if (!counts.isEmpty()) {
            out.println("[skipped] " + module + ": " + String.join("; ",
                    counts.entrySet().stream().map(skip -> skip.getKey().describe(skip.getValue())).toList()));
        }
        out.flush();
        counts.clear();
    }
}
