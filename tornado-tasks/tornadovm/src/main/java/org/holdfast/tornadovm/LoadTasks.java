package org.holdfast.tornadovm;

import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;
import uk.ac.manchester.tornado.api.types.arrays.LongArray;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

/**
 * The tasks of the graph that loads arrays onto the device: TornadoVM copies a graph's arrays in
 * only for its tasks, so each array gets one that reads its size and changes nothing (TornadoVM's
 * own tests use the same device to force a copy in: {@code TestSharedBuffers.testForcedCopyInData}).
 * The branch is never taken; it makes the array read-write for TornadoVM, as the kernels use it.
 */
final class LoadTasks {

    private LoadTasks() {
    }

    /** Adds one task per array to {@code graph}. */
    static TaskGraph touchAll(TaskGraph graph, Object[] arrays) {
        for (int i = 0; i < arrays.length; i++) {
            String id = "touch" + i;
            switch ((TornadoNativeArray) arrays[i]) {
                case DoubleArray a -> graph.task(id, LoadTasks::touch, a);
                case FloatArray a -> graph.task(id, LoadTasks::touch, a);
                case IntArray a -> graph.task(id, LoadTasks::touch, a);
                case LongArray a -> graph.task(id, LoadTasks::touch, a);
                default -> throw new IllegalArgumentException("no load task for " + arrays[i].getClass().getSimpleName());
            }
        }
        return graph;
    }

    public static void touch(DoubleArray a) {
        if (a.getSize() < 0) {
            a.set(0, a.get(0));
        }
    }

    public static void touch(FloatArray a) {
        if (a.getSize() < 0) {
            a.set(0, a.get(0));
        }
    }

    public static void touch(IntArray a) {
        if (a.getSize() < 0) {
            a.set(0, a.get(0));
        }
    }

    public static void touch(LongArray a) {
        if (a.getSize() < 0) {
            a.set(0, a.get(0));
        }
    }
}
