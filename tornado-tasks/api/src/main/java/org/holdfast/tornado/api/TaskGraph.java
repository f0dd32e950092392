package org.holdfast.tornado.api;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.holdfast.tornado.api.TornadoFunctions.TornadoFunction;
import org.holdfast.tornado.api.TornadoFunctions.Task1;
import org.holdfast.tornado.api.TornadoFunctions.Task2;
import org.holdfast.tornado.api.TornadoFunctions.Task3;
import org.holdfast.tornado.api.TornadoFunctions.Task4;
import org.holdfast.tornado.api.TornadoFunctions.Task5;
import org.holdfast.tornado.api.TornadoFunctions.Task6;
import org.holdfast.tornado.api.TornadoFunctions.Task7;
import org.holdfast.tornado.api.TornadoFunctions.Task8;
import org.holdfast.tornado.api.TornadoFunctions.Task9;
import org.holdfast.tornado.api.TornadoFunctions.Task10;
import org.holdfast.tornado.api.TornadoFunctions.Task11;
import org.holdfast.tornado.api.TornadoFunctions.Task12;
import org.holdfast.tornado.api.TornadoFunctions.Task13;
import org.holdfast.tornado.api.TornadoFunctions.Task14;
import org.holdfast.tornado.api.TornadoFunctions.Task15;

/**
 * A named, ordered list of tasks over shared arrays, with the arrays' transfers, as in TornadoVM.
 *
 * <p>Build it, then take an {@link #snapshot() immutable snapshot} for a {@link TornadoExecutionPlan}.
 * Each task is a method reference to a {@link Kernel} and its arguments; tasks run in the order
 * they were added, and a task sees every write of the tasks before it.
 */
public final class TaskGraph {

    private final String name;
    private final List<TaskSpec> tasks = new ArrayList<>();
    private final List<Transfer> toDevice = new ArrayList<>();
    private final List<Transfer> toHost = new ArrayList<>();

    public TaskGraph(String name) {
        if (name == null || !name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("a task graph name is a Java identifier, got \"" + name + "\"");
        }
        this.name = name;
    }

    public String name() {
        return name;
    }

    /** Arrays the tasks read; copied to the device as {@code mode} says (a no-op on the CPU). */
    public TaskGraph transferToDevice(DataTransferMode mode, Object... arrays) {
        for (Object array : arrays) {
            put(toDevice, array, mode, "transferToDevice");
        }
        return this;
    }

    /** Arrays the host reads after {@code execute()}; copied back as {@code mode} says. */
    public TaskGraph transferToHost(DataTransferMode mode, Object... arrays) {
        for (Object array : arrays) {
            put(toHost, array, mode, "transferToHost");
        }
        return this;
    }

    public <T1> TaskGraph task(String id, Task1<T1> code, T1 a1) {
        return addTask(id, code, a1);
    }

    public <T1, T2> TaskGraph task(String id, Task2<T1, T2> code, T1 a1, T2 a2) {
        return addTask(id, code, a1, a2);
    }

    public <T1, T2, T3> TaskGraph task(String id, Task3<T1, T2, T3> code, T1 a1, T2 a2, T3 a3) {
        return addTask(id, code, a1, a2, a3);
    }

    public <T1, T2, T3, T4> TaskGraph task(String id, Task4<T1, T2, T3, T4> code, T1 a1, T2 a2, T3 a3, T4 a4) {
        return addTask(id, code, a1, a2, a3, a4);
    }

    public <T1, T2, T3, T4, T5> TaskGraph task(String id, Task5<T1, T2, T3, T4, T5> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5) {
        return addTask(id, code, a1, a2, a3, a4, a5);
    }

    public <T1, T2, T3, T4, T5, T6> TaskGraph task(String id, Task6<T1, T2, T3, T4, T5, T6> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6) {
        return addTask(id, code, a1, a2, a3, a4, a5, a6);
    }

    public <T1, T2, T3, T4, T5, T6, T7> TaskGraph task(String id, Task7<T1, T2, T3, T4, T5, T6, T7> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7) {
        return addTask(id, code, a1, a2, a3, a4, a5, a6, a7);
    }

    public <T1, T2, T3, T4, T5, T6, T7, T8> TaskGraph task(String id, Task8<T1, T2, T3, T4, T5, T6, T7, T8> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8) {
        return addTask(id, code, a1, a2, a3, a4, a5, a6, a7, a8);
    }

