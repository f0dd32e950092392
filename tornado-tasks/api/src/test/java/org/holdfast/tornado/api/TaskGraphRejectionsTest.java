package org.holdfast.tornado.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.holdfast.tornado.api.TornadoFunctions.Task2;
import org.junit.jupiter.api.Test;

/** What a task graph refuses, each with the message that says why. */
class TaskGraphRejectionsTest {

    private final double[] a = new double[8];
    private final double[] b = new double[8];

    @Test
    void aLambdaIsNotATask() {
        Task2<double[], Double> lambda = (values, factor) -> values[0] = factor;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TaskGraph("g").task("t", lambda, a, 2.0));
        assertTrue(e.getMessage().startsWith("a task must be a method reference to a static @Kernel method"
                + " (like MyKernels::add), not a lambda: lambda$"), e.getMessage());
    }

    @Test
    void aMethodWithoutKernelIsNotATask() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TaskGraph("g").task("t", TestKernels::notAKernel, a, 2.0));
        assertEquals("task g.t: TestKernels.notAKernel is not annotated @Kernel", e.getMessage());
    }

    @Test
    void twoTasksCannotShareAName() {
        TaskGraph graph = new TaskGraph("g").task("t", TestKernels::scale, a, 2.0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> graph.task("t", TestKernels::copy, a, b));
        assertEquals("task graph g already has a task named t", e.getMessage());
    }

    @Test
    void namesAreJavaIdentifiers() {
        assertEquals("a task graph name is a Java identifier, got \"my graph\"",
                assertThrows(IllegalArgumentException.class, () -> new TaskGraph("my graph")).getMessage());
        assertEquals("a task name is a Java identifier, got \"1st\"",
                assertThrows(IllegalArgumentException.class, () -> new TaskGraph("g").task("1st", TestKernels::scale, a, 2.0))
                        .getMessage());
    }

    @Test
    void anArrayUsedWithoutATransferIsRefusedAtTheSnapshot() {
        TaskGraph graph = new TaskGraph("g").transferToDevice(DataTransferMode.FIRST_EXECUTION, a)
                .task("t", TestKernels::copy, a, b);
        IllegalStateException e = assertThrows(IllegalStateException.class, graph::snapshot);
        assertEquals("task g.t: argument 2 (double[]) is not listed in transferToDevice", e.getMessage());
    }

    @Test
    void theSameArrayCannotBePassedTwiceToOneKernel() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TaskGraph("g").task("t", TestKernels::copy, a, a));
        assertEquals("task g.t: arguments 1 and 2 are the same array: array parameters are __restrict__ on the GPU,"
                + " so one kernel must not get an array twice", e.getMessage());
    }

    @Test
    void aNullArgumentIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TaskGraph("g").task("t", TestKernels::copy, a, null));
        assertEquals("task g.t: argument 2 is null", e.getMessage());
    }

    @Test
    void onlyKernelArraysAreTransferred() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TaskGraph("g").transferToDevice(DataTransferMode.EVERY_EXECUTION, (Object) new byte[4]));
        assertEquals("transferToDevice takes arrays of double, float, int or long, got byte[]", e.getMessage());
    }

    @Test
    void aGraphWithoutTasksHasNoSnapshot() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new TaskGraph("g").snapshot());
        assertEquals("task graph g has no tasks", e.getMessage());
    }
}
