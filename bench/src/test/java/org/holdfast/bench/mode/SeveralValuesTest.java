package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An option that takes several values in one run: checked value by value, a row per value (a set of values each). */
class SeveralValuesTest {

    @Test
    void everyValueIsCheckedAndKeptOnceInTheOrderGiven() {
        ModeOption k = StandardLaunchMode.SWEEPS_PER_LAUNCH;
        assertEquals("1,2,8", k.parse(" 1, 2,8,2"));
        assertEquals(List.of("1", "2", "8"), k.split("1,2,8"));
        assertEquals("4", k.parse("4"));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> k.parse("1,5"));
        assertEquals("unknown sweeps-per-launch '5' (choose from: 1, 2, 3, 4, 6, 8, 12, 16)", refused.getMessage());
        assertEquals("auto,1,8", NativePersistentMode.SWEEPS_PER_EXCHANGE.parse("auto, 1, 8"));
        assertEquals(List.of("two-slot"), PersistentGridMode.BARRIER.split("two-slot"));
        assertEquals(List.of("block", "cluster", "temporal"), PersistentGridMode.BARRIER.split(PersistentGridMode.BARRIER.parse("block,cluster,temporal")));
        assertEquals("relay,lockstep", PersistentHostMode.SCHEDULE.parse("relay, lockstep"));
    }

    @Test
    void aVariantTheLibrarysTableLacksIsRefusedWithTheTablesNames() {
        assumeTrue(NativeVariants.library().missingReason().isEmpty(), "without the native library any variant name is taken");
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> PersistentDataflowMode.SIGNAL.parse("cluster,flags"));
        assertEquals("unknown signal 'flags' (choose from: " + String.join(", ", PersistentDataflowMode.SIGNAL.choices()) + ")",
                unknown.getMessage());
        assertEquals("auto", PersistentDataflowMode.SIGNAL.choices().get(0));
    }

    @Test
    void everyVariantOfAModeInOneRunIsARowEach() {
        PersistentGridMode grid = new PersistentGridMode();
        OptionValues values = new OptionValues(Map.of("barrier", "block,cluster,temporal", "sweeps-per-exchange", "auto"));
        assertEquals(List.of("block", "cluster", "temporal"), values.each(grid.options(), grid.options(KernelSource.NATIVE)).stream()
                .map(v -> v.get(PersistentGridMode.BARRIER)).toList());
        // The grid's Java twins are two designs (grid barrier, temporal passes): the barrier chooses, a row each.
        List<OptionValues> java = values.each(grid.options(), grid.options(KernelSource.JAVA));
        assertEquals(List.of("block", "cluster", "temporal"), java.stream().map(v -> v.get(PersistentGridMode.BARRIER)).toList());
        OptionValues ks = new OptionValues(Map.of("barrier", "block,cluster", "sweeps-per-exchange", "1,auto"));
        assertEquals(4, ks.each(grid.options(), grid.options(KernelSource.JAVA)).size());
        assertEquals(4, ks.each(grid.options(), grid.options(KernelSource.NATIVE)).size());
        // The dataflow's Java twins are three designs (counters, cluster, resident): the signal chooses, a row each.
        PersistentDataflowMode dataflow = new PersistentDataflowMode();
        OptionValues signals = new OptionValues(Map.of("signal", "counters,cluster,resident", "sweeps-per-exchange", "1,auto"));
        assertEquals(6, signals.each(dataflow.options(), dataflow.options(KernelSource.JAVA)).size(), "and k a row each");
        assertEquals(6, signals.each(dataflow.options(), dataflow.options(KernelSource.NATIVE)).size());
    }

    @Test
    void eachCombinationOfSeveralValuesIsOneSetOfValues() {
        OptionValues values = new OptionValues(Map.of("sweeps-per-exchange", "1,8", "barrier", "temporal"));
        List<OptionValues> each = values.each(new PersistentGridMode().options());
        assertEquals(2, each.size());
        assertEquals(new RowVariant("temporal/k=1", "temporal", 1), new PersistentGridMode().variant(each.get(0)));
        assertEquals(new RowVariant("temporal/k=8", "temporal", 8), new PersistentGridMode().variant(each.get(1)));
        assertEquals(List.of(values), values.each(new GraphMode().options()), "graph's option has one value here");
        OptionValues standard = new OptionValues(Map.of("sweeps-per-launch", "1,2,4"));
        assertEquals(List.of(new RowVariant("k=1", "", 1), new RowVariant("k=2", "", 2), new RowVariant("k=4", "", 4)),
                standard.each(new GraphMode().options()).stream().map(v -> new GraphMode().variant(v)).toList());
    }
}
