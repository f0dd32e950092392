package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.holdfast.bridge.NativeException;
import org.holdfast.bridge.NativeStatus;
import org.holdfast.bridge.PersistentProblem;
import org.holdfast.bridge.PersistentRequest;
import org.holdfast.kernels.poisson3d.Poisson3DProblem;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * Every native kernel the library has for the cube, through its mode's runner, equals the plain reference
 * ({@code ReferenceSolver3D}) bit for bit over the whole array, from a random interior after an odd, unconverged
 * number of iterations: every variant the library's table lists for {@code poisson3d} in each persistent mode (read
 * from the table, so that a new row is tested with no change here), each mode's {@code auto}, and the hand-written
 * standard half-sweeps of {@code launch}, {@code launch-sync} and {@code graph}. At N = 3 to 128, and at 257 (fewer
 * iterations) where the planner accepts the variant there; with 1 and 2 blocks and the planner's largest co-resident
 * grid where the variant takes that count, and the planner's own.
 */
@Tag("gpu")
class Poisson3DNativeGpuTest extends OnTheGpu {

    private static final int[] SIZES = {3, 4, 5, 8, 9, 16, 17, 32, 33, 64, 65, 128, 257};
    /** From this N on, one iteration count, a small one: the reference is one CPU thread over N³ points. */
    private static final int LARGE = 257;
    private static final int[] ITERATIONS = {3, 7};
    private static final int[] LARGE_ITERATIONS = {3};
    private static final List<String> STANDARD_MODES = List.of("launch", "launch-sync", "graph");

    /** The sizes at which each persistent variant ran (its label), for the check that it ran somewhere. */
    private static final Map<String, Set<Integer>> RAN = new LinkedHashMap<>();
    /** The current size's references by iteration count; with its starting array and f, shared by every variant of that size. */
    private static final Map<Integer, double[]> REFERENCES = new HashMap<>();
    private static Poisson3DProblem current;
    private static double[] initial;
    private static double[] rightHandSide;

    /** The variants of the table for the cube, each mode's {@code auto} first: a row is (mode, variant). */
    private static List<String[]> cubeVariants(NativeVariants table) {
        List<String[]> variants = new ArrayList<>();
        for (String mode : List.of(PersistentGridMode.NAME, PersistentDataflowMode.NAME, PersistentHostMode.NAME)) {
            if (!table.rows(PersistentProblem.Kind.POISSON_3D, mode).isEmpty()) {
                table.choices(PersistentProblem.Kind.POISSON_3D, mode).forEach(variant -> variants.add(new String[] {mode, variant}));
            }
        }
        return variants;
    }

    @TestFactory
    Stream<DynamicTest> everyNativeKernelOfTheCubeEqualsTheReferenceBitForBit() {
        NativeVariants table = NativeVariants.library();
        if (table.missingReason().isPresent()) {
            return Stream.of(dynamicTest("no native library", () -> assumeTrue(false, table.missingReason().orElseThrow())));
        }
        List<String[]> variants = cubeVariants(table);
        List<DynamicTest> tests = new ArrayList<>();
        for (int n : SIZES) {
            for (String[] variant : variants) {
                tests.add(dynamicTest(variant[0] + " " + variant[1] + " N=" + n, () -> persistent(variant[0], variant[1], n)));
            }
            for (String mode : STANDARD_MODES) {
                tests.add(dynamicTest(mode + " native N=" + n, () -> standard(mode, n)));
            }
        }
        for (String[] variant : variants) {
            tests.add(dynamicTest(variant[0] + " " + variant[1] + " ran at some size", () -> {
                GpuHere.assumeGpuAndNativeLibrary(machine);
                Set<Integer> sizes = RAN.getOrDefault(label(variant[0], variant[1]), Set.of());
                assertFalse(sizes.isEmpty(), label(variant[0], variant[1]) + " was refused at every size");
                if (variant[1].equals(PersistentRequest.AUTO)) {
                    assertEquals(IntStream.of(SIZES).boxed().toList(), List.copyOf(sizes), "auto runs every size");
                }
            }));
        }
        return tests.stream();
    }

    private static String label(String mode, String variant) {
        return mode + " (" + variant + ")";
    }

