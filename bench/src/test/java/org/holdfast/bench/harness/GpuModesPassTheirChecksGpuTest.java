package org.holdfast.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.holdfast.bench.config.Settings;
import org.holdfast.bench.mode.GpuHere;
import org.holdfast.bench.mode.Machine;
import org.holdfast.bench.mode.Modes;
import org.holdfast.bench.report.ResultRow;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Through the harness itself, every GPU mode and variant, with the Java kernels and the native ones,
 * passes its verification run and matches the reference in every timed repeat, from a random interior. (The full matrix of sizes, block
 * counts and both initial interiors is a sweep on the H200; this keeps a small one in the tests.)
 */
@Tag("gpu")
class GpuModesPassTheirChecksGpuTest {

    @ParameterizedTest(name = "{0} {1} ({2})")
    @CsvSource({
        "launch, '', 'java,native'", "launch-sync, '', 'java,native'", "graph, '', 'java,native'",
        "persistent-grid, barrier=cg, native", "persistent-grid, barrier=two-slot, 'java,native'",
        "persistent-grid, barrier=temporal, 'java,native'", "persistent-grid, barrier=temporal-3blocks, 'java,native'",
        "persistent-host, schedule=lockstep, native", "persistent-host, schedule=neighbour, native",
        "persistent-host, schedule=relay, native", "persistent-host, poll=sleep, native", "persistent-dataflow, '', 'java,native'",
        "persistent-dataflow, signal=counters, 'java,native'", "persistent-dataflow, signal=resident, 'java,native'",
        "persistent-dataflow, signal=cluster, 'java,native'",
        "persistent-dataflow, sweeps-per-exchange=1, 'java,native'"
    })
    void everyRowIsOk(String mode, String variant, String kernels) {
        try (Machine machine = Machine.open(true);
                Progress progress = new Progress(System.err, false)) {
            GpuHere.assumeGpuAndNativeLibrary(machine);
            Settings settings = new Settings();
            settings.set("modes", mode);
            if (!variant.isEmpty()) {
                settings.set(variant.substring(0, variant.indexOf('=')), variant.substring(variant.indexOf('=') + 1));
            }
            settings.set("kernels", kernels); // the grid's Java kernels refuse cg: they have two-slot and temporal
            settings.set("blocks", "7,auto");
            settings.set("sizes", "3, 12, 33");
            settings.set("iterations", "20");
            settings.set("repeats", "3");
            settings.set("init", "random");
            Harness.Outcome outcome = new Harness(settings.toExperiment(), machine, progress, row -> { }, false, false).run();
            assertTrue(outcome.skipped().isEmpty(), outcome.skipped().toString());
            assertEquals(6 * kernels.split(",").length, outcome.rows().size(), "3 sizes x 2 block rules x kernels");
            for (ResultRow row : outcome.rows()) {
                assertTrue(row.ok(), row.mode() + " (" + row.kernels() + ") N = " + row.n() + " blocks " + row.rule() + ": "
                        + row.status());
            }
            // A named variant runs as named at every size; auto may pick another variant per size (docs/persistent-variants.md).
            String named = variant.contains("=") ? variant.substring(variant.indexOf('=') + 1) : "";
            if (!named.isEmpty() && !named.equals("auto") && !variant.startsWith("poll=") && !variant.startsWith("sweeps-per-exchange=")) {
                // The Java kernels run the twin of the variant they are asked for (the dataflow's counters or resident).
                for (ResultRow row : outcome.rows()) {
                    assertEquals(named, row.variantName(), row.kernels() + " N = " + row.n() + ": " + row.variant());
                }
            }
        }
    }
}
