package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class BlockCountRuleTest {

    @Test
    void autoGivesStandardLaunchesAThreadPerItemAndLetsThePersistentPlannerChoose() {
        BlockCountRule auto = BlockCountRule.parse("auto");
        assertEquals(1952, auto.standardBlocks(999L * 500, 256));
        assertEquals(1, auto.standardBlocks(1, 256));
        assertEquals(0, auto.plannerBlocks(999L * 500, 256));
    }

    @Test
    void aFixedCountAppliesToBothParadigms() {
        BlockCountRule fixed = BlockCountRule.parse("7");
        assertEquals(7, fixed.standardBlocks(1_000_000, 256));
        assertEquals(7, fixed.plannerBlocks(1_000_000, 256));
    }

    @Test
    void sameAsStandardAsksThePlannerForTheStandardCount() {
        BlockCountRule same = BlockCountRule.parse("same-as-standard");
        assertEquals(4, same.plannerBlocks(1000, 256));
        assertEquals(1952, same.plannerBlocks(999L * 500, 256));
    }

    @Test
    void badSpellingsAreRefusedWithTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BlockCountRule.parse("lots"));
        assertEquals("block-count rule must be auto, same-as-standard or a whole number, got 'lots'", e.getMessage());
        assertEquals("a block count must be at least 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> BlockCountRule.parse("0")).getMessage());
    }
}
