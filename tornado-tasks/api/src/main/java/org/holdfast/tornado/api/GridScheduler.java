package org.holdfast.tornado.api;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** Assigns a {@link WorkerGrid} to tasks, keyed {@code "graphName.taskName"} as in TornadoVM. */
public final class GridScheduler {

    private final Map<String, WorkerGrid> grids = new LinkedHashMap<>();

    public GridScheduler() {
    }

    public GridScheduler(String taskKey, WorkerGrid grid) {
        addWorkerGrid(taskKey, grid);
    }

    public GridScheduler addWorkerGrid(String taskKey, WorkerGrid grid) {
        if (!taskKey.contains(".")) {
            throw new IllegalArgumentException("a task key is \"graphName.taskName\", got \"" + taskKey + "\"");
        }
        grids.put(taskKey, grid);
        return this;
    }

    public Optional<WorkerGrid> get(String taskKey) {
        return Optional.ofNullable(grids.get(taskKey));
    }

    public Map<String, WorkerGrid> asMap() {
        return Map.copyOf(grids);
    }
}
