package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.holdfast.bridge.PersistentProblem;
import org.holdfast.bridge.PersistentVariant;
import org.holdfast.bridge.WorkSplit;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson3d.Poisson3DProblem;
import org.junit.jupiter.api.Test;

/**
 * {@code --print-kernel}'s table of where the native kernels come from says what the library and its sources
 * say: the library's rows for each problem, in its order, each with the kernel the library names and a file that
 * defines it; each problem's standard kernels, defined in the standard file. The
 * command line takes the library's rows whatever this table says, so this test is what keeps it whole.
 */
class NativeKernelFilesTest {

    private static final NativeVariants WITHOUT_LIBRARY = NativeVariants.missing("not loaded (test)");
    private static final PoissonProblem SQUARE = new PoissonProblem(9);
    private static final Poisson3DProblem CUBE = new Poisson3DProblem(9);

    private static Path root() {
        Path here = Path.of("").toAbsolutePath();
        return Files.isDirectory(here.resolve("native-hip")) ? here : here.getParent();
    }

    @Test
    void everyRowsFileDefinesItsKernelFunction() throws IOException {
        for (NativeKernelFiles.Variant row : NativeKernelFiles.VARIANTS) {
            Path file = root().resolve(NativeKernelFiles.FOLDER + row.file());
            assertTrue(Files.isRegularFile(file), row + ": no " + file);
            assertTrue(Pattern.compile("__global__[^;{]*\\b" + row.function() + "\\(").matcher(Files.readString(file)).find(),
                    file + " defines __global__ " + row.function());
        }
        assertTrue(Files.isRegularFile(root().resolve(NativeKernelFiles.AUTO_RULE)));
    }

    @Test
    void everyProblemsStandardKernelsAreDefinedInTheStandardFile() throws IOException {
        String standard = Files.readString(root().resolve(NativeKernelFiles.FOLDER + NativeKernelFiles.STANDARD_FILE));
        for (NativeKernelFiles.HalfSweeps pair : NativeKernelFiles.HALF_SWEEPS) {
            for (String kernel : List.of(pair.red(), pair.black())) {
                assertTrue(Pattern.compile("__global__ void " + kernel + "\\(").matcher(standard).find(), kernel);
            }
        }
        assertEquals("hf_red_3d", NativeKernelFiles.halfSweeps(new Poisson3DProblem(5)).orElseThrow().red());
        assertEquals("hf_black", NativeKernelFiles.halfSweeps(new PoissonProblem(5)).orElseThrow().black());
    }

    @Test
    void hasTheRowsOfTheLibrarysTableInItsOrderWithTheirKernels() {
        NativeVariants table = NativeVariants.library();
        assumeTrue(table.missingReason().isEmpty(), () -> "no native library here: " + table.missingReason().orElseThrow());
        for (PersistentProblem.Kind problem : PersistentProblem.Kind.values()) {
            List<PersistentVariant> rows = table.rows().stream().filter(row -> row.problem() == problem).toList();
            assertEquals(rows.stream().map(PersistentVariant::label).toList(),
                    NativeKernelFiles.VARIANTS.stream().filter(v -> v.problem() == problem).map(v -> v.mode() + " (" + v.variant() + ")")
                            .toList(),
                    "NativeKernelFiles has a row per row of native-hip/src/variant_table.cpp for " + problem.problemName()
                            + ", in its order (--print-kernel names a row it lacks by its kernel alone)");
            for (PersistentVariant row : rows) {
                // --print-kernel names the kernel the library names (the temporal row's: k = 8).
                assertEquals(row.kernel(), NativeKernelFiles.of(problem, row.mode(), row.name()).orElseThrow().kernelFor("8"),
                        row.label() + " for " + problem.problemName());
            }
        }
    }

    @Test
    void aNamedKOfTheTemporalVariantNamesItsKernelAndAutoNamesEveryCandidate() {
        assertEquals("hand-written, temporal_stream_persistent_k4 (native-hip/src/kernels/temporal_persistent.h); the planner"
                + " chooses at run time, for each size, the grid's blocks, and k where --sweeps-per-exchange is auto",
                NativeKernelFiles.describe(WITHOUT_LIBRARY, SQUARE, "persistent-grid", "temporal", "4"));
        String auto = NativeKernelFiles.describe(WITHOUT_LIBRARY, SQUARE, "persistent-dataflow", "auto", "auto");
        assertTrue(auto.startsWith("hand-written; the planner picks the variant for each size at run time"
                + " (native-hip/src/auto_rule.cpp), one of:\n"), auto);
        assertEquals(4, auto.lines().count(), auto);
        assertTrue(auto.contains("\n  resident: persistent_resident (native-hip/src/kernels/persistent_resident.h)"), auto);
    }

