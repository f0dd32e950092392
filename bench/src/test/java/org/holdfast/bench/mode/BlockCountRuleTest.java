package org.holdfast.bench.mode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class BlockCountRuleTest {

    @Test
    void autoGivesStandardLaunchesAThreadPerItemAndPersistentKernelsTheUsefulCoresidentBlocks() {
        BlockCountRule auto = BlockCountRule.parse("auto");
        assertEquals(1952, auto.standardBlocks(999L * 500, 256));
        assertEquals(1, auto.standardBlocks(1, 256));
        assertEquals(1056, auto.persistentBlocks(999L * 500, 256, 1952, 1056));
        assertEquals(9, auto.persistentBlocks(45, 256, 9, 1056));
    }

    @Test
    void aFixedCountAppliesToBothParadigmsAndIsRefusedBeyondCoresidency() {
        BlockCountRule fixed = BlockCountRule.parse("7");
        assertEquals(7, fixed.standardBlocks(1_000_000, 256));
        assertEquals(7, fixed.persistentBlocks(1_000_000, 256, 999, 1056));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BlockCountRule.parse("2000").persistentBlocks(1_000_000, 256, 999, 1056));
        assertEquals("the fixed block count asks for 2000 blocks, but at most 1056 can be co-resident on this GPU for this kernel",
                e.getMessage());
    }

    @Test
    void sameAsStandardCopiesTheStandardCountAndRefusesWhatCannotBeCoresident() {
        BlockCountRule same = BlockCountRule.parse("same-as-standard");
        assertEquals(4, same.persistentBlocks(1000, 256, 999, 1056));
        assertThrows(IllegalArgumentException.class, () -> same.persistentBlocks(999L * 500, 256, 999, 1056));
    }

    @Test
    void badSpellingsAreRefusedWithTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BlockCountRule.parse("lots"));
        assertEquals("block-count rule must be auto, same-as-standard or a whole number, got 'lots'", e.getMessage());
        assertEquals("a block count must be at least 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> BlockCountRule.parse("0")).getMessage());
    }
}
