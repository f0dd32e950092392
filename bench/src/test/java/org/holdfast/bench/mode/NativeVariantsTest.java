package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.commons.cli.Options;
import org.holdfast.bench.cli.HoldfastOptions;
import org.holdfast.bench.config.ProblemKind;
import org.holdfast.bench.config.Settings;
import org.holdfast.bridge.NativeLibraryMissingException;
import org.holdfast.bridge.PersistentBridge;
import org.holdfast.bridge.PersistentProblem;
import org.holdfast.bridge.PersistentVariant;
import org.holdfast.bridge.WorkSplit;
import org.holdfast.kernels.poisson.PoissonProblem;
import org.holdfast.kernels.poisson3d.Poisson3DProblem;
import org.junit.jupiter.api.Test;

/**
 * The persistent modes' variant options take the native library's table: {@code auto}, then the mode's rows in order;
 * any name where the library is missing, with help saying why; and the table is read only when asked for.
 */
class NativeVariantsTest {

    private static PersistentVariant row(String mode, String name) {
        return row(mode, name, PersistentProblem.Kind.POISSON_2D);
    }

    private static PersistentVariant row(String mode, String name, PersistentProblem.Kind problem) {
        return new PersistentVariant(mode, name, name + "_kernel", "plan_spread", "a variant", Set.of(), Set.of(),
                WorkSplit.GRID_STRIDE, 256, false, true, problem);
    }

    @Test
    void anOptionTakesAutoThenItsModesRowsInTheTablesOrder() {
        NativeVariants table = NativeVariants.of(List.of(row("persistent-grid", "cg"), row("persistent-host", "relay"),
                row("persistent-grid", "fence"), row("persistent-grid", "two-slot")));
        ModeOption.Accepted barrier = table.accepted("persistent-grid", "barrier");
        assertEquals(List.of("auto", "cg", "fence", "two-slot"), barrier.choices());
        assertEquals("auto, cg, fence, two-slot (poisson3d: none)", barrier.values());
        assertEquals("fence", barrier.parser().apply(" fence"));
        assertEquals("unknown barrier 'relay' (choose from: auto, cg, fence, two-slot)",
                assertThrows(IllegalArgumentException.class, () -> barrier.parser().apply("relay")).getMessage());
    }

    @Test
    void aNameWithARowPerProblemIsListedOnceWhereTheTableHasItFirst() {
        NativeVariants table = NativeVariants.of(List.of(row("persistent-grid", "cg"), row("persistent-grid", "two-slot"),
                row("persistent-grid", "block"), row("persistent-grid", "cg", PersistentProblem.Kind.POISSON_3D),
                row("persistent-grid", "two-slot", PersistentProblem.Kind.POISSON_3D), row("persistent-host", "relay")));
        assertEquals(List.of("auto", "cg", "two-slot", "block"), table.accepted("persistent-grid", "barrier").choices());
    }

    @Test
    void helpSaysWhichVariantsAProblemWithFewerRowsHas() {
        NativeVariants table = NativeVariants.of(List.of(row("persistent-grid", "cg"), row("persistent-grid", "two-slot"),
                row("persistent-grid", "block"), row("persistent-grid", "cg", PersistentProblem.Kind.POISSON_3D),
                row("persistent-grid", "block", PersistentProblem.Kind.POISSON_3D), row("persistent-grid", "two-slot",
                        PersistentProblem.Kind.POISSON_3D), row("persistent-host", "relay")));
        assertEquals("auto, cg, two-slot, block (poisson3d: auto, cg, block, two-slot)",
                table.accepted("persistent-grid", "barrier").values());
        assertEquals("auto, relay (poisson3d: none)", table.accepted("persistent-host", "schedule").values());
        assertEquals(List.of("auto", "cg", "block", "two-slot"), table.choices(PersistentProblem.Kind.POISSON_3D, "persistent-grid"));
    }

