package org.holdfast.tornado.api;

import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import org.holdfast.tornado.api.TornadoFunctions.TornadoFunction;

/** Finds the static method behind a task's method reference. */
public final class TaskMethods {

    private TaskMethods() {
    }

    /**
     * The {@code public static} method that {@code function} refers to.
     *
     * @throws IllegalArgumentException when the function is a lambda or not a static method reference
     */
    public static Method resolve(TornadoFunction function) {
        SerializedLambda lambda = serialized(function);
        if (lambda.getImplMethodKind() != java.lang.invoke.MethodHandleInfo.REF_invokeStatic
                || lambda.getImplMethodName().startsWith("lambda$")) {
            throw new IllegalArgumentException("a task must be a method reference to a static @Kernel method"
                    + " (like MyKernels::add), not a lambda: " + lambda.getImplMethodName());
        }
        String className = lambda.getImplClass().replace('/', '.');
        try {
            Class<?> owner = Class.forName(className, false, function.getClass().getClassLoader());
            for (Method method : owner.getDeclaredMethods()) {
                if (method.getName().equals(lambda.getImplMethodName())
                        && descriptor(method).equals(lambda.getImplMethodSignature())
                        && Modifier.isStatic(method.getModifiers())) {
                    return method;
                }
            }
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("cannot load the class of a task: " + className, e);
        }
        throw new IllegalArgumentException("cannot find the task method " + className + "." + lambda.getImplMethodName());
    }

    private static SerializedLambda serialized(TornadoFunction function) {
        try {
            Method writeReplace = function.getClass().getDeclaredMethod("writeReplace");
            writeReplace.setAccessible(true);
            return (SerializedLambda) writeReplace.invoke(function);
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalArgumentException("a task must be a method reference (like MyKernels::add)", e);
        }
    }

    /** The JVM method descriptor of {@code method}, as {@link SerializedLambda} reports it. */
    static String descriptor(Method method) {
        StringBuilder out = new StringBuilder("(");
        for (Class<?> parameter : method.getParameterTypes()) {
            out.append(parameter.descriptorString());
        }
        return out.append(')').append(method.getReturnType().descriptorString()).toString();
    }
}
