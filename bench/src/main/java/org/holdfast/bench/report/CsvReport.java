package org.holdfast.bench.report;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code results.csv}: one line per row, written and flushed as soon as the row is measured, so an
 * interrupted sweep keeps every row it finished.
 */
public final class CsvReport implements AutoCloseable {

    public static final String FILE = "results.csv";

    public static final List<String> COLUMNS = List.of("mode", "kernels", "variant", "note", "block_rule", "n", "iterations", "repeats", "blocks",
            "threads", "us_per_iter_median", "us_per_iter_min", "us_per_iter_max", "spread_pct", "spread_wide", "points_per_s",
            "gb_per_s", "copy_gb_per_s", "copy_fraction", "roofline_limit", "roofline_bytes_per_iter",
            "roofline_gb_per_s", "roofline_limit_gb_per_s", "roofline_fraction", "max_diff", "max_error", "init", "verify_k",
            "sensitivity_iteration", "sensitivity_red", "sensitivity_black", "repeats_equal", "status");

    private final BufferedWriter out;

    public CsvReport(Path folder) throws IOException {
        this.out = Files.newBufferedWriter(folder.resolve(FILE), StandardCharsets.UTF_8);
        out.write(String.join(",", COLUMNS));
        out.newLine();
        out.flush();
    }

    public synchronized void append(ResultRow row) {
        List<String> cells = new ArrayList<>(List.of(row.mode(), row.kernels(), row.variant(), row.note(), row.rule(), Integer.toString(row.n()),
                Integer.toString(row.iterations()), Integer.toString(row.repeats()), Integer.toString(row.blocks()),
                Integer.toString(row.threads()), number(row.medianMicros()), number(row.minMicros()),
                number(row.maxMicros()), number(row.spreadPercent()), Boolean.toString(row.wideSpread()),
                number(row.pointsPerSecond()),
                number(row.gbPerSecond()), number(row.copyGbPerSecond()), number(row.copyFraction()),
                row.roofline().limit(), number(row.roofline().bytesPerIteration()), number(row.movedGbPerSecond()),
                number(row.roofline().limitGbPerSecond()), number(row.rooflineFraction()),
                number(row.maxDiff()), number(row.maxError()), row.init(), Integer.toString(row.verification().k()),
                number(row.verification().oneIterationFewer()), number(row.verification().redSkipped()),
                number(row.verification().blackSkipped()), Integer.toString(row.equalRepeats()), row.status()));
        try {
            out.write(String.join(",", cells.stream().map(CsvReport::quote).toList()));
            out.newLine();
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + FILE, e);
        }
    }

    private static String number(double value) {
        return Double.isNaN(value) ? "" : Double.toString(value);
    }

    /** RFC 4180 quoting, only where a cell needs it. */
    static String quote(String cell) {
        if (cell.contains(",") || cell.contains("\"") || cell.contains("\n")) {
            return "\"" + cell.replace("\"", "\"\"") + "\"";
        }
        return cell;
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