    @Test
    void aProblemTakesItsOwnRowsAndIsRefusedInOneLineFromTheTableWhereItHasNone() {
        NativeVariants table = NativeVariants.of(List.of(row("persistent-grid", "cg"), row("persistent-grid", "block"),
                row("persistent-grid", "cg", PersistentProblem.Kind.POISSON_3D),
                row("persistent-grid", "two-slot", PersistentProblem.Kind.POISSON_3D), row("persistent-host", "relay")));
        Poisson3DProblem cube = new Poisson3DProblem(9);
        Optional<ModeOption> barrier = Optional.of(PersistentGridMode.BARRIER);
        assertEquals(Optional.empty(), table.refusal("persistent-grid", barrier, "auto", cube));
        assertEquals(Optional.empty(), table.refusal("persistent-grid", barrier, "two-slot", cube));
        assertEquals(Optional.of("persistent-grid: the native library has no --barrier block for poisson3d (it has auto, cg,"
                + " two-slot)"), table.refusal("persistent-grid", barrier, "block", cube));
        assertEquals(Optional.of("persistent-host: the native library has no persistent-host kernels for poisson3d"),
                table.refusal("persistent-host", Optional.of(PersistentHostMode.SCHEDULE), "auto", cube));
        assertEquals(Optional.of("persistent-dataflow: the native library has no persistent-dataflow kernels for poisson3d"),
                table.refusal("persistent-dataflow", Optional.empty(), "auto", cube));
        PoissonProblem square = new PoissonProblem(9);
        assertEquals(Optional.empty(), table.refusal("persistent-grid", barrier, "block", square));
        assertEquals(Optional.of("persistent-grid: the native library has no --barrier two-slot for poisson2d (it has auto, cg,"
                + " block)"), table.refusal("persistent-grid", barrier, "two-slot", square));
        assertEquals(Optional.empty(), NativeVariants.missing("not here (test)").refusal("persistent-host", Optional.empty(), "auto",
                cube), "without the table nothing is refused: the run says the library is missing");
    }

    @Test
    void everyProblemOfTheCommandLineIsOneTheLibraryNames() {
        for (ProblemKind problem : ProblemKind.values()) {
            assertEquals(problem.cliName(), NativeVariants.kindOf(problem.at(5)).orElseThrow().problemName());
        }
    }

    @Test
    void withoutTheLibraryAnOptionTakesAnyNameAndHelpSaysWhy() {
        NativeVariants none = NativeVariants.missing("native library libholdfast_native.so not found (looked in"
                + " /opt/lib/libholdfast_native.so (LD_LIBRARY_PATH), the dynamic loader's search for libholdfast_native.so)");
        ModeOption barrier = ModeOption.later("barrier", "barrier between half-sweeps", "auto",
                () -> none.accepted("persistent-grid", "barrier")).withSeveralValues();
        assertEquals("barrier between half-sweeps of persistent-grid: auto or a variant of the native library's table"
                + " (not loaded here: native library libholdfast_native.so not found, see --devices); several,"
                + " comma-separated, give a row each (default: auto)", barrier.help(List.of("persistent-grid")));
        String abi = "native library /opt/lib/libholdfast_native.so has ABI version 6, this bridge needs 7: rebuild native-hip";
        assertTrue(NativeVariants.missing(abi).accepted("persistent-host", "schedule").values().contains("(not loaded here: " + abi + ")"));
        assertEquals(List.of(), barrier.choices());
        assertEquals("two-slot,fence", barrier.parse("two-slot, fence"));
        assertThrows(IllegalArgumentException.class, () -> barrier.parse("cg,"));
    }

    @Test
    void theTableIsReadOnlyWhenAnOptionsValuesAreAskedFor() {
        AtomicInteger asked = new AtomicInteger();
        ModeOption option = ModeOption.later("barrier", "barrier between half-sweeps", "auto", () -> {
            asked.incrementAndGet();
            return ModeOption.Accepted.oneOf("barrier", List.of("auto", "cg"));
        }).withSeveralValues().named("b");
        Modes modes = new Modes(List.of(new OneOptionMode(option)));
        Options options = HoldfastOptions.create(modes);
        Settings settings = new Settings(modes);
        assertEquals("auto", settings.toExperiment().options().get(option));
        assertEquals(List.of("auto"), option.split(option.defaultValue()));
        assertEquals(0, asked.get(), "the command line's options, the settings and a run that names no variant read no table");
        assertEquals("barrier between half-sweeps of blocked: auto, cg; several, comma-separated, give a row each"
                + " (default: auto)", options.getOption("barrier").getDescription());
        settings.set("barrier", "cg");
        assertTrue(asked.get() > 0);
    }

    @Test
    void theLibrarysTableIsTheBridges() throws NativeLibraryMissingException {
        NativeVariants table = NativeVariants.library();
        assumeTrue(table.missingReason().isEmpty(), () -> "no native library here: " + table.missingReason().orElseThrow());
        try (PersistentBridge bridge = PersistentBridge.open()) {
            assertEquals(bridge.variants(), table.rows());
        }
    }
}
