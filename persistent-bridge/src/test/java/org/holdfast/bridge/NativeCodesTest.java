package org.holdfast.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Codes and bit sets from the library become enum constants, and unknown ones are refused. */
class NativeCodesTest {

    @Test
    void bitsBecomeTheirTraitsAndFaults() {
        assertEquals(EnumSet.of(VariantTrait.COOPERATIVE, VariantTrait.WATCHDOG), VariantTrait.fromBits(2 | 8));
        assertEquals(Set.of(), VariantTrait.fromBits(0));
        assertEquals(EnumSet.of(FaultInjection.NEVER_SIGNAL), FaultInjection.fromBits(1 << 3));
    }

    @Test
    void anUnknownBitOrCodeMeansAnotherLibrary() {
        final IllegalArgumentException bit = assertThrows(IllegalArgumentException.class, () -> VariantTrait.fromBits(256));
        assertTrue(bit.getMessage().contains("does not match this bridge"), bit.getMessage());
        assertThrows(IllegalArgumentException.class, () -> WorkSplit.fromCode(7));
        assertThrows(IllegalArgumentException.class, () -> WatchdogWait.fromCode(-1));
    }

    @Test
    void aProblemIsFoundByTheNameHoldfastAndTheLibraryGiveIt() {
        assertEquals(Optional.of(PersistentProblem.Kind.POISSON_2D), PersistentProblem.Kind.named("poisson2d"));
        assertEquals(Optional.of(PersistentProblem.Kind.POISSON_3D), PersistentProblem.Kind.named("poisson3d"));
        assertEquals(Optional.empty(), PersistentProblem.Kind.named("heat2d"));
        assertEquals(PersistentProblem.Kind.POISSON_3D, PersistentProblem.Kind.fromCode(PersistentProblem.Kind.POISSON_3D.code()));
    }
}
