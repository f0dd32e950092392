package org.holdfast.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The host's reading of a work tally, filled here as the kernels' {@code reportWork} fills it: each
 * way a run can fall short gives its own line, and a block that stopped early is not hidden by one
 * that ran extra.
 */
class WorkTallyTest {

    /** A tally into which blocks 0, 1, ... reported {@code counts}, as {@code PersistentRedBlackKernels.reportWork} does. */
    private static long[] reported(int... counts) {
        long[] work = new long[PersistentRedBlackKernels.WORK_LENGTH];
        for (int block = 0; block < counts.length; block++) {
            work[WorkTally.LOWEST] = Math.max(work[WorkTally.LOWEST], ((long) (Integer.MAX_VALUE - counts[block]) << 32) | block);
            work[WorkTally.HIGHEST] = Math.max(work[WorkTally.HIGHEST], ((long) counts[block] << 32) | block);
            work[WorkTally.BLOCKS]++;
        }
        return work;
    }

    @Test
    void everyBlockWithAllItsHalfSweepsIsComplete() {
        assertEquals(Optional.empty(), WorkTally.shortfall(reported(2000, 2000, 2000), 1, 3, 2000, "g at n = 5"));
        assertEquals(Optional.empty(), WorkTally.shortfall(reported(14, 14, 14, 14), 2, 2, 14, "two runs of two blocks"));
    }

    @Test
    void aBlockThatStoppedEarlyIsNamedEvenWhenAnotherRanExtra() {
        // The sum, 4000, is what two complete blocks give: a sum alone would pass this.
        assertEquals(Optional.of("g at n = 5: block 1 ran 1999 of 2000 half-sweeps (blocks ran 1999 to 2001)"),
                WorkTally.shortfall(reported(2001, 1999), 1, 2, 2000, "g at n = 5"));
    }

    @Test
    void aBlockThatRanExtraIsNamed() {
        assertEquals(Optional.of("g at n = 5: block 2 ran 2001 half-sweeps, 2000 were asked for"),
                WorkTally.shortfall(reported(2000, 2000, 2001), 1, 3, 2000, "g at n = 5"));
    }

    @Test
    void aBlockThatNeverReportedIsCounted() {
        assertEquals(Optional.of("g at n = 5: 2 of 3 blocks with work reported their half-sweeps (each must run 2000)"),
                WorkTally.shortfall(reported(2000, 2000), 1, 3, 2000, "g at n = 5"));
        assertEquals(Optional.of("g at n = 5: 5 of 6 blocks with work reported their half-sweeps over 2 runs (each must run 2000)"),
                WorkTally.shortfall(reported(2000, 2000, 2000, 2000, 2000), 2, 3, 2000, "g at n = 5"));
        assertEquals(Optional.of("g at n = 5: 0 of 1 blocks with work reported their half-sweeps (each must run 2000)"),
                WorkTally.shortfall(reported(), 1, 1, 2000, "g at n = 5"));
    }
}
