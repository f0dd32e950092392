package org.holdfast.bench;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.holdfast.bench.report.JsonReport;

/** What a run's results.json says about the run: its status and the sizes of its rows. */
record SavedRunStatus(String status, List<Integer> sizes) {

    static SavedRunStatus read(Path folder) throws IOException {
        JsonObject root = JsonParser.parseString(Files.readString(folder.resolve(JsonReport.FILE))).getAsJsonObject();
        List<Integer> sizes = new ArrayList<>();
        for (JsonElement row : root.getAsJsonArray("rows")) {
            sizes.add(row.getAsJsonObject().get("n").getAsInt());
        }
        return new SavedRunStatus(root.get("status").getAsString(), sizes);
    }

    int rows() {
        return sizes.size();
    }
}
