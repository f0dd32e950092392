package org.holdfast.bench.mode;

/**
 * How many blocks (groups) a kernel launches with: one rule for both paradigms, so that standard
 * launches and persistent kernels split the work the same way unless an experiment says otherwise.
 *
 * <ul>
 *   <li>{@code auto}: standard launches give every work item its own thread; a persistent kernel
 *       takes what its planner chooses (as many useful blocks as can be co-resident);</li>
 *   <li>a number {@code K}: both use exactly {@code K} blocks;</li>
 *   <li>{@code same-as-standard}: the persistent kernel uses the standard launch's block count.</li>
 * </ul>
 * A persistent kernel's count has one owner, the native planner: this rule only says what to ask it
 * for, and the planner refuses a grid that cannot be co-resident.
 */
public sealed interface BlockCountRule {

    /** The command-line and config spelling of the rule. */
    String spelling();

    /** Blocks of a standard launch over {@code workItems} items with {@code threads} threads per block. */
    int standardBlocks(long workItems, int threads);

    /**
     * The block count to ask a persistent kernel's planner for: 0 lets it choose, anything else is
     * taken as it is.
     *
     * @param workItems items of a standard launch (for {@code same-as-standard})
     */
    int plannerBlocks(long workItems, int threads);

    static BlockCountRule parse(String text) {
        String value = text.trim();
        if (value.equals("auto")) {
            return new Auto();
        }
        if (value.equals("same-as-standard")) {
            return new SameAsStandard();
        }
        try {
            int blocks = Integer.parseInt(value);
            if (blocks < 1) {
                throw new IllegalArgumentException("a block count must be at least 1, got " + blocks);
            }
            return new Fixed(blocks);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("block-count rule must be auto, same-as-standard or a whole number, got '" + value + "'", e);
        }
    }

    private static int onePerThread(long workItems, int threads) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, (workItems + threads - 1) / threads));
    }

    /** Every item its own thread for standard launches; the planner's choice for persistent ones. */
    record Auto() implements BlockCountRule {
        @Override
        public String spelling() {
            return "auto";
        }

        @Override
        public int standardBlocks(long workItems, int threads) {
            return onePerThread(workItems, threads);
        }

        @Override
        public int plannerBlocks(long workItems, int threads) {
            return 0;
        }
    }

    /** The same number of blocks for every kernel. */
    record Fixed(int blocks) implements BlockCountRule {
        @Override
        public String spelling() {
            return Integer.toString(blocks);
        }

        @Override
        public int standardBlocks(long workItems, int threads) {
            return blocks;
        }

        @Override
        public int plannerBlocks(long workItems, int threads) {
            return blocks;
        }
    }

    /** The persistent kernel copies the standard launch's block count. */
    record SameAsStandard() implements BlockCountRule {
        @Override
        public String spelling() {
            return "same-as-standard";
        }

        @Override
        public int standardBlocks(long workItems, int threads) {
            return onePerThread(workItems, threads);
        }

        @Override
        public int plannerBlocks(long workItems, int threads) {
            return onePerThread(workItems, threads);
        }
    }
}
