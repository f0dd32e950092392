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

/**
 * A run read back from its {@code results.json}: what {@link JsonReport} wrote.
 *
 * @param run the run's description (version, machine, settings) as written
 * @param ceilings copy bandwidths by device, GB/s
 * @param overheads the overhead breakdown
 * @param rows every row
 */
public record SavedRun(JsonObject run, Map<String, Double> ceilings, List<OverheadRow> overheads, List<ResultRow> rows) {

    public static SavedRun read(Path resultsJson) throws IOException {
        JsonObject root = JsonParser.parseString(Files.readString(resultsJson, StandardCharsets.UTF_8)).getAsJsonObject();
        Map<String, Double> ceilings = new LinkedHashMap<>();
        root.getAsJsonObject("copy_bandwidth_gb_per_s").entrySet()
                .forEach(e -> ceilings.put(e.getKey(), e.getValue().getAsDouble()));
        List<OverheadRow> overheads = new ArrayList<>();
        for (JsonElement element : root.getAsJsonArray("overheads")) {
            JsonObject item = element.getAsJsonObject();
            overheads.add(new OverheadRow(text(item, "what"), number(item, "us"), text(item, "how")));
        }
        List<ResultRow> rows = new ArrayList<>();
        for (JsonElement element : root.getAsJsonArray("rows")) {
            rows.add(row(element.getAsJsonObject()));
        }
        return new SavedRun(root.getAsJsonObject("run"), ceilings, overheads, rows);
    }

    private static ResultRow row(JsonObject item) {
        return new ResultRow(text(item, "mode"), text(item, "kernels"), text(item, "variant"), text(item, "note"),
                text(item, "block_rule"),
                item.get("n").getAsInt(), item.get("iterations").getAsInt(), item.get("repeats").getAsInt(),
                item.get("blocks").getAsInt(), item.get("threads").getAsInt(), number(item, "us_per_iter_median"),
                number(item, "us_per_iter_min"), number(item, "us_per_iter_max"), number(item, "points_per_s"),
                number(item, "gb_per_s"), number(item, "copy_gb_per_s"), number(item, "max_diff"),
                number(item, "max_error"), text(item, "init"),
                new Sensitivity(whole(item, "verify_k"), number(item, "sensitivity_iteration"), number(item, "sensitivity_red"),
                        number(item, "sensitivity_black")),
                whole(item, "repeats_equal"), text(item, "status"));
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
