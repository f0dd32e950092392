package org.holdfast.tornadovm;

import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.TaskSpec;
import uk.ac.manchester.tornado.api.common.TaskPackage;

/**
 * Turns a Holdfast task into a TornadoVM task of the kernel's twin, the class the Holdfast kernel
 * compiler writes beside the kernel class ({@code p.C} has {@code p.CTornadoVM}; a nested
 * {@code p.Outer.Inner} has {@code p.Outer_InnerTornadoVM}): the same method, with TornadoVM's
 * {@code KernelContext} and off-heap arrays.
 *
 * <p>TornadoVM finds the method to compile from the task's functional object: it reads the
 * {@code invokestatic} in the object's {@code apply}. The object made here with
 * {@link LambdaMetafactory} is what javac makes of a method reference such as
 * {@code RedBlackKernelsTornadoVM::red}, so TornadoVM finds the twin method as it would in user code.
 */
final class TwinTasks {

    /** The twin of a kernel class that has none: why, from the kernel compiler, or how to get one. */
    static final class NoTwinException extends UnsupportedOperationException {

        private static final long serialVersionUID = 1L;

        NoTwinException(String message) {
            super(message);
        }
    }

    /** The twin class's suffix and where the kernel compiler leaves twins and the reasons for their absence. */
    static final String SUFFIX = "TornadoVM";
    static final String RESOURCE_FOLDER = "META-INF/holdfast/tornadovm/";
    static final String UNSUPPORTED_SUFFIX = ".unsupported";

    private static final String TASK_INTERFACE = "uk.ac.manchester.tornado.api.common.TornadoFunctions$Task";

    private TwinTasks() {
    }

    /**
     * TornadoVM's task for {@code task}, with each argument as {@code argument} maps it (a Java array to
     * its off-heap twin, Holdfast's KernelContext to TornadoVM's).
     */
    static TaskPackage of(TaskSpec task, UnaryOperator<Object> argument) {
        Method twin = twinMethod(task.method());
        int arity = twin.getParameterCount();
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            MethodHandle target = lookup.unreflect(twin);
            Class<?> taskInterface = Class.forName(TASK_INTERFACE + arity, true, TaskPackage.class.getClassLoader());
            Object code = LambdaMetafactory.metafactory(lookup, "apply", MethodType.methodType(taskInterface),
                    MethodType.genericMethodType(arity).changeReturnType(void.class), target,
                    target.type().wrap().changeReturnType(void.class)).getTarget().invoke();
            List<Class<?>> parameters = new ArrayList<>(List.of(String.class, taskInterface));
            List<Object> values = new ArrayList<>(List.of(task.id(), code));
            for (Object value : task.args()) {
                parameters.add(Object.class);
                values.add(argument.apply(value));
            }
            Constructor<TaskPackage> constructor = TaskPackage.class.getConstructor(parameters.toArray(Class<?>[]::new));
            return constructor.newInstance(values.toArray());
        } catch (ClassNotFoundException | NoSuchMethodException e) {
            throw new UnsupportedOperationException("TornadoVM " + TornadoVmDevice.version() + " takes no task of " + arity
                    + " arguments (" + task.key() + ")", e);
        } catch (Throwable e) {
            throw new IllegalStateException("cannot make TornadoVM's task for " + task.key() + ": " + TornadoVmBackend.oneLine(e), e);
        }
    }

    /** The twin of {@code kernel}: the same name, TornadoVM's types. */
    static Method twinMethod(Method kernel) {
        Class<?> twin = twinClass(kernel.getDeclaringClass());
        Class<?>[] types = kernel.getParameterTypes();
        for (int i = 0; i < types.length; i++) {
            types[i] = types[i] == KernelContext.class ? uk.ac.manchester.tornado.api.KernelContext.class : OffHeapArrays.twinType(types[i]);
        }
        try {
            return twin.getMethod(kernel.getName(), types);
        } catch (NoSuchMethodException e) {
            throw new NoTwinException(twin.getName() + " has no public " + kernel.getName() + " for " + kernel
                    + ": rebuild it with the kernel class");
        }
    }

    /** The twin class of {@code kernels}, or why there is none. */
    static Class<?> twinClass(Class<?> kernels) {
        String name = twinName(kernels);
        try {
            return Class.forName(name, true, kernels.getClassLoader());
        } catch (ClassNotFoundException e) {
            URL reasons = kernels.getClassLoader().getResource(RESOURCE_FOLDER + name.replace('.', '/') + UNSUPPORTED_SUFFIX);
            if (reasons != null) {
                throw new NoTwinException("no TornadoVM twin of " + kernels.getName() + ": " + firstReason(reasons));
            }
            throw new NoTwinException("no TornadoVM twin of " + kernels.getName() + " on the class path: compile it with the Holdfast"
                    + " kernel compiler's -Aholdfast.tornadovm=source, TornadoVM's API on the class path (docs/tornadovm.md)");
        }
    }

    /** {@code p.CTornadoVM} for {@code p.C}, {@code p.Outer_InnerTornadoVM} for {@code p.Outer.Inner}. */
    static String twinName(Class<?> kernels) {
        List<String> names = new ArrayList<>();
        for (Class<?> c = kernels; c != null; c = c.getEnclosingClass()) {
            names.addFirst(c.getSimpleName());
        }
        String pkg = kernels.getPackageName();
        return (pkg.isEmpty() ? "" : pkg + ".") + String.join("_", names) + SUFFIX;
    }

    /** The first reason the kernel compiler gave, and how many more. */
    private static String firstReason(URL reasons) {
        try (var in = reasons.openStream()) {
            List<String> lines = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
            return lines.isEmpty() ? "the kernel compiler wrote none" : lines.get(0) + (lines.size() > 1 ? " (and " + (lines.size() - 1) + " more)" : "");
        } catch (java.io.IOException e) {
            return "the kernel compiler wrote none (" + reasons + " unreadable: " + e.getMessage() + ")";
        }
    }
}
