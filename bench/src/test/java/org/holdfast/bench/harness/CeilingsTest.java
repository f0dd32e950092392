package org.holdfast.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.holdfast.bench.mode.MemoryTraffic;
import org.holdfast.bench.mode.Paradigm;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code -Dholdfast.ceilings=skip}: no limit is measured, so no machine is touched and every ceiling is unknown. */
class CeilingsTest {

    @AfterEach
    void clearTheProperty() {
        System.clearProperty(Ceilings.PROPERTY);
    }

    @Test
    void skippedCeilingsAreUnknownAndNothingIsMeasured() {
        System.setProperty(Ceilings.PROPERTY, Ceilings.SKIP);
        Ceilings ceilings = new Ceilings(null); // a machine would be asked for its GPU: none is here
        for (Paradigm paradigm : Paradigm.values()) {
            assertTrue(Double.isNaN(ceilings.of(paradigm)), paradigm.name());
            assertTrue(Double.isNaN(ceilings.sharedOf(paradigm)), paradigm.name());
            assertTrue(Double.isNaN(ceilings.limitOf(MemoryTraffic.sharedMemory(false), paradigm)), paradigm.name());
            assertTrue(Double.isNaN(ceilings.limitOf(MemoryTraffic.HALF_SWEEP_PASSES, paradigm)), paradigm.name());
        }
        assertEquals(Map.of(), ceilings.measured());
        assertEquals(Map.of(), ceilings.measuredShared());
    }
}