    public <T1, T2, T3, T4, T5, T6, T7, T8, T9> TaskGraph task(String id, Task9<T1, T2, T3, T4, T5, T6, T7, T8, T9> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9) {
        return addTask(id, code, a1, a2, a3, a4, a5, a6, a7, a8, a9);
    }

    public <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10> TaskGraph task(String id, Task10<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9, T10 a10) {
        return addTask(id, code, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10);
    }

    public <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11> TaskGraph task(String id, Task11<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9, T10 a10, T11 a11) {
        return addTask(id, code, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11);
    }

    public <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12> TaskGraph task(String id, Task12<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9, T10 a10, T11 a11, T12 a12) {
        return addTask(id, code, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12);
    }

    public <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13> TaskGraph task(String id, Task13<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9, T10 a10, T11 a11, T12 a12, T13 a13) {
        return addTask(id, code, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13);
    }

    public <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14> TaskGraph task(String id, Task14<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9, T10 a10, T11 a11, T12 a12, T13 a13, T14 a14) {
        return addTask(id, code, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14);
    }

    public <T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15> TaskGraph task(String id, Task15<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15> code, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9, T10 a10, T11 a11, T12 a12, T13 a13, T14 a14, T15 a15) {
        return addTask(id, code, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15);
    }

    /**
     * A task running {@code kernel}, a {@code public static} {@link Kernel} method known by reflection
     * (a user's class loaded at run time, say), with {@code args} in order; the same as a method
     * reference to it. On the CPU it is invoked through a method handle.
     *
     * @throws IllegalArgumentException when the method is not a public static {@code @Kernel} of 1 to 10
     *     parameters, or {@code args} do not match them in number
     */
    public TaskGraph task(String id, Method kernel, Object... args) {
        return addTask(id, ReflectiveKernel.of(kernel, args.length), args);
    }

    private TaskGraph addTask(String id, TornadoFunction code, Object... args) {
        if (id == null || !id.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("a task name is a Java identifier, got \"" + id + "\"");
        }
        for (TaskSpec task : tasks) {
            if (task.id().equals(id)) {
                throw new IllegalArgumentException("task graph " + name + " already has a task named " + id);
            }
        }
        Method method = code instanceof ReflectiveKernel reflective ? reflective.method() : TaskMethods.resolve(code);
        if (!method.isAnnotationPresent(Kernel.class)) {
            throw new IllegalArgumentException("task " + name + "." + id + ": " + method.getDeclaringClass().getSimpleName()
                    + "." + method.getName() + " is not annotated @Kernel");
        }
        for (int i = 0; i < args.length; i++) {
            if (args[i] == null) {
                throw new IllegalArgumentException("task " + name + "." + id + ": argument " + (i + 1) + " is null");
            }
            for (int j = 0; j < i; j++) {
                if (args[j] == args[i] && args[i].getClass().isArray()) {
                    throw new IllegalArgumentException("task " + name + "." + id + ": arguments " + (j + 1) + " and " + (i + 1)
                            + " are the same array: array parameters are __restrict__ on the GPU, so one kernel must"
                            + " not get an array twice");
                }
            }
        }
        tasks.add(new TaskSpec(name, id, code, method, List.of(args)));
        return this;
    }

    /** Adds or replaces the transfer of {@code array} (by identity). */
    private static void put(List<Transfer> transfers, Object array, DataTransferMode mode, String where) {
        if (!ArrayKind.isKernelArray(array)) {
            throw new IllegalArgumentException(where + " takes arrays of double, float, int or long, got "
                    + (array == null ? "null" : array.getClass().getSimpleName()));
        }
        transfers.removeIf(t -> t.array() == array);
        transfers.add(new Transfer(array, mode));
    }

    private boolean transfersToDevice(Object array) {
        return toDevice.stream().anyMatch(t -> t.array() == array);
    }

    /** An immutable copy of this graph; later changes to the graph do not affect it. */
    public ImmutableTaskGraph snapshot() {
        if (tasks.isEmpty()) {
            throw new IllegalStateException("task graph " + name + " has no tasks");
        }
        for (TaskSpec task : tasks) {
            for (int i = 0; i < task.args().size(); i++) {
                Object arg = task.args().get(i);
                if (arg.getClass().isArray() && !transfersToDevice(arg)) {
                    throw new IllegalStateException("task " + task.key() + ": argument " + (i + 1) + " ("
                            + arg.getClass().getSimpleName() + ") is not listed in transferToDevice");
                }
            }
        }
        return new ImmutableTaskGraph(name, tasks, toDevice, toHost);
    }
}
