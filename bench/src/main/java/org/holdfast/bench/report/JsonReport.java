package org.holdfast.bench.report;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;

/** {@code results.json}: the run's settings, machine, ceilings and every row, for tools. */
public final class JsonReport {

    public static final String FILE = "results.json";
    /** The run measured every row it was asked for. */
    public static final String FINISHED = "finished";
    /** The run was stopped (Ctrl-C, SIGTERM) and holds the rows measured until then. */
    public static final String INTERRUPTED = "interrupted";

    private JsonReport() {
    }

    /**
     * Writes the report atomically (a temporary file, then a move).
     *
     * @param run what the run was: version, command line, experiment settings, machine
     * @param status {@value #FINISHED} or {@value #INTERRUPTED}
     * @param ceilings measured copy bandwidths by device, GB/s
     * @param overheads the overhead breakdown, possibly empty
     */
    public static void write(Path folder, Map<String, Object> run, String status, Map<String, Double> ceilings,
            List<OverheadRow> overheads, List<ResultRow> rows) throws IOException {
        Gson gson = new GsonBuilder().setPrettyPrinting().serializeSpecialFloatingPointValues().disableHtmlEscaping().create();
        JsonObject root = new JsonObject();
        root.addProperty("status", status);
        root.add("run", gson.toJsonTree(run));
        root.add("copy_bandwidth_gb_per_s", gson.toJsonTree(ceilings));
        JsonArray overheadArray = new JsonArray();
        for (OverheadRow overhead : overheads) {
            JsonObject item = new JsonObject();
            item.addProperty("what", overhead.what());
            item.addProperty("us", overhead.micros());
            item.addProperty("how", overhead.how());
            overheadArray.add(item);
        }
        root.add("overheads", overheadArray);
        JsonArray rowArray = new JsonArray();
        for (ResultRow row : rows) {
            JsonObject item = new JsonObject();
            item.addProperty("mode", row.mode());
            item.addProperty("kernels", row.kernels());
            item.addProperty("variant", row.variant());
            item.addProperty("note", row.note());
            item.addProperty("block_rule", row.rule());
            item.addProperty("n", row.n());
            item.addProperty("iterations", row.iterations());
            item.addProperty("repeats", row.repeats());
            item.addProperty("blocks", row.blocks());
            item.addProperty("threads", row.threads());
            item.addProperty("us_per_iter_median", row.medianMicros());
            item.addProperty("us_per_iter_min", row.minMicros());
            item.addProperty("us_per_iter_max", row.maxMicros());
            item.addProperty("spread_pct", row.spreadPercent());
            item.addProperty("points_per_s", row.pointsPerSecond());
            item.addProperty("gb_per_s", row.gbPerSecond());
            item.addProperty("copy_gb_per_s", row.copyGbPerSecond());
            item.addProperty("copy_fraction", row.copyFraction());
            item.addProperty("max_diff", row.maxDiff());
            item.addProperty("max_error", row.maxError());
            item.addProperty("init", row.init());
            item.addProperty("verify_k", row.verification().k());
            item.addProperty("sensitivity_iteration", row.verification().oneIterationFewer());
            item.addProperty("sensitivity_red", row.verification().redSkipped());
            item.addProperty("sensitivity_black", row.verification().blackSkipped());
            item.addProperty("repeats_equal", row.equalRepeats());
            item.addProperty("status", row.status());
            rowArray.add(item);
        }
        root.add("rows", rowArray);
        Path target = folder.resolve(FILE);
        Path temporary = folder.resolve(FILE + ".tmp");
        Files.writeString(temporary, gson.toJson(root) + "\n", StandardCharsets.UTF_8);
        Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
