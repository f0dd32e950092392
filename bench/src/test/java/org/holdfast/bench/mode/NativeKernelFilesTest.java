package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.holdfast.bridge.PersistentProblem;
import org.holdfast.bridge.PersistentVariant;
import org.junit.jupiter.api.Test;

/**
 * {@code --print-kernel}'s table of where the native kernels come from says what the library and its sources
 * say: the library's rows, in its order, each with the kernel the library names and a file that defines it. The
 * command line takes the library's rows whatever this table says, so this test is what keeps it whole.
 */
class NativeKernelFilesTest {

    private static Path root() {
        Path here = Path.of("").toAbsolutePath();
        return Files.isDirectory(here.resolve("native-hip")) ? here : here.getParent();
    }

    @Test
    void everyRowsFileDefinesItsKernelFunction() throws IOException {
        for (NativeKernelFiles.Variant row : NativeKernelFiles.VARIANTS) {
            Path file = root().resolve(NativeKernelFiles.FOLDER + row.file());
            assertTrue(Files.isRegularFile(file), row + ": no " + file);
            assertTrue(Pattern.compile("__global__ .*\\b" + row.function() + "\\(").matcher(Files.readString(file)).find(),
                    file + " defines __global__ " + row.function());
        }
        assertTrue(Files.isRegularFile(root().resolve(NativeKernelFiles.AUTO_RULE)));
    }

    @Test
    void hasTheRowsOfTheLibrarysTableInItsOrderWithTheirKernels() {
        NativeVariants table = NativeVariants.library();
        assumeTrue(table.missingReason().isEmpty(), () -> "no native library here: " + table.missingReason().orElseThrow());
        // The square's rows: --print-kernel is refused for the cube until its native path is wired (OnlyFor2D).
        List<PersistentVariant> square = table.rows().stream().filter(row -> row.problem() == PersistentProblem.Kind.POISSON_2D)
                .toList();
        assertEquals(square.stream().map(PersistentVariant::label).toList(),
                NativeKernelFiles.VARIANTS.stream().map(v -> v.mode() + " (" + v.variant() + ")").toList(),
                "NativeKernelFiles has a row per row of native-hip/src/variant_table.cpp for poisson2d, in its order");
        for (PersistentVariant row : square) {
            // --print-kernel names the kernel the library names (the temporal row's: k = 8).
            assertEquals(row.kernel(), NativeKernelFiles.of(row.mode(), row.name()).orElseThrow().kernelFor("8"), row.label());
        }
    }

    @Test
    void aNamedKOfTheTemporalVariantNamesItsKernelAndAutoNamesEveryCandidate() {
        assertEquals("hand-written, temporal_stream_persistent_k4 (native-hip/src/kernels/temporal_persistent.h); the planner"
                + " chooses at run time, for each size, the grid's blocks, and k where --sweeps-per-exchange is auto",
                NativeKernelFiles.describe("persistent-grid", "temporal", "4"));
        String auto = NativeKernelFiles.describe("persistent-dataflow", "auto", "auto");
        assertTrue(auto.startsWith("hand-written; the planner picks the variant for each size at run time"
                + " (native-hip/src/auto_rule.cpp), one of:\n"), auto);
        assertEquals(4, auto.lines().count(), auto);
        assertTrue(auto.contains("\n  resident: persistent_resident (native-hip/src/kernels/persistent_resident.h)"), auto);
    }
}
