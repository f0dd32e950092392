package org.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.holdfast.bench.config.Settings;
import org.holdfast.bench.harness.MemoryBudget;
import org.holdfast.bench.mode.Modes;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every kind of bad input gets one clear line on stderr, exit status 2, no stack trace and no output. */
class BadInputTest {

    @TempDir
    Path temp;

    private CommandRun runBad(String... args) {
        CommandRun run = CommandRun.of(args);
        assertEquals(ExitCode.USAGE, run.status(), "exit status; stderr was: " + run.err());
        assertEquals(1, run.err().lines().count(), "one line on stderr: " + run.err());
        assertEquals("", run.out(), "nothing on stdout");
        return run;
    }

    @Test
    void nBelowThree() {
        assertEquals("holdfast: --sizes: N must be at least 3 (one interior point), got 2\n",
                runBad("-n", "11,2", "-o", temp.toString()).err());
    }

    @Test
    void iterationsBelowOne() {
        assertEquals("holdfast: --iterations: iterations must be at least 1, got 0\n",
                runBad("-i", "0", "-o", temp.toString()).err());
    }

    @Test
    void gpusBelowOne() {
        assertEquals("holdfast: --gpus: gpus must be at least 1, got 0\n", runBad("-g", "0", "-o", temp.toString()).err());
    }

    @Test
    void gpusNotAWholeNumber() {
        assertEquals("holdfast: --gpus: gpus must be a whole number from 1 to 2147483647, got '1.5'\n",
                runBad("--gpus", "1.5", "-o", temp.toString()).err());
    }

    @Test
    void autoKernelsInAList() {
        assertEquals("holdfast: --kernels: kernel source 'auto' (each mode's own) stands alone, not in a list with others\n",
                runBad("-m", "cpu", "-k", "auto,java").err());
    }

    @Test
    void unknownMode() {
        // The list is the registry's, so that a new mode needs no edit here (docs/architecture.md, "Adding a mode").
        assertEquals("holdfast: --modes: unknown mode 'lunch' (choose from: " + Modes.ALL.names() + ")\n",
                runBad("-m", "cpu,lunch").err());
    }

    @Test
    void unknownOption() {
        assertEquals("holdfast: Unrecognized option: --size (see --help)\n", runBad("--size", "11").err());
    }

    @Test
    void strayArgument() {
        assertEquals("holdfast: unexpected argument '11' (options start with - or --; see --help)\n", runBad("11").err());
    }

    @Test
    void unreadableConfigFile() {
        Path missing = temp.resolve("nope");
        assertEquals("holdfast: cannot read config file " + missing + ": no such file; the configs in "
                + ConfigDirectory.find() + " are default, large, poisson3d, small, smoke (or give a file's path)\n",
                runBad("-c", missing.toString()).err());
    }

    @Test
    void configFileThatIsAFolder() throws IOException {
        Path folder = Files.createDirectory(temp.resolve("folder"));
        assertTrue(runBad("-c", folder.toString()).err().startsWith("holdfast: cannot read config file " + folder + ": "));
    }

    @Test
    void malformedConfigNamesFileLineAndKey() throws IOException {
        Path config = write("bad", "# a comment\nsizes = 11, abc\n");
        assertEquals("holdfast: " + config + ":2: sizes: N must be a whole number from 3 to 46340, got 'abc'\n", runBad("-c", config.toString()).err());
    }

    @Test
    void configLineWithoutEquals() throws IOException {
        Path config = write("bad", "sizes = 11\n\nrepeats 5\n");
        assertEquals("holdfast: " + config + ":3: expected 'key = value', got 'repeats 5'\n", runBad("-c", config.toString()).err());
    }

    @Test
    void unknownConfigKey() throws IOException {
        Path config = write("bad", "size = 11\n");
        // The keys: the experiment's own, then one per option that a registered mode declares.
        assertEquals("holdfast: " + config + ":1: size: unknown key (keys: " + String.join(", ", new Settings().keys()) + ")\n",
                runBad("-c", config.toString()).err());
        assertTrue(new Settings().keys().containsAll(java.util.List.of("sizes", "iterations", "modes", "kernels", "blocks",
                "threads", "repeats", "output", "barrier", "schedule", "poll", "signal", "sweeps-per-exchange", "watchdog", "init",
                "seed")));
    }

    @Test
    void emptySizeList() throws IOException {
        Path config = write("bad", "sizes = ,\n");
        assertEquals("holdfast: " + config + ":1: sizes: the list of sizes is empty\n", runBad("-c", config.toString()).err());
    }

    @Test
    void badValueOfAKnownKey() throws IOException {
        Path config = write("bad", "modes = cpu\nbarrier = fence\n");
        List<String> choices = Modes.ALL.options().stream().filter(o -> o.name().equals("barrier")).findFirst().orElseThrow().choices();
        assumeFalse(choices.isEmpty(), "without the native library any barrier name is taken");
        String barriers = String.join(", ", choices);
        assertTrue(barriers.contains("cg, two-slot"), barriers);
        assertEquals("holdfast: " + config + ":2: barrier: unknown barrier 'fence' (choose from: " + barriers + ")\n",
                runBad("-c", config.toString()).err());
    }