    @Test
    void theTemporalRowsHaveTheKOfTheLibrarysTable() throws IOException {
        String table = Files.readString(root().resolve("native-hip/src/variant_table.cpp"));
        assertEquals(NativeKernelFiles.SQUARE_SWEEPS, sweepsOf(table, "kTemporalSweeps"));
        assertEquals(NativeKernelFiles.SQUARE_SWEEPS, sweepsOf(table, "kTemporalCgSweeps"));
        assertEquals(NativeKernelFiles.CUBE_SWEEPS, sweepsOf(table, "kTemporal3dSweeps"));
        assertEquals(NativeKernelFiles.THREE_BLOCKS_SWEEPS, sweepsOf(table, "kTemporal3BlocksSweeps"));
        assertEquals(NativeKernelFiles.PAIRED_SWEEPS, sweepsOf(table, "kTemporalPairedSweeps"));
    }

    /** The k of the HF_SWEEPS...(k) entries of the SweepsKernels constant {@code name} in variant_table.cpp. */
    private static List<Integer> sweepsOf(String table, String name) {
        int start = table.indexOf("const SweepsKernels " + name + " = ");
        assertTrue(start >= 0, name + " in variant_table.cpp");
        String body = table.substring(start, table.indexOf("};", start));
        return Pattern.compile("HF_SWEEPS\\w*\\((\\d+)\\)").matcher(body).results().map(m -> Integer.valueOf(m.group(1))).toList();
    }

    @Test
    void aKTheLibraryHasNoKernelForIsSaidToBeRefused() {
        assertEquals("hand-written, no kernel for k = 16 (temporal_stream_persistent_3d_k<k> has k = 1, 2, 3, 4, 6, 8): the planner"
                + " refuses the run", NativeKernelFiles.describe(WITHOUT_LIBRARY, CUBE, "persistent-grid", "temporal", "16"));
        assertEquals("hand-written, no kernel for k = 5 (temporal_cg_k<k> has k = 1, 2, 3, 4, 6, 8, 12, 16, 24, 32): the planner"
                + " refuses the run", NativeKernelFiles.describe(WITHOUT_LIBRARY, SQUARE, "persistent-grid", "temporal-cg", "5"));
        assertTrue(NativeKernelFiles.describe(WITHOUT_LIBRARY, SQUARE, "persistent-grid", "temporal", "16")
                .startsWith("hand-written, temporal_stream_persistent_k16 ("));
    }

    @Test
    void theCubesRowsNameTheCubesKernels() {
        String auto = NativeKernelFiles.describe(WITHOUT_LIBRARY, CUBE, "persistent-grid", "auto", "auto");
        assertTrue(auto.startsWith("hand-written; the planner picks the variant for each size at run time"
                + " (native-hip/src/auto_rule.cpp), one of:\n"), auto);
        assertTrue(auto.contains("\n  cg: persistent_grid_cooperative_groups_3d (native-hip/src/kernels/persistent_grid.h); the planner"
                + " chooses at run time, for each size, the grid's blocks, or one block holding the cube in shared memory, which runs"
                + " persistent_on_chip_3d (native-hip/src/kernels/persistent_on_chip.h)\n"), auto);
        assertTrue(auto.contains("\n  block: on_chip_block_3d_p1 (native-hip/src/kernels/on_chip_registers.h)"), auto);
        assertEquals("hand-written, persistent_host_relay_3d (native-hip/src/kernels/persistent_host_relay.h); the planner chooses at"
                + " run time, for each size, the grid's blocks",
                NativeKernelFiles.describe(WITHOUT_LIBRARY, CUBE, "persistent-host", "relay", "auto"));
        assertEquals("hand-written, hf_red_3d then hf_black_3d (native-hip/src/kernels/standard_kernels.h), one launch per half-sweep",
                NativeKernelFiles.describe(NativeKernelFiles.halfSweeps(CUBE).orElseThrow()));
    }

    @Test
    void aRowOfTheLibrarysThatThisTableLacksIsNamedByItsKernel() {
        NativeVariants table = NativeVariants.of(List.of(
                new PersistentVariant("persistent-grid", "cg", "persistent_grid_cooperative_groups_3d", "plan_spread", "the cube's cg",
                        Set.of(), Set.of(), WorkSplit.GRID_STRIDE, 256, true, true, PersistentProblem.Kind.POISSON_3D),
                new PersistentVariant("persistent-grid", "someday", "someday_3d", "plan_someday", "a row to come",
                        Set.of(), Set.of(), WorkSplit.GRID_STRIDE, 256, false, true, PersistentProblem.Kind.POISSON_3D)));
        assertEquals("hand-written, someday_3d (named by native-hip/src/variant_table.cpp)",
                NativeKernelFiles.describe(table, CUBE, "persistent-grid", "someday", "auto"));
        String auto = NativeKernelFiles.describe(table, CUBE, "persistent-grid", "auto", "auto");
        assertEquals(3, auto.lines().count(), auto);
        assertTrue(auto.endsWith("\n  someday: someday_3d (named by native-hip/src/variant_table.cpp)"), auto);
    }
}
