package org.holdfast.bench.report;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;

/**
 * {@code results.json}: the run's settings, machine, ceilings and every row, for tools. A number a
 * row does not have (the time of a failed row, a sensitivity that does not exist) is {@code null},
 * as strict JSON parsers expect, where results.csv leaves the cell empty.
 */
public final class JsonReport {

    public static final String FILE = "results.json";
    /** The run measured every row it was asked for. */
    public static final String FINISHED = "finished";
    /** The run was stopped (Ctrl-C, SIGTERM) and holds the rows measured until then. */
    public static final String INTERRUPTED = "interrupted";
    /** The key of the shared-memory bandwidths by device, beside {@code copy_bandwidth_gb_per_s}. */
    static final String SHARED_BANDWIDTH = "shared_memory_bandwidth_gb_per_s";

    private JsonReport() {
    }

    /**
     * Writes the report atomically (a temporary file, then a move).
     *
     * @param run what the run was: version, command line, experiment settings, machine
     * @param status {@value #FINISHED} or {@value #INTERRUPTED}
     * @param ceilings measured copy bandwidths by device, GB/s
     * @param sharedCeilings measured shared-memory bandwidths by device (the GPU's, or none), GB/s
     * @param overheads the overhead breakdown, possibly empty
     * @param skipped the modes that did not run, and why
     */
    public static void write(Path folder, Map<String, Object> run, String status, Map<String, Double> ceilings,
            Map<String, Double> sharedCeilings, List<OverheadRow> overheads, List<ResultRow> rows, List<SkippedMode> skipped) throws IOException {
        Gson gson = new GsonBuilder().setPrettyPrinting().serializeNulls().serializeSpecialFloatingPointValues().disableHtmlEscaping()
                .create();
        JsonObject root = new JsonObject();
        root.addProperty("status", status);
        root.add("run", gson.toJsonTree(run));
        JsonObject ceilingObject = new JsonObject();
        ceilings.forEach((device, gbPerSecond) -> number(ceilingObject, device, gbPerSecond));
        root.add("copy_bandwidth_gb_per_s", ceilingObject);
        JsonObject sharedObject = new JsonObject();
        sharedCeilings.forEach((device, gbPerSecond) -> number(sharedObject, device, gbPerSecond));
        root.add(SHARED_BANDWIDTH, sharedObject);
        JsonArray overheadArray = new JsonArray();
        for (OverheadRow overhead : overheads) {
            JsonObject item = new JsonObject();
            item.addProperty("what", overhead.what());
            number(item, "us", overhead.micros());
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
            number(item, "us_per_iter_median", row.medianMicros());
            number(item, "us_per_iter_min", row.minMicros());
            number(item, "us_per_iter_max", row.maxMicros());
            number(item, "spread_pct", row.spreadPercent());
            item.addProperty("spread_wide", row.wideSpread());
            number(item, "points_per_s", row.pointsPerSecond());
            number(item, "gb_per_s", row.gbPerSecond());
            number(item, "copy_gb_per_s", row.copyGbPerSecond());
            number(item, "copy_fraction", row.copyFraction());
            item.addProperty("roofline_limit", row.roofline().limit());
            number(item, "roofline_bytes_per_iter", row.roofline().bytesPerIteration());
            number(item, "roofline_gb_per_s", row.movedGbPerSecond());
            number(item, "roofline_limit_gb_per_s", row.roofline().limitGbPerSecond());
            number(item, "roofline_fraction", row.rooflineFraction());
            number(item, "max_diff", row.maxDiff());
            number(item, "max_error", row.maxError());
            item.addProperty("init", row.init());
            item.addProperty("verify_k", row.verification().k());
            number(item, "sensitivity_iteration", row.verification().oneIterationFewer());
            number(item, "sensitivity_red", row.verification().redSkipped());
            number(item, "sensitivity_black", row.verification().blackSkipped());
            item.addProperty("repeats_equal", row.equalRepeats());
            item.addProperty("status", row.status());
            rowArray.add(item);
        }
        root.add("rows", rowArray);
        root.add("skipped", gson.toJsonTree(skipped));
        Path target = folder.resolve(FILE);
        Path temporary = folder.resolve(FILE + ".tmp");
        Files.writeString(temporary, gson.toJson(root) + "\n", StandardCharsets.UTF_8);
        Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** {@code value} under {@code key}, or null where it is not a number (NaN, which JSON does not have). */
    private static void number(JsonObject object, String key, double value) {
        object.add(key, Double.isFinite(value) ? new JsonPrimitive(value) : JsonNull.INSTANCE);
    }
}
