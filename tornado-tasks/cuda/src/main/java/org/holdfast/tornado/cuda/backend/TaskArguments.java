package org.holdfast.tornado.cuda.backend;

import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.util.List;
import java.util.function.ToLongFunction;
import org.holdfast.tornado.api.KernelContext;
import org.holdfast.tornado.api.KernelMetadata;
import org.holdfast.tornado.api.TaskSpec;
import org.holdfast.tornado.cuda.KernelArguments;

/**
 * A task's arguments in the order of its generated CUDA signature: the Java parameters with the
 * {@link KernelContext} and any {@code @Specialize}d ones dropped (their values chose the kernel's
 * instance); arrays become device pointers, {@code int} 32 bits, {@code long} 64, {@code float},
 * {@code double}, and {@code boolean} a one-byte {@code bool}.
 */
final class TaskArguments {

    private TaskArguments() {
    }

    /**
     * Marshals {@code task}'s arguments, with each array replaced by its device copy's pointer.
     *
     * @throws IllegalArgumentException when an argument does not fit its parameter (the task graph
     *     has already refused the same array twice: array parameters are {@code __restrict__})
     */
    static KernelArguments marshal(TaskSpec task, ToLongFunction<Object> devicePointer) {
        return builder(task, devicePointer).build();
    }

    /**
     * The arguments of a persistent kernel: the task's, then the hidden ones the compiler adds, the
     * control block's device address and the watchdog's timeout in nanoseconds.
     */
    static KernelArguments marshalPersistent(TaskSpec task, ToLongFunction<Object> devicePointer, long controlBlock, long watchdogNanos) {
        return builder(task, devicePointer).pointer(controlBlock).int64(watchdogNanos).build();
    }

    private static KernelArguments.Builder builder(TaskSpec task, ToLongFunction<Object> devicePointer) {
        Method kernel = task.method();
        Class<?>[] types = kernel.getParameterTypes();
        List<Object> args = task.args();
        if (types.length != args.size()) {
            throw new IllegalArgumentException("task " + task.key() + ": " + kernel.getName() + " takes " + types.length
                    + " arguments, the task gives " + args.size());
        }
        List<Integer> specialized = KernelMetadata.of(kernel.getDeclaringClass()).map(m -> m.specializedParameters(kernel))
                .orElse(List.of());
        KernelArguments.Builder builder = KernelArguments.builder();
        for (int i = 0; i < types.length; i++) {
            Class<?> type = types[i];
            Object arg = args.get(i);
            if (arg == null) {
                throw new IllegalArgumentException("task " + task.key() + ": argument " + (i + 1) + " of "
                        + kernel.getName() + " is null");
            }
            Class<?> expected = type.isPrimitive() ? MethodType.methodType(type).wrap().returnType() : type;
            if (!expected.isInstance(arg)) {
                throw new IllegalArgumentException("task " + task.key() + ": argument " + (i + 1) + " of " + kernel.getName()
                        + " should be " + type.getSimpleName() + ", got " + arg.getClass().getSimpleName());
            }
            if (type == KernelContext.class || specialized.contains(i)) {
                continue;
            }
            if (type == double[].class || type == float[].class || type == int[].class || type == long[].class) {
                builder.pointer(devicePointer.applyAsLong(arg));
            } else if (type == int.class) {
                builder.int32((Integer) arg);
            } else if (type == long.class) {
                builder.int64((Long) arg);
            } else if (type == float.class) {
                builder.float32((Float) arg);
            } else if (type == double.class) {
                builder.float64((Double) arg);
            } else if (type == boolean.class) {
                builder.bool((Boolean) arg);
            } else {
                throw new IllegalArgumentException("task " + task.key() + ": parameter " + (i + 1) + " of " + kernel.getName()
                        + " is a " + type.getSimpleName() + "; CUDA kernels take arrays of double, float, int and long,"
                        + " and int, long, float, double and boolean values");
            }
        }
        return builder;
    }
}
