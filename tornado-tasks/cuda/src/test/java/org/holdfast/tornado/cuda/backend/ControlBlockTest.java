package org.holdfast.tornado.cuda.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.holdfast.tornado.api.WatchdogExpiredException;
import org.junit.jupiter.api.Test;

/** The control block's error word, as the device leaves it, becomes the watchdog's exception. */
class ControlBlockTest {

    @Test
    void aClearErrorWordMeansNoWaitExpired() {
        assertTrue(ControlBlock.decode(new int[] {0, 0, 0, 0}, "g.t (kernel k)", 10, 132).isEmpty());
    }

    @Test
    void aGridBarrierExpiryNamesTheBlockTheBarrierAndWhoArrived() {
        WatchdogExpiredException e = ControlBlock.decode(new int[] {1, 17, 5, 131}, "g.t (kernel sweep)", 10, 132).orElseThrow();
        assertEquals(WatchdogExpiredException.Wait.GRID_BARRIER, e.waitKind());
        assertEquals(17, e.block());
        assertEquals(5, e.step());
        assertEquals("g.t (kernel sweep): watchdog expired after 10 s: block 17 waited at grid barrier 5; 131 of 132 blocks had"
                + " arrived there", e.getMessage());
    }

    @Test
    void aWaitUntilExpiryNamesTheBlockTheElementAndTheValue() {
        WatchdogExpiredException e = ControlBlock.decode(new int[] {2, 3, 7, 2}, "g.t (kernel chain)", 0.5, 8).orElseThrow();
        assertEquals("g.t (kernel chain): watchdog expired after 0.5 s: block 3 waited until element 2 reached 7", e.getMessage());
        assertEquals(2, e.index());
    }

    @Test
    void anUnknownWaitCodeIsAnError() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ControlBlock.decode(new int[] {9, 0, 0, 0}, "g.t (kernel k)", 10, 1));
        assertTrue(e.getMessage().startsWith("g.t (kernel k): the control block holds an unknown wait code 9"), e.getMessage());
    }
}
