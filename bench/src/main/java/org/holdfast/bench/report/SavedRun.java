package org.holdfast.bench.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.holdfast.bench.mode.RowVariant;

/**
 * A run read back from its {@code results.json}: what {@link JsonReport} wrote.
 *
 * @param run the run's description (version, machine, settings) as written
 * @param ceilings copy bandwidths by device, GB/s
 * @param sharedCeilings shared-memory bandwidths by device, GB/s (none in a run from before the probe)
 * @param overheads the overhead breakdown
 * @param rows every row
 */
public record SavedRun(JsonObject run, Map<String, Double> ceilings, Map<String, Double> sharedCeilings, List<OverheadRow> overheads,
        List<ResultRow> rows) {

    /** k as a label writes it ({@code k=4}), one of its '/'-separated parts. */
    private static final Pattern K = Pattern.compile("k=(\\d+)");

    public static SavedRun read(Path resultsJson) throws IOException {
        JsonObject root = JsonParser.parseString(Files.readString(resultsJson, StandardCharsets.UTF_8)).getAsJsonObject();
        Map<String, Double> ceilings = new LinkedHashMap<>();
        root.getAsJsonObject("copy_bandwidth_gb_per_s").entrySet()
                .forEach(e -> ceilings.put(e.getKey(), e.getValue().getAsDouble()));
        Map<String, Double> sharedCeilings = new LinkedHashMap<>();
        if (root.has(JsonReport.SHARED_BANDWIDTH)) {
            root.getAsJsonObject(JsonReport.SHARED_BANDWIDTH).entrySet()
                    .forEach(e -> sharedCeilings.put(e.getKey(), e.getValue().getAsDouble()));
        }
        List<OverheadRow> overheads = new ArrayList<>();
        for (JsonElement element : root.getAsJsonArray("overheads")) {
            JsonObject item = element.getAsJsonObject();
            overheads.add(new OverheadRow(text(item, "what"), number(item, "us"), text(item, "how")));
        }
        List<ResultRow> rows = new ArrayList<>();
        for (JsonElement element : root.getAsJsonArray("rows")) {
            rows.add(row(element.getAsJsonObject()));
        }
        return new SavedRun(root.getAsJsonObject("run"), ceilings, sharedCeilings, overheads, rows);
    }

    private static ResultRow row(JsonObject item) {
        RowVariant variant = variant(text(item, "variant"));
        return new ResultRow(text(item, "mode"), text(item, "kernels"), variant.label(), variant.name(), variant.k(),
                text(item, "note"), text(item, "block_rule"),
                item.get("n").getAsInt(), item.get("iterations").getAsInt(), item.get("repeats").getAsInt(),
                item.get("blocks").getAsInt(), item.get("threads").getAsInt(), number(item, "us_per_iter_median"),
                number(item, "us_per_iter_min"), number(item, "us_per_iter_max"), number(item, "points_per_s"),
                number(item, "gb_per_s"), number(item, "copy_gb_per_s"),
                new Roofline(text(item, "roofline_limit"), number(item, "roofline_bytes_per_iter"),
                        number(item, "roofline_limit_gb_per_s")),
                number(item, "max_diff"),
                number(item, "max_error"), text(item, "init"),
                new Sensitivity(whole(item, "verify_k"), number(item, "sensitivity_iteration"), number(item, "sensitivity_red"),
                        number(item, "sensitivity_black")),
                whole(item, "repeats_equal"), text(item, "status"));
    }

    /**
     * The variant's name and k, parsed from its label: a row of results.json holds the label alone (the run's settings
     * hold the options asked for, {@code auto} or several values, not what each row ran), so they are parsed here, where
     * the text comes in, and nowhere else. A label is the mode's option values joined by '/', the variant's name first
     * and k as {@code k=<k>} ({@code temporal/k=4}, {@code neighbour/busy}, {@code k=2}, {@code auto/k=auto}); runs
     * from before k wrote the name alone ({@code cg}) or nothing.
     */
    static RowVariant variant(String label) {
        List<String> parts = List.of(label.split("/", -1));
        String name = parts.getFirst().startsWith("k=") ? "" : parts.getFirst();
        int k = parts.stream().map(K::matcher).filter(Matcher::matches).findFirst().map(m -> Integer.parseInt(m.group(1)))
                .orElse(0);
        return new RowVariant(label, name, k);
    }

    private static String text(JsonObject item, String key) {
        JsonElement value = item.get(key);
        return value == null || value.isJsonNull() ? "" : value.getAsString();
    }

    /** A whole number, 0 where the writer had none (a run from before the field existed). */
    private static int whole(JsonObject item, String key) {
        JsonElement value = item.get(key);
        return value == null || value.isJsonNull() ? 0 : value.getAsInt();
    }

    /** A number, NaN where the writer had none (null; files from before wrote the bare token NaN, which Gson reads). */
    private static double number(JsonObject item, String key) {
        JsonElement value = item.get(key);
        return value == null || value.isJsonNull() ? Double.NaN : value.getAsDouble();
    }
}
