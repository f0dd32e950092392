package org.holdfast.tornado.compiler.testing;

import java.lang.invoke.CallSite;
import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.holdfast.tornado.api.DataTransferMode;
import org.holdfast.tornado.api.GridScheduler;
import org.holdfast.tornado.api.Kernel;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.KernelMetadata;
import org.holdfast.tornado.api.PlanSettings;
import org.holdfast.tornado.api.TaskGraph;
import org.holdfast.tornado.api.TornadoExecutionPlan;
import org.holdfast.tornado.api.TornadoFunctions;
import org.holdfast.tornado.api.TornadoRuntime;
import org.holdfast.tornado.api.WorkerGrid;
import org.holdfast.tornado.api.WorkerGrid3D;

/**
 * Runs a Java kernel found by reflection on the sequential CPU backend, through the public API: a
 * one-task {@link TaskGraph} and a {@link TornadoExecutionPlan} on {@code TornadoRuntime.sequentialCpu()},
 * with a worker grid of the given groups and group size. So the reference is the backend itself: one
 * call per thread with a KernelContext of its own, and groups run as threads when the kernel's
 * generated metadata says it waits at the block barrier.
 *
 * <p>A task needs a method reference; for a kernel known only as a {@link Method}, an equivalent
 * serializable one is made with {@link LambdaMetafactory}. A kernel of a class loaded by another class
 * loader is called directly instead, one call per thread, as the backend does for kernels without barrier.
 */
public final class JavaKernels {

    private static final List<Class<?>> TASK_SHAPES = List.of(TornadoFunctions.Task1.class, TornadoFunctions.Task2.class,
            TornadoFunctions.Task3.class, TornadoFunctions.Task4.class, TornadoFunctions.Task5.class, TornadoFunctions.Task6.class,
            TornadoFunctions.Task7.class, TornadoFunctions.Task8.class, TornadoFunctions.Task9.class, TornadoFunctions.Task10.class,
            TornadoFunctions.Task11.class, TornadoFunctions.Task12.class, TornadoFunctions.Task13.class, TornadoFunctions.Task14.class,
            TornadoFunctions.Task15.class);

    private JavaKernels() {
    }

    /** The {@code @Kernel} method {@code name} of {@code owner}. */
    public static Method kernel(Class<?> owner, String name) {
        for (Method m : owner.getDeclaredMethods()) {
            if (m.getName().equals(name) && m.isAnnotationPresent(Kernel.class)) {
                return m;
            }
        }
        throw new IllegalArgumentException("no @Kernel " + name + " in " + owner.getName());
    }

    /**
     * How a test launches a kernel on the CPU backend.
     *
     * @param groups groups per dimension, or null for the backend's own grid (a persistent kernel without a worker grid)
     * @param local threads per group per dimension (ignored without groups)
     * @param dynamicSharedBytes the worker grid's dynamic shared memory per group
     * @param watchdog the plan's watchdog, bounding every wait of a persistent or cluster kernel
     */
    public record Launch(int[] groups, int[] local, int dynamicSharedBytes, Duration watchdog) {

        /** {@code groups} groups of {@code local} threads (x, y, z), no dynamic shared memory, the default watchdog. */
        public static Launch of(int[] groups, int[] local) {
            return new Launch(groups.clone(), local.clone(), 0, Duration.ofMillis((long) (PlanSettings.DEFAULT_WATCHDOG_SECONDS * 1000)));
        }

        /** A one-dimensional grid of {@code groups} groups of {@code threads}. */
        public static Launch of(int groups, int threads) {
            return of(new int[] {groups, 1, 1}, new int[] {threads, 1, 1});
        }

        /** No worker grid: the backend chooses the grid of a persistent kernel. */
        public static Launch backendsGrid() {
            return new Launch(null, null, 0, Duration.ofMillis((long) (PlanSettings.DEFAULT_WATCHDOG_SECONDS * 1000)));
        }

        public Launch withDynamicShared(int bytes) {
            return new Launch(groups, local, bytes, watchdog);
        }

        public Launch withWatchdog(Duration timeout) {
            return new Launch(groups, local, dynamicSharedBytes, timeout);
        }
    }

    /**
     * Runs {@code owner.name} on {@code groups} groups of {@code local} threads (x, y, z each); {@code args}
     * as for a direct call, with a KernelContext where the kernel takes one. Arrays are updated in place.
     */
    public static void run(Class<?> owner, String name, int[] groups, int[] local, Object... args) {
        run(owner, name, Launch.of(groups, local), args);
    }

