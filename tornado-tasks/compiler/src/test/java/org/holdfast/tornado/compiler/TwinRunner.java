package org.holdfast.tornado.compiler;

import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * Runs a kernel of a TornadoVM twin on the CPU against the stub API, the way a one-dimensional
 * grid would: one call per thread, in order, each with a context holding its indices. Java arrays
 * go in as the stub's off-heap arrays and their contents come back into the same Java arrays.
 * Kernels that wait at the block barrier cannot run this way.
 */
final class TwinRunner {

    private final Class<?> twin;

    TwinRunner(Class<?> twin) {
        this.twin = twin;
    }

    /** Runs {@code kernel} over {@code groups} groups of {@code local} threads; {@code args} as the Holdfast kernel takes them. */
    void run(String kernel, int groups, int local, Object... args) throws ReflectiveOperationException {
        Method method = Arrays.stream(twin.getMethods()).filter(m -> m.getName().equals(kernel)).findFirst()
                .orElseThrow(() -> new AssertionError(twin.getName() + " has no kernel " + kernel));
        Class<?>[] types = method.getParameterTypes();
        Object[] twinArgs = new Object[args.length];
        int contextAt = -1;
        for (int i = 0; i < args.length; i++) {
            if (types[i].getSimpleName().equals("KernelContext")) {
                contextAt = i;
            } else if (args[i] != null && args[i].getClass().isArray()) {
                twinArgs[i] = types[i].getMethod("fromArray", args[i].getClass()).invoke(null, args[i]);
            } else {
                twinArgs[i] = args[i];
            }
        }
        for (int group = 0; group < groups; group++) {
            for (int thread = 0; thread < local; thread++) {
                if (contextAt >= 0) {
                    twinArgs[contextAt] = context(types[contextAt], group, local, thread, groups * local);
                }
                try {
                    method.invoke(null, twinArgs);
                } catch (InvocationTargetException e) {
                    throw new AssertionError(kernel + " threw on thread " + (group * local + thread), e.getCause());
                }
            }
        }
        for (int i = 0; i < args.length; i++) {
            if (args[i] != null && args[i].getClass().isArray()) {
                Object back = types[i].getMethod("toHeapArray").invoke(twinArgs[i]);
                System.arraycopy(back, 0, args[i], 0, Array.getLength(back));
            }
        }
    }

    private static Object context(Class<?> type, int group, int local, int thread, int global) throws ReflectiveOperationException {
        Object context = type.getConstructor().newInstance();
        set(context, "globalIdx", group * local + thread);
        set(context, "localIdx", thread);
        set(context, "groupIdx", group);
        set(context, "globalGroupSizeX", global);
        set(context, "localGroupSizeX", local);
        for (String one : new String[] {"globalGroupSizeY", "globalGroupSizeZ", "localGroupSizeY", "localGroupSizeZ"}) {
            set(context, one, 1);
        }
        return context;
    }

    private static void set(Object context, String field, int value) throws ReflectiveOperationException {
        context.getClass().getField(field).set(context, value);
    }
}
