package org.holdfast.bridge;

/**
 * The half-sweeps a persistent kernel's blocks ran, as they counted them and combined them on the
 * device (hf_run_report.work_*): a run counts only when every block with work ran exactly what was
 * asked for.
 *
 * @param expected half-sweeps each block must run: 2 * iterations
 * @param blocksExpected blocks with work, which must report
 * @param blocks blocks that reported
 * @param fewest the smallest count reported, -1 when none
 * @param fewestBlock a block that reported it, -1 when none
 * @param most the largest count reported, -1 when none
 * @param mostBlock a block that reported it, -1 when none
 */
public record WorkCount(int expected, int blocksExpected, int blocks, int fewest, int fewestBlock, int most,
        int mostBlock) {

    /** Whether every block with work ran exactly {@link #expected} half-sweeps. */
    public boolean complete() {
        return blocks == blocksExpected && fewest == expected && most == expected;
    }
}