    /** The persistent variant at size n with each block count the planner takes; a count it refuses is left out. */
    private static void persistent(String modeName, String variant, int n) {
        GpuHere.assumeGpuAndNativeLibrary(machine);
        Poisson3DProblem cube = at(n);
        NativePersistentMode mode = (NativePersistentMode) Modes.ALL.parse(modeName);
        OptionValues options = Modes.ALL.defaults().with(mode.variantOption().orElseThrow(), variant);
        List<String> refused = new ArrayList<>();
        for (String blocks : blockCounts(modeName, variant, cube)) {
            RunRequest request = new RunRequest(cube, rightHandSide, KernelSource.NATIVE, BlockCountRule.parse(blocks),
                    options, RunRequest.DEFAULT_THREADS, RunRequest.DEFAULT_WATCHDOG_SECONDS, false);
            ModeRunner runner;
            try {
                runner = mode.runner(request, machine);
            } catch (ModeRefusedException e) {
                refused.add(blocks + " blocks: " + e.getMessage());
                continue;
            } catch (NativeException e) {
                // A variant that sizes its own grid (one block, one cluster) takes no other count: bad input, not a refusal.
                if (blocks.equals("auto") || e.status() != NativeStatus.INVALID_ARGUMENT) {
                    throw e;
                }
                refused.add(blocks + " blocks: " + e.nativeMessage());
                continue;
            }
            try (runner) {
                equalsTheReference(runner, cube, label(modeName, variant) + " N=" + n + " blocks=" + blocks);
                if (!blocks.equals("auto")) {
                    assertEquals(Integer.parseInt(blocks), runner.shape().blocks(), "blocks");
                }
            }
            RAN.computeIfAbsent(label(modeName, variant), key -> new LinkedHashSet<>()).add(n);
        }
        if (!refused.isEmpty()) {
            System.out.println(label(modeName, variant) + " N=" + n + ", refused by the planner: " + String.join("; ", refused));
        }
    }

    /**
     * The planner's own count, 1, 2 and the largest co-resident grid of the variant's kernel as the planner plans it
     * (none but the planner's own where it refuses the variant at this size).
     */
    private static List<String> blockCounts(String mode, String variant, Poisson3DProblem cube) {
        Set<String> counts = new LinkedHashSet<>(List.of("auto", "1", "2"));
        try {
            int most = machine.bridge().plan(PersistentRunner.solved(cube),
                    PersistentRequest.of(mode, variant).withThreadsPerBlock(RunRequest.DEFAULT_THREADS)).maxCoResident();
            if (most > 0) {
                counts.add(Integer.toString(most));
            }
        } catch (NativeException e) {
            return List.of("auto");
        }
        return List.copyOf(counts);
    }

    /** The hand-written red and black of the cube, one launch per half-sweep, with the rule's blocks, 1 and 2. */
    private static void standard(String modeName, int n) {
        GpuHere.assumeGpuAndNativeLibrary(machine);
        Poisson3DProblem cube = at(n);
        ModeDescriptor mode = Modes.ALL.parse(modeName);
        for (String blocks : modeName.equals("graph") ? List.of("auto", "1", "2") : List.of("auto")) {
            RunRequest request = new RunRequest(cube, rightHandSide, KernelSource.NATIVE, BlockCountRule.parse(blocks),
                    Modes.ALL.defaults(), RunRequest.DEFAULT_THREADS, RunRequest.DEFAULT_WATCHDOG_SECONDS, false);
            try (ModeRunner runner = mode.runner(request, machine)) {
                equalsTheReference(runner, cube, modeName + " native N=" + n + " blocks=" + blocks);
                // The hand-written kernels ran, not the Java ones (which equal the reference too).
                assertTrue(runner.shape().launches().stream().allMatch(launch -> launch.kernel().endsWith(" (native)")),
                        "launches: " + runner.shape().launches());
            }
        }
    }

    /** Runs each iteration count from the random interior and compares the whole array with the plain reference. */
    private static void equalsTheReference(ModeRunner runner, Poisson3DProblem cube, String what) {
        for (int iterations : cube.n() >= LARGE ? LARGE_ITERATIONS : ITERATIONS) {
            double[] result = new double[cube.points()];
            runner.load(initial);
            assertTrue(runner.run(iterations) > 0, what);
            runner.unload(result);
            assertArrayEquals(reference(cube, iterations), result, what + ", " + iterations + " iterations");
        }
    }

    /** The cube of size n, its starting array and f made (and the previous size's references dropped) on first use. */
    private static Poisson3DProblem at(int n) {
        if (current == null || current.n() != n) {
            current = new Poisson3DProblem(n);
            initial = current.randomInitialU(n);
            rightHandSide = current.rightHandSide();
            REFERENCES.clear();
        }
        return current;
    }

    private static double[] reference(Poisson3DProblem cube, int iterations) {
        return REFERENCES.computeIfAbsent(iterations, count -> cube.reference().solve(initial, rightHandSide, count));
    }
}
