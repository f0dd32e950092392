package org.holdfast.tornado.compiler.testing;

import java.lang.reflect.Method;

/**
 * One differential run: the Java kernel on the CPU and its generated CUDA C (through
 * {@link HostKernels}) on copies of the same arguments, then every array compared in full.
 */
public final class Differential {

    private Differential() {
    }

    /**
     * Runs {@code owner.kernel} both ways on {@code groups} blocks of {@code local} threads and asserts
     * that every array argument ends up the same (floating point within {@code ulps}; 0 is bit-exact).
     */
    public static void assertSameResults(Class<?> owner, HostKernels host, String kernel, int[] groups, int[] local, int ulps,
            Object... args) {
        Method method = JavaKernels.kernel(owner, kernel);
        Object[] javaArgs = copy(args);
        Object[] hostArgs = copy(args);
        JavaKernels.run(owner, method.getName(), groups, local, javaArgs);
        host.launch(kernel, groups, local, hostArgs);
        for (int i = 0; i < args.length; i++) {
            if (args[i] != null && args[i].getClass().isArray()) {
                ArrayAssert.assertSameArray(kernel + ", argument " + i + " (" + method.getParameters()[i].getName() + ")",
                        javaArgs[i], hostArgs[i], ulps);
            }
        }
    }

    /** The arguments with every array copied. */
    public static Object[] copy(Object[] args) {
        Object[] copy = args.clone();
        for (int i = 0; i < copy.length; i++) {
            copy[i] = switch (copy[i]) {
                case double[] a -> a.clone();
                case float[] a -> a.clone();
                case int[] a -> a.clone();
                case long[] a -> a.clone();
                case null, default -> copy[i];
            };
        }
        return copy;
    }
}
