package org.holdfast.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The label a table gives a row: the variant, and what the planner chose, so rows of several variants stay apart. */
class ResultRowTest {

    private static String label(String variant, String note) {
        return new ResultRow("persistent-grid", "native", variant, note, "", 11, 10, 5, 1, 32, 1, 1, 1, 1, 1, 1, 0, 0, "zero",
                Sensitivity.NONE, 5, "ok").variantAndNote();
    }

    @Test
    void theVariantAndWhatThePlannerChose() {
        assertEquals("relay/busy", label("relay/busy", ""));
        assertEquals("cg: on chip", label("cg/k=1", "on chip"));
        assertEquals("two-slot: on chip", label("two-slot/k=1", "on chip"));
        assertEquals("block: one warp, 2 points per thread", label("block/k=1", "one warp, 2 points per thread"));
        assertEquals("resident: k = 3, f on chip", label("resident/k=3", "k = 3, f on chip"));
        assertEquals("cluster of 16, k = 8, 4 points per thread", label("cluster/k=8", "cluster of 16, k = 8, 4 points per thread"));
        assertEquals("on chip", label("", "on chip"));
    }
}