    /** Runs {@code owner.name} as {@code launch} says; {@code args} as for a direct call. Arrays are updated in place. */
    public static void run(Class<?> owner, String name, Launch launch, Object... args) {
        Method kernel = kernel(owner, name);
        Object task = methodReference(kernel);
        if (task == null) {
            if (launch.groups() == null || launch.dynamicSharedBytes() > 0) {
                throw new IllegalArgumentException(kernel.getName() + ": a class not visible to " + JavaKernels.class.getName()
                        + " runs directly, with a worker grid and no dynamic shared memory");
            }
            runDirectly(kernel, launch.groups(), launch.local(), args);
            return;
        }
        TaskGraph graph = new TaskGraph("reference");
        List<Object> arrays = new ArrayList<>();
        for (Object arg : args) {
            if (arg != null && arg.getClass().isArray() && arrays.stream().noneMatch(a -> a == arg)) {
                arrays.add(arg);
            }
        }
        if (!arrays.isEmpty()) {
            graph.transferToDevice(DataTransferMode.FIRST_EXECUTION, arrays.toArray());
        }
        addTask(graph, kernel, task, args);
        GridScheduler scheduler = new GridScheduler();
        if (launch.groups() != null) {
            int[] groups = launch.groups();
            int[] local = launch.local();
            WorkerGrid grid = new WorkerGrid3D((long) groups[0] * local[0], (long) groups[1] * local[1], (long) groups[2] * local[2])
                    .setLocalWork(local[0], local[1], local[2]).setDynamicSharedBytes(launch.dynamicSharedBytes());
            scheduler.addWorkerGrid("reference.kernel", grid);
        }
        try (TornadoExecutionPlan plan = new TornadoExecutionPlan(graph.snapshot())) {
            plan.withDevice(TornadoRuntime.sequentialCpu()).withGridScheduler(scheduler).withWatchdog(launch.watchdog()).execute();
        }
    }

    private static void addTask(TaskGraph graph, Method kernel, Object task, Object[] args) {
        int arity = kernel.getParameterCount();
        if (arity < 1 || arity > TASK_SHAPES.size() || args.length != arity) {
            throw new IllegalArgumentException(kernel.getName() + " takes " + arity + " parameters, got " + args.length
                    + " arguments (tasks take 1 to " + TASK_SHAPES.size() + ")");
        }
        Class<?>[] taskParameters = new Class<?>[arity + 2];
        taskParameters[0] = String.class;
        taskParameters[1] = TASK_SHAPES.get(arity - 1);
        Arrays.fill(taskParameters, 2, taskParameters.length, Object.class);
        Object[] taskArguments = new Object[arity + 2];
        taskArguments[0] = "kernel";
        taskArguments[1] = task;
        System.arraycopy(args, 0, taskArguments, 2, arity);
        try {
            TaskGraph.class.getMethod("task", taskParameters).invoke(graph, taskArguments);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot add " + kernel.getName() + " to a task graph", e);
        }
    }

    /**
     * A kernel of a class that this class's loader cannot see (compiled and loaded by a test itself)
     * cannot become a task: {@code TaskMethods} looks the class up from the method reference's loader.
     * Without a barrier, the CPU backend calls it once per thread with the thread's context; this does the same.
     */
    private static void runDirectly(Method kernel, int[] groups, int[] local, Object[] args) {
        boolean barrier = KernelMetadata.of(kernel.getDeclaringClass()).map(m -> m.usesBarrier(kernel)).orElse(false);
        if (barrier) {
            throw new IllegalArgumentException(kernel.getName() + " waits at the barrier and its class is not visible to "
                    + JavaKernels.class.getName() + ": put the class on the test class path");
        }
        int[] global = {groups[0] * local[0], groups[1] * local[1], groups[2] * local[2]};
        KernelContext context = new KernelContext();
        context.setSizes(global, local);
        Object[] call = args.clone();
        for (int i = 0; i < call.length; i++) {
            if (call[i] instanceof KernelContext) {
                call[i] = context;
            }
        }
        try {
            for (int z = 0; z < global[2]; z++) {
                for (int y = 0; y < global[1]; y++) {
                    for (int x = 0; x < global[0]; x++) {
                        context.setThread(x, y, z);
                        kernel.invoke(null, call);
                    }
                }
            }
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(kernel.getName() + " failed on the CPU", e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalArgumentException(kernel + " is not public", e);
        }
    }

    /**
     * The equivalent of {@code Owner::kernel} as the task shape of its arity (serializable, like a real
     * method reference), or null when the kernel's class is in another class loader.
     */
    private static Object methodReference(Method kernel) {
        if (kernel.getDeclaringClass().getClassLoader() != JavaKernels.class.getClassLoader()) {
            return null;
        }
        if (!Modifier.isStatic(kernel.getModifiers()) || !Modifier.isPublic(kernel.getModifiers())) {
            throw new IllegalArgumentException(kernel + " is not public static");
        }
        Class<?> shape = TASK_SHAPES.get(kernel.getParameterCount() - 1);
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            MethodHandle implementation = lookup.unreflect(kernel);
            MethodType erased = MethodType.genericMethodType(kernel.getParameterCount()).changeReturnType(void.class);
            CallSite site = LambdaMetafactory.altMetafactory(lookup, "apply", MethodType.methodType(shape), erased, implementation,
                    implementation.type().wrap().changeReturnType(void.class), LambdaMetafactory.FLAG_SERIALIZABLE);
            return site.getTarget().invoke();
        } catch (Throwable e) {
            throw new IllegalStateException("cannot make a method reference to " + kernel, e);
        }
    }
}
