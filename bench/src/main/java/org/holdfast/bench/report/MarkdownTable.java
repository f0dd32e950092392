package org.holdfast.bench.report;

import java.util.ArrayList;
import java.util.List;

/** A Markdown table whose columns line up in a terminal as well. */
public final class MarkdownTable {

    private final List<String> head;
    private final List<List<String>> rows = new ArrayList<>();

    public MarkdownTable(String... head) {
        this.head = List.of(head);
    }

    public MarkdownTable add(String... cells) {
        if (cells.length != head.size()) {
            throw new IllegalArgumentException(cells.length + " cells for " + head.size() + " columns");
        }
        rows.add(List.of(cells));
        return this;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    @Override
    public String toString() {
        int[] widths = new int[head.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = Math.max(3, head.get(c).length());
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        StringBuilder out = new StringBuilder();
        line(out, head, widths);
        StringBuilder rule = new StringBuilder("|");
        for (int width : widths) {
            rule.append(' ').append("-".repeat(width)).append(" |");
        }
        out.append(rule).append('\n');
        for (List<String> row : rows) {
            line(out, row, widths);
        }
        return out.toString();
    }

    private static void line(StringBuilder out, List<String> cells, int[] widths) {
        out.append('|');
        for (int c = 0; c < widths.length; c++) {
            String cell = cells.get(c).replace("|", "\\|");
            out.append(' ').append(cell).append(" ".repeat(Math.max(0, widths[c] - cell.length()))).append(" |");
        }
        out.append('\n');
    }
}
