package org.holdfast.tornado.api;

/** The array types kernels may take, with their element sizes. */
public enum ArrayKind {
    DOUBLE(Double.BYTES), FLOAT(Float.BYTES), INT(Integer.BYTES), LONG(Long.BYTES);

    private final int elementBytes;

    ArrayKind(int elementBytes) {
        this.elementBytes = elementBytes;
    }

    public int elementBytes() {
        return elementBytes;
    }

    public static boolean isKernelArray(Object value) {
        return value instanceof double[] || value instanceof float[] || value instanceof int[] || value instanceof long[];
    }

    public static ArrayKind of(Object array) {
        return switch (array) {
            case double[] a -> DOUBLE;
            case float[] a -> FLOAT;
            case int[] a -> INT;
            case long[] a -> LONG;
            case null, default -> throw new IllegalArgumentException("kernels take arrays of double, float, int or long, got "
                    + (array == null ? "null" : array.getClass().getSimpleName()));
        };
    }

    public int length(Object array) {
        return java.lang.reflect.Array.getLength(array);
    }

    public long bytes(Object array) {
        return (long) length(array) * elementBytes;
    }

    /** A copy of {@code array}. */
    public static Object copyOf(Object array) {
        return switch (array) {
            case double[] a -> a.clone();
            case float[] a -> a.clone();
            case int[] a -> a.clone();
            case long[] a -> a.clone();
            default -> throw new IllegalArgumentException("not a kernel array: " + array.getClass().getSimpleName());
        };
    }
}