    @Test
    void iterationsThatDoNotMatchTheSizes() throws IOException {
        Path config = write("bad", "sizes = 11, 21, 31\niterations = 10, 20\n");
        assertEquals("holdfast: iterations lists 2 counts for 3 sizes: give one count, or one per size\n",
                runBad("-c", config.toString()).err());
    }

    @Test
    void sizeWhoseArraysDoNotFitInMemorySaysHowMuchItNeeds() {
        String err = runBad("-n", "40000", "-o", temp.toString()).err();
        assertTrue(err.startsWith("holdfast: N = 40000 needs 71.5 GiB of memory for its arrays (6 arrays of 40000 x 40000 doubles),"
                + " but this Java runtime may use "), err);
        assertTrue(err.endsWith("; give it more with HOLDFAST_JAVA_OPTS=-Xmx<size>\n"), err);
        assertTrue(MemoryBudget.availableBytes() < MemoryBudget.hostBytes(new PoissonProblem(40000)), "this test needs a heap under 71.5 GiB");
    }

    @Test
    void sizeBeyondTheLargestJavaArray() {
        assertEquals("holdfast: --sizes: N = 50000 is too large: a Java array holds at most 2^31-1 elements, so N <= 46340\n",
                runBad("-n", "50000").err());
    }

    @Test
    void outputFolderThatCannotBeWrittenFailsBeforeAnyWork() throws IOException {
        Path file = Files.writeString(temp.resolve("taken"), "x");
        assertEquals("holdfast: cannot write to the output folder " + file + ": a file of that name is in the way\n",
                runBad("-m", "cpu", "-n", "5", "-o", file.toString()).err());
    }

    @Test
    void outputFolderWhoseResultsCsvIsAFolder() throws IOException {
        Path folder = Files.createDirectories(temp.resolve("out/results.csv")).getParent();
        assertEquals("holdfast: cannot write to the output folder " + folder + ": " + folder.resolve("results.csv")
                + " is in the way: holdfast writes a plain file there\n", runBad("-m", "cpu", "-n", "5", "-o", folder.toString()).err());
    }

    @Test
    void resultsDocumentFromAFolderThatIsNotThere() {
        Path missing = temp.resolve("nonexistent");
        assertEquals("holdfast: --results-doc: " + missing + ": no such folder\n", runBad("--results-doc", missing.toString()).err());
    }

    @Test
    void outputFolderWhereTheFileSystemTakesNoFoldersSaysWhy() {
        assertEquals("holdfast: cannot write to the output folder /proc/x: the file system of /proc does not allow creating x"
                + " (no such file or folder)\n", runBad("-m", "cpu", "-n", "5", "-o", "/proc/x").err());
    }

    @Test
    void iterationsBeyondTheLargestIntSayTheRange() {
        assertEquals("holdfast: --iterations: iterations must be a whole number from 1 to 2147483647, got '2147483648'\n",
                runBad("-i", "2147483648", "-o", temp.toString()).err());
    }

    @Test
    void allMixedWithModeNames() {
        assertEquals("holdfast: --modes: 'all' means every mode: give it alone, not in a list with cpu\n",
                runBad("-m", "all,cpu", "-o", temp.toString()).err());
    }

    @Test
    void aSizeListedTwice() {
        assertEquals("holdfast: --sizes: N = 11 is listed twice\n", runBad("-n", "11,11", "-o", temp.toString()).err());
    }

    @Test
    void aModeListedTwice() {
        assertEquals("holdfast: --modes: mode 'cpu' is listed twice\n", runBad("-m", "cpu,cpu", "-o", temp.toString()).err());
    }

    @Test
    void anEmptyItemInAList() {
        assertEquals("holdfast: --sizes: the list of sizes has an empty item: '11,,101'\n",
                runBad("-n", "11,,101", "-o", temp.toString()).err());
        assertEquals("holdfast: --modes: the list of modes has an empty item: 'cpu,'\n",
                runBad("-m", "cpu,", "-o", temp.toString()).err());
    }

    @Test
    void anOptionAfterDoubleDash() {
        assertEquals("holdfast: unexpected argument '-m' after '--': holdfast takes options only, so drop the '--' (see --help)\n",
                runBad("--", "-m", "cpu").err());
    }

    @Test
    void aMissingValueNamesTheOptionBothWays() {
        assertEquals("holdfast: -n/--sizes needs a value: <N,...> (see --help)\n", runBad("-n").err());
        assertEquals("holdfast: --watchdog needs a value: <seconds> (see --help)\n", runBad("--watchdog").err());
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(temp.resolve(name), text);
    }
}
