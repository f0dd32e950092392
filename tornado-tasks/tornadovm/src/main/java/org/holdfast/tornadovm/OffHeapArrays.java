package org.holdfast.tornadovm;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.holdfast.tornado.api.ArrayKind;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;
import uk.ac.manchester.tornado.api.types.arrays.LongArray;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

/**
 * TornadoVM's off-heap array for each Java array of a Holdfast graph, by identity, made once: the
 * twins take {@code DoubleArray} where the kernels take {@code double[]}. Values move between the two
 * on the host only, outside any timed region.
 */
final class OffHeapArrays {

    private final Map<Object, TornadoNativeArray> byHostArray = new LinkedHashMap<>();

    OffHeapArrays(List<Object> hostArrays) {
        for (Object host : hostArrays) {
            int length = ArrayKind.of(host).length(host);
            byHostArray.put(host, switch (ArrayKind.of(host)) {
                case DOUBLE -> new DoubleArray(length);
                case FLOAT -> new FloatArray(length);
                case INT -> new IntArray(length);
                case LONG -> new LongArray(length);
            });
        }
    }

    /** TornadoVM's array for {@code host}, a Java array of the graph. */
    TornadoNativeArray of(Object host) {
        TornadoNativeArray array = byHostArray.get(host);
        if (array == null) {
            throw new IllegalArgumentException("a " + host.getClass().getSimpleName() + " the task graph does not transfer");
        }
        return array;
    }

    /** Every TornadoVM array, in the order the graph lists the Java ones. */
    Object[] all() {
        return byHostArray.values().toArray();
    }

    /** Copies every Java array into its TornadoVM array. */
    void copyIn() {
        byHostArray.forEach((host, array) -> MemorySegment.copy(host, 0, array.getSegment(), layout(host), 0, ArrayKind.of(host).length(host)));
    }

    /** Copies {@code host}'s TornadoVM array back into it. */
    void copyOut(Object host) {
        MemorySegment.copy(of(host).getSegment(), layout(host), 0, host, 0, ArrayKind.of(host).length(host));
    }

    /** The TornadoVM array type a twin takes where its kernel takes {@code javaType}, or {@code javaType} itself. */
    static Class<?> twinType(Class<?> javaType) {
        if (javaType == double[].class) {
            return DoubleArray.class;
        } else if (javaType == float[].class) {
            return FloatArray.class;
        } else if (javaType == int[].class) {
            return IntArray.class;
        } else if (javaType == long[].class) {
            return LongArray.class;
        }
        return javaType;
    }

    private static ValueLayout layout(Object host) {
        return switch (ArrayKind.of(host)) {
            case DOUBLE -> ValueLayout.JAVA_DOUBLE_UNALIGNED;
            case FLOAT -> ValueLayout.JAVA_FLOAT_UNALIGNED;
            case INT -> ValueLayout.JAVA_INT_UNALIGNED;
            case LONG -> ValueLayout.JAVA_LONG_UNALIGNED;
        };
    }
}
