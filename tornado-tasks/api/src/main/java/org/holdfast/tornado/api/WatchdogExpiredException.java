package org.holdfast.tornado.api;

import java.math.BigDecimal;

/**
 * A wait in a persistent kernel gave up after the watchdog's timeout: the grid could not make
 * progress (a group never reached a barrier, a flag was never published). The message names the
 * wait, the group (block) that gave up first and its step, as the native watchdog's does:
 * {@code graph.task (kernel sweep): watchdog expired after 10 s: block 3 waited at grid barrier 5;
 * 131 of 132 blocks had arrived there}. The results of the run are undefined.
 */
public final class WatchdogExpiredException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Which wait expired; the codes are the native library's {@code HF_WAIT_*} for the same waits. */
    public enum Wait {
        /** {@link KernelContext#gridBarrier()}; the step is the barrier's number in the launch, from 0. */
        GRID_BARRIER(1),
        /** {@link KernelContext#waitUntilAtLeast(int[], int, int)}; the step is the value waited for. */
        WAIT_UNTIL(2);

        private final int code;

        Wait(int code) {
            this.code = code;
        }

        /** The code the device records in the launch's error word. */
        public int code() {
            return code;
        }

        /** The wait with this code. */
        public static Wait fromCode(int code) {
            for (Wait wait : values()) {
                if (wait.code == code) {
                    return wait;
                }
            }
            throw new IllegalArgumentException("no watchdog wait has code " + code);
        }
    }

    private final String where;
    private final Wait wait;
    private final int block;
    private final int step;
    private final int index;
    private final double seconds;

    /**
     * @param where the task and kernel, as {@code graph.task (kernel name)}
     * @param wait the wait that expired first
     * @param block the group that gave up
     * @param step the barrier's number, or the value waited for
     * @param index the element waited on ({@link Wait#WAIT_UNTIL}); -1 otherwise
     * @param seconds the watchdog's timeout
     * @param arrived for a grid barrier, how many groups had arrived there; -1 when unknown
     * @param groups groups in the grid
     */
    public WatchdogExpiredException(String where, Wait wait, int block, int step, int index, double seconds, int arrived,
            int groups) {
        super(message(where, wait, block, step, index, seconds, arrived, groups));
        this.where = where;
        this.wait = wait;
        this.block = block;
        this.step = step;
        this.index = index;
        this.seconds = seconds;
    }

    private static String message(String where, Wait wait, int block, int step, int index, double seconds, int arrived,
            int groups) {
        String timeout = BigDecimal.valueOf(seconds).stripTrailingZeros().toPlainString();
        String what = switch (wait) {
            case GRID_BARRIER -> "block " + block + " waited at grid barrier " + step
                    + (arrived >= 0 ? "; " + arrived + " of " + groups + " blocks had arrived there" : "");
            case WAIT_UNTIL -> "block " + block + " waited until element " + index + " reached " + step;
        };
        return where + ": watchdog expired after " + timeout + " s: " + what;
    }

    /** The task and kernel. */
    public String where() {
        return where;
    }

    public Wait waitKind() {
        return wait;
    }

    /** The group (block) that gave up first. */
    public int block() {
        return block;
    }

    /** The grid barrier's number (from 0), or the value waited for. */
    public int step() {
        return step;
    }

    /** The element waited on, or -1 for a grid barrier. */
    public int index() {
        return index;
    }

    public double seconds() {
        return seconds;
    }
}
