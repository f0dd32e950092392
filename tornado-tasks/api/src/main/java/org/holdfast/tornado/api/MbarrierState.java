package org.holdfast.tornado.api;

/**
 * The CPU's mbarrier: one {@code long} of a block-shared {@code long[]} holding what the GPU's
 * 64-bit mbarrier object holds (its layout there is opaque), updated only by compare-and-set:
 * bit 63 the current phase's parity, bits 48..62 the arrivals a phase expects (the init count),
 * bits 32..47 the arrivals still pending in this phase, bits 0..31 the transaction bytes still
 * pending (signed: a store may complete its bytes before the arrival that expects them, as on the
 * GPU). A phase completes when no arrival and no byte is pending: the parity flips and the
 * pending arrivals start again from the expected count.
 */
final class MbarrierState {

    private static final int PHASE_SHIFT = 63;
    private static final int EXPECTED_SHIFT = 48;
    private static final int PENDING_SHIFT = 32;
    private static final long ARRIVALS_MASK = 0x7fff;
    private static final long COUNT_MASK = 0xffff;
    /** The GPU's limit on an mbarrier's expected arrivals (2^20 - 1 there; 2^15 - 1 here, more than any block). */
    static final int MAX_ARRIVALS = (int) ARRIVALS_MASK;

    private MbarrierState() {
    }

    /** A fresh mbarrier in phase 0 expecting {@code arrivals} arrivals and no bytes. */
    static long initial(int arrivals) {
        if (arrivals < 1 || arrivals > MAX_ARRIVALS) {
            throw new IllegalArgumentException("an mbarrier expects 1 to " + MAX_ARRIVALS + " arrivals, got " + arrivals);
        }
        return (long) arrivals << EXPECTED_SHIFT | (long) arrivals << PENDING_SHIFT;
    }

    /** The parity of the phase in progress: the phase of the other parity has completed. */
    static int phaseParity(long state) {
        return (int) (state >>> PHASE_SHIFT);
    }

    /** {@code state} after {@code arrivals} arrivals that also expect {@code bytes} more transaction bytes. */
    static long arrive(long state, int arrivals, int bytes) {
        int pending = (int) (state >>> PENDING_SHIFT & COUNT_MASK);
        if (expected(state) == 0) {
            throw new IllegalStateException("arrival on an mbarrier that was never initialised (context.mbarrierInit)");
        }
        if (pending < arrivals) {
            throw new IllegalStateException("more arrivals on an mbarrier than its phase expects (" + expected(state) + ")");
        }
        return settle(state, pending - arrivals, transactionBytes(state) + bytes);
    }

    /** {@code state} after {@code bytes} transaction bytes have landed (st.async's complete_tx). */
    static long completeBytes(long state, int bytes) {
        if (expected(state) == 0) {
            throw new IllegalStateException("bytes completed on an mbarrier that was never initialised (context.mbarrierInit)");
        }
        return settle(state, (int) (state >>> PENDING_SHIFT & COUNT_MASK), transactionBytes(state) - bytes);
    }

    private static int expected(long state) {
        return (int) (state >>> EXPECTED_SHIFT & ARRIVALS_MASK);
    }

    private static int transactionBytes(long state) {
        return (int) state;
    }

    /** The state with these pending counts, or the next phase's when both are zero. */
    private static long settle(long state, int pendingArrivals, int pendingBytes) {
        long phase = state & 1L << PHASE_SHIFT;
        long expected = state & ARRIVALS_MASK << EXPECTED_SHIFT;
        if (pendingArrivals == 0 && pendingBytes == 0) {
            return (phase ^ 1L << PHASE_SHIFT) | expected | (long) expected(state) << PENDING_SHIFT;
        }
        return phase | expected | (long) pendingArrivals << PENDING_SHIFT | Integer.toUnsignedLong(pendingBytes);
    }
}
