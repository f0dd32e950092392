package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The variant each mode gives its rows: the label the reports print, made from the name and k that the row
 * also holds as they are, before the run (as asked) and after it (as the planner resolved them).
 */
class RowVariantTest {

    private static final OptionValues DEFAULTS = Modes.ALL.defaults();

    @Test
    void persistentModesNameTheirVariantAndKeepKWhereTheyHaveIt() {
        PersistentGridMode grid = new PersistentGridMode();
        assertEquals(new RowVariant("auto/k=auto", "auto", 0), grid.variant(DEFAULTS), "as asked: auto, k still to choose");
        assertEquals(new RowVariant("cluster/k=4", "cluster", 4), grid.ran("cluster", 4, DEFAULTS), "as the planner resolved it");
        assertEquals(new RowVariant("temporal/k=8", "temporal", 8),
                grid.variant(DEFAULTS.with(PersistentGridMode.BARRIER, "temporal").with(NativePersistentMode.SWEEPS_PER_EXCHANGE, "8")));
        assertEquals(new RowVariant("resident/k=3", "resident", 3), new PersistentDataflowMode().ran("resident", 3, DEFAULTS));
        PersistentHostMode host = new PersistentHostMode();
        OptionValues sleeping = DEFAULTS.with(PersistentHostMode.POLL, "sleep");
        assertEquals(new RowVariant("auto/sleep", "auto", 0), host.variant(sleeping));
        assertEquals(new RowVariant("relay/sleep", "relay", 0), host.ran("relay", 1, sleeping),
                "no k: the mode has no sweeps-per-exchange, whatever its kernels exchange");
    }

    @Test
    void standardLaunchesHaveKAndNoNameAndTheCpuNeither() {
        assertEquals(new RowVariant("k=8", "", 8), new GraphMode().variant(DEFAULTS.with(StandardLaunchMode.SWEEPS_PER_LAUNCH, "8")));
        assertEquals(new RowVariant("k=1", "", 1), new LaunchMode().variant(DEFAULTS));
        assertEquals(RowVariant.NONE, new CpuMode().variant(DEFAULTS));
        assertEquals(RowVariant.NONE, new TornadoMode().variant(DEFAULTS));
    }

    @Test
    void aShapeHoldsTheVariantsFields() {
        RunShape shape = new RunShape(4, 256, new RowVariant("cluster/k=4", "cluster", 4), "cluster of 4", java.util.List.of(),
                MemoryTraffic.sharedMemory(false));
        assertEquals("cluster/k=4", shape.variant());
        assertEquals("cluster", shape.variantName());
        assertEquals(4, shape.k());
        assertEquals(shape, shape.withNote("x").withNote("cluster of 4"));
    }
}
