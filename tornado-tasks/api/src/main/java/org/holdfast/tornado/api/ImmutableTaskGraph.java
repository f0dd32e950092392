package org.holdfast.tornado.api;

import java.util.ArrayList;
import java.util.List;

/** A frozen {@link TaskGraph}: what an execution plan runs. */
public final class ImmutableTaskGraph {

    private final String name;
    private final List<TaskSpec> tasks;
    private final List<Transfer> toDevice;
    private final List<Transfer> toHost;

    ImmutableTaskGraph(String name, List<TaskSpec> tasks, List<Transfer> toDevice, List<Transfer> toHost) {
        this.name = name;
        this.tasks = List.copyOf(tasks);
        this.toDevice = List.copyOf(toDevice);
        this.toHost = List.copyOf(toHost);
    }

    public String name() {
        return name;
    }

    public List<TaskSpec> tasks() {
        return tasks;
    }

    /** Arrays copied to the device, in the order they were listed. */
    public List<Transfer> transfersToDevice() {
        return toDevice;
    }

    /** Arrays copied back to the host, in the order they were listed. */
    public List<Transfer> transfersToHost() {
        return toHost;
    }

    /** Every array the graph knows, each once, in first-listed order. */
    public List<Object> arrays() {
        List<Object> arrays = new ArrayList<>();
        for (Transfer transfer : toDevice) {
            addOnce(arrays, transfer.array());
        }
        for (Transfer transfer : toHost) {
            addOnce(arrays, transfer.array());
        }
        return arrays;
    }

    private static void addOnce(List<Object> arrays, Object array) {
        for (Object known : arrays) {
            if (known == array) {
                return;
            }
        }
        arrays.add(array);
    }
}
