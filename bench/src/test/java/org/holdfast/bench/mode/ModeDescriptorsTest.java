package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.commons.cli.Options;
import org.holdfast.bench.cli.HoldfastOptions;
import org.holdfast.bench.config.Settings;
import org.holdfast.bench.report.ResultRow;
import org.holdfast.bench.report.ResultsTable;
import org.holdfast.bench.report.Sensitivity;
import org.holdfast.bridge.PersistentRequest;
import org.holdfast.bridge.PersistentVariant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every registered mode says everything the harness, the reports and the command line ask of it,
 * and what it declares reaches them: its name, its options, its label; and the persistent modes
 * and the native library's variant table name the same variants.
 */
class ModeDescriptorsTest {

    static Stream<ModeDescriptor> registered() {
        return Modes.ALL.list().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("registered")
    void everyFieldIsThere(ModeDescriptor mode) {
        assertTrue(mode.name().matches("[a-z][a-z0-9]*(-[a-z0-9]+)*"), "name " + mode.name());
        assertFalse(mode.description().isBlank(), mode.name() + " has a description");
        assertFalse(mode.description().contains("\n"), mode.name() + ": the description is one line");
        assertNotNull(mode.paradigm(), mode.name() + " has a paradigm");
        assertFalse(mode.kernelSources().isEmpty(), mode.name() + " runs some kernels");
        assertEquals(mode.kernelSources().size(), Set.copyOf(mode.kernelSources()).size(), mode.name() + ": kernel sources once each");
        assertNotNull(mode.blockCount(), mode.name() + " says how its block count is chosen");
        assertEquals(mode.paradigm() == Paradigm.CPU, mode.blockCount() == BlockCount.NONE,
                mode.name() + ": only the CPU modes have no blocks to count");
        assertNotNull(mode.tolerance(), mode.name() + " has a tolerance");
        for (ModeOption option : mode.options()) {
            assertEquals(option.defaultValue(), option.parse(option.defaultValue()), option.name() + ": its default parses");
            assertFalse(option.values().isBlank(), option.name() + " lists its values");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("registered")
    void reportsLabelItsRows(ModeDescriptor mode) {
        RowVariant typed = mode.variant(Modes.ALL.defaults());
        String variant = typed.label();
        assertNotNull(variant, mode.name() + " labels its variant");
        // The options that choose what runs on one device: the CPU modes take k only on virtual devices (--gpus).
        assertEquals(mode.options(mode.kernelSources().get(0), 1).isEmpty(), variant.isEmpty(),
                mode.name() + ": a mode with options names its variant");
        assertEquals(mode.paradigm() == Paradigm.PERSISTENT, !typed.name().isEmpty(), mode.name() + ": only the persistent modes name a variant");
        ResultRow row = new ResultRow(mode.name(), mode.kernelSources().get(0).cliName(), variant, typed.name(), typed.k(), "", "",
                11, 10, 1, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, "zero", Sensitivity.NONE, 1, "ok");
        String table = ResultsTable.of(List.of(row));
        assertTrue(table.contains("| " + mode.name() + (variant.isEmpty() ? " " : " (" + variant + ")")), table);
    }

    /** With --kernels auto (the default) a mode runs its first source: Java for the standard launches, the native planner's variants for the persistent modes. */
    @Test
    void autoKernelsAreJavaForStandardLaunchesAndNativeForPersistentModes() {
        for (ModeDescriptor mode : Modes.ALL.list()) {
            KernelSource first = mode.kernelSources().get(0);
            switch (mode.paradigm()) {
                case STANDARD, CPU -> assertEquals(KernelSource.JAVA, first, mode.name());
                case PERSISTENT -> assertEquals(KernelSource.NATIVE, first, mode.name());
                default -> assertTrue(mode.kernelSources().contains(first), mode.name());
            }
        }
        assertTrue(KernelSource.AUTO.runsIn(List.of(KernelSource.NATIVE)));
    }

    @Test
    void everyModeHasItsOwnName() {
        Set<String> names = new HashSet<>();
        Set<Integer> colours = new HashSet<>();
        for (ModeDescriptor mode : Modes.ALL.list()) {
            assertTrue(names.add(mode.name()), "two modes named " + mode.name());
            assertTrue(colours.add(mode.plotColour()), mode.name() + " shares its plot colour");
        }
        assertThrows(IllegalArgumentException.class, () -> new Modes(List.of(new CpuMode(), new CpuMode())));
    }

    @Test
    void everyOptionOfEveryModeIsACommandLineOptionAndAConfigKey() {
        Options options = HoldfastOptions.create();
        List<String> keys = new Settings().keys();
        for (ModeOption option : Modes.ALL.options()) {
            assertTrue(options.hasLongOption(option.name()), "--" + option.name());
            assertTrue(keys.contains(option.name()), "config key " + option.name());
            String help = options.getOption(option.name()).getDescription();
            for (String mode : Modes.ALL.taking(option)) {
                assertTrue(help.contains(mode), "--" + option.name() + " names " + mode + ": " + help);
            }
            assertTrue(help.endsWith("(default: " + option.defaultValue() + ")"), help);
        }
        for (ModeDescriptor mode : Modes.ALL.list()) {
            assertTrue(options.getOption("modes").getDescription().contains(mode.name()), "--modes lists " + mode.name());
        }
    }

    /**
     * The persistent modes' variant options take what the native library's table lists, {@code auto} and then the
     * mode's rows in the table's order, and every row is a registered mode's ({@code NativeKernelFilesTest} holds
     * {@code --print-kernel}'s files to the same rows).
     */
    @Test
    void thePersistentModesVariantsAreTheRowsOfTheNativeTable() {
        NativeVariants table = NativeVariants.library();
        assumeTrue(table.missingReason().isEmpty(), () -> "no native library here: " + table.missingReason().orElseThrow());
        for (PersistentVariant row : table.rows()) {
            NativePersistentMode mode = Modes.ALL.find(row.mode()).filter(NativePersistentMode.class::isInstance)
                    .map(NativePersistentMode.class::cast)
                    .orElseThrow(() -> new AssertionError(row.label() + " is in the native table, but no registered mode runs it"));
            assertTrue(mode.variantOption().isPresent() || row.isDefault(), row.label() + " cannot be chosen on the command line");
        }
        for (ModeDescriptor mode : Modes.ALL.list()) {
            if (mode instanceof NativePersistentMode persistent && persistent.variantOption().isPresent()) {
                List<String> rows = table.rows().stream().filter(row -> row.mode().equals(mode.name()))
                        .map(PersistentVariant::name).distinct().toList();
                assertEquals(Stream.concat(Stream.of(PersistentRequest.AUTO), rows.stream()).toList(),
                        persistent.variantOption().orElseThrow().choices(),
                        mode.name() + ": auto, then its rows' names in the table, each once (a name may have a row per problem)");
            }
        }
    }

    @Test
    void aNewModeWithANewOptionGetsItsOptionEverywhere() {
        ModeOption sweeps = ModeOption.parsed("sweeps-per-exchange", "half-sweeps between halo exchanges", "1, 2 or 4", "1",
                text -> {
                    if (!List.of("1", "2", "4").contains(text.trim())) {
                        throw new IllegalArgumentException("sweeps-per-exchange must be 1, 2 or 4, got '" + text.trim() + "'");
                    }
                    return text.trim();
                }).named("k");
        ModeDescriptor blocked = new OneOptionMode(sweeps);
        Modes modes = new Modes(List.of(blocked));
        assertEquals("--sweeps-per-exchange <k>",
                "--" + HoldfastOptions.create(modes).getOption("sweeps-per-exchange").getLongOpt() + " <"
                        + HoldfastOptions.create(modes).getOption("sweeps-per-exchange").getArgName() + ">");
        Settings settings = new Settings(modes);
        assertTrue(settings.keys().contains("sweeps-per-exchange"));
        settings.set("sweeps-per-exchange", "4");
        assertEquals("4", settings.toExperiment().options().get(sweeps));
        assertEquals(new RowVariant("4", "", 0), blocked.variant(settings.toExperiment().options()), "a mode that says no name or k has none");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> settings.set("sweeps-per-exchange", "3"));
        assertEquals("sweeps-per-exchange must be 1, 2 or 4, got '3'", refused.getMessage());
    }
}
