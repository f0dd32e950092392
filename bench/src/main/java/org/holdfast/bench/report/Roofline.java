package org.holdfast.bench.report;

/**
 * The limit a row is compared with in its {@code roofline} column: the memory its kernels stream through, the bytes
 * one iteration really moves there, and that memory's bandwidth measured on the device at the start of the run
 * (docs/results.md, "The roofline column").
 *
 * @param limit how the table names the limit: {@code HBM} (the GPU's copy bandwidth), {@code host} (the host's copy
 *     bandwidth) or {@code smem} (the GPU's shared-memory bandwidth); empty where the row has none
 * @param bytesPerIteration bytes one red-black iteration moves in that memory, by the row's traffic model
 * @param limitGbPerSecond the limit's bandwidth, GB/s; NaN where it was not measured
 */
public record Roofline(String limit, double bytesPerIteration, double limitGbPerSecond) {

    /** No roofline: a row without a time, or a row of a run from before the column. */
    public static final Roofline NONE = new Roofline("", Double.NaN, Double.NaN);

    /** Bytes moved per second at {@code microsPerIteration}, GB/s. */
    public double gbPerSecond(double microsPerIteration) {
        return bytesPerIteration / (microsPerIteration * 1e-6) / 1e9;
    }

    /** The share of the limit reached at {@code microsPerIteration}; NaN where there is no limit or no time. */
    public double fraction(double microsPerIteration) {
        return limitGbPerSecond > 0 ? gbPerSecond(microsPerIteration) / limitGbPerSecond : Double.NaN;
    }

    /** The table's cell: {@code 86% HBM}, {@code 0.42% smem}, or {@code -}. */
    public String cell(double microsPerIteration) {
        double fraction = fraction(microsPerIteration);
        return Double.isNaN(fraction) || limit.isEmpty() ? "-" : Figures.shortPercent(fraction) + " " + limit;
    }
}
