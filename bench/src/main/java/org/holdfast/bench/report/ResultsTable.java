package org.holdfast.bench.report;

import java.util.List;

/** The results as the Markdown table printed on stdout. */
public final class ResultsTable {

    private ResultsTable() {
    }

    public static String of(List<ResultRow> rows) {
        MarkdownTable table = new MarkdownTable("mode", "kernels", "N", "iterations", "µs/iter (median)", "spread",
                "Mpts/s", "GB/s", "of copy", "roofline", "max diff", "max error", "grid", "checked", "status");
        for (ResultRow row : rows) {
            String mode = row.variantAndNote().isEmpty() ? row.mode() : row.mode() + " (" + row.variantAndNote() + ")";
            table.add(mode, row.kernels(), Integer.toString(row.n()), Integer.toString(row.iterations()),
                    Figures.threeDigits(row.medianMicros()), Figures.percent(row.spreadPercent() / 100),
                    Figures.threeDigits(row.pointsPerSecond() / 1e6), Figures.threeDigits(row.gbPerSecond()),
                    Figures.percent(row.copyFraction()), row.roofline().cell(row.medianMicros()),
                    Figures.scientific(row.maxDiff()), Figures.scientific(row.maxError()),
                    row.blocks() == 0 ? "-" : row.blocks() + "x" + row.threads(), row.checked(), row.statusMarked());
        }
        return table.toString();
    }
}
