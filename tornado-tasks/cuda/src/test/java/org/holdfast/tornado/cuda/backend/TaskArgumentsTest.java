package org.holdfast.tornado.cuda.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.ValueLayout;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.TaskGraph;
import org.holdfast.tornado.api.TaskSpec;
import org.holdfast.tornado.cuda.KernelArguments;
import org.junit.jupiter.api.Test;

/** Tasks' arguments as the generated CUDA signatures take them, with made-up device pointers. */
class TaskArgumentsTest {

    private final KernelContext context = new KernelContext();
    private final double[] u = new double[16];
    private final double[] f = new double[16];
    private final Map<Object, Long> pointers = new IdentityHashMap<>(Map.of(u, 0x7000_0000_1000L, f, 0x7000_0000_2000L));

    private List<TaskSpec> tasks(TaskGraph graph) {
        return graph.snapshot().tasks();
    }

    @Test
    void theContextIsDroppedAndArraysBecomeTheirDevicePointers() {
        TaskSpec red = tasks(new TaskGraph("g").transferToDevice(DataTransferMode.FIRST_EXECUTION, u, f)
                .task("red", TestKernels::halfSweep, context, u, f, 4, 0.125, 0)).getFirst();
        try (KernelArguments arguments = TaskArguments.marshal(red, pointers::get)) {
            assertEquals(5, arguments.count());
            assertEquals(0x7000_0000_1000L, arguments.slot(0).get(ValueLayout.JAVA_LONG, 0));
            assertEquals(0x7000_0000_2000L, arguments.slot(1).get(ValueLayout.JAVA_LONG, 0));
            assertEquals(4, arguments.slot(2).get(ValueLayout.JAVA_INT, 0));
            assertEquals(0.125, arguments.slot(3).get(ValueLayout.JAVA_DOUBLE, 0));
            assertEquals(0, arguments.slot(4).get(ValueLayout.JAVA_INT, 0));
        }
    }

    @Test
    void everyScalarTakesItsCSize() {
        long[] out = new long[4];
        int[] in = new int[4];
        float[] y = new float[4];
        float[] x = new float[4];
        pointers.put(out, 1L);
        pointers.put(in, 2L);
        pointers.put(y, 3L);
        pointers.put(x, 4L);
        List<TaskSpec> specs = tasks(new TaskGraph("g").transferToDevice(DataTransferMode.EVERY_EXECUTION, out, in, y, x)
                .task("widen", TestKernels::widen, context, out, in, -5L, true, 4)
                .task("axpy", TestKernels::axpy, context, y, x, 2.5f, 4)
                .task("store", TestKernels::store, out, 42L));
        try (KernelArguments widen = TaskArguments.marshal(specs.get(0), pointers::get);
                KernelArguments axpy = TaskArguments.marshal(specs.get(1), pointers::get);
                KernelArguments store = TaskArguments.marshal(specs.get(2), pointers::get)) {
            assertEquals(List.of(8L, 8L, 8L, 1L, 4L), sizes(widen));
            assertEquals(-5L, widen.slot(2).get(ValueLayout.JAVA_LONG, 0));
            assertEquals(1, widen.slot(3).get(ValueLayout.JAVA_BYTE, 0));
            assertEquals(List.of(8L, 8L, 4L, 4L), sizes(axpy));
            assertEquals(2.5f, axpy.slot(2).get(ValueLayout.JAVA_FLOAT, 0));
            assertEquals(List.of(8L, 8L), sizes(store));
            assertEquals(1L, store.slot(0).get(ValueLayout.JAVA_LONG, 0));
            assertEquals(42L, store.slot(1).get(ValueLayout.JAVA_LONG, 0));
        }
    }

    private static List<Long> sizes(KernelArguments arguments) {
        return java.util.stream.IntStream.range(0, arguments.count()).mapToObj(i -> arguments.slot(i).byteSize()).toList();
    }

    @Test
    void anArrayWithoutADeviceCopyIsRefusedByTheLookup() {
        TaskSpec red = tasks(new TaskGraph("g").transferToDevice(DataTransferMode.FIRST_EXECUTION, u, f)
                .task("red", TestKernels::halfSweep, context, u, f, 4, 0.125, 0)).getFirst();
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> TaskArguments.marshal(red, array -> {
            throw new IllegalArgumentException("no device copy");
        }));
        assertTrue(refused.getMessage().contains("no device copy"));
    }
}
