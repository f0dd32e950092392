package org.holdfast.tornado.api;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import org.holdfast.tornado.api.TornadoFunctions.TornadoFunction;

/**
 * A task's kernel given as a {@link Method} rather than a method reference: it invokes the method
 * through a method handle with the arguments spread. Never serialized (backends read its method
 * directly), so the handle is transient.
 */
final class ReflectiveKernel implements TornadoFunction {

    private static final long serialVersionUID = 1L;
    /** The most parameters a task's kernel may have, as for method references ({@code Task10}). */
    static final int MAX_PARAMETERS = 10;

    private final transient Method method;
    private final transient MethodHandle handle;

    private ReflectiveKernel(Method method, MethodHandle handle) {
        this.method = method;
        this.handle = handle;
    }

    /** {@code method} as a task function for {@code arguments} arguments, checked. */
    static ReflectiveKernel of(Method method, int arguments) {
        String name = method.getDeclaringClass().getName() + "." + method.getName();
        if (!Modifier.isStatic(method.getModifiers()) || !Modifier.isPublic(method.getModifiers())) {
            throw new IllegalArgumentException("a task's kernel is a public static method; " + name + " is not");
        }
        int parameters = method.getParameterCount();
        if (parameters < 1 || parameters > MAX_PARAMETERS) {
            throw new IllegalArgumentException("a task's kernel takes 1 to " + MAX_PARAMETERS + " parameters; " + name + " takes "
                    + parameters);
        }
        if (arguments != parameters) {
            throw new IllegalArgumentException(name + " takes " + parameters + " parameters, got " + arguments + " arguments");
        }
        try {
            MethodHandle handle = MethodHandles.publicLookup().unreflect(method).asSpreader(Object[].class, parameters)
                    .asType(MethodType.methodType(void.class, Object[].class));
            return new ReflectiveKernel(method, handle);
        } catch (IllegalAccessException e) {
            throw new IllegalArgumentException(name + " cannot be called from here: " + e.getMessage(), e);
        }
    }

    Method method() {
        return method;
    }

    @Override
    public void invoke(Object[] args) {
        try {
            handle.invokeExact(args);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(method.getName() + " threw " + e, e);
        }
    }
}
