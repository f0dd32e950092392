package org.holdfast.tornado.cuda.driver.raw;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;

/**
 * {@code CUlaunchConfig} of {@code cuda.h} with its {@code CUlaunchAttribute} array, in the style of
 * jextract: the layouts and accessors for the fields Holdfast sets (cooperative and cluster launches
 * through {@code cuLaunchKernelEx}). The attribute value is a 64-byte union; Holdfast writes its
 * {@code int cooperative} or its {@code clusterDim} (three unsigned ints) at its start.
 */
public final class CUlaunchConfig {

    /** {@code CUlaunchConfig}: grid, block, shared bytes, stream, attributes. */
    public static final StructLayout LAYOUT = MemoryLayout.structLayout(
            ValueLayout.JAVA_INT.withName("gridDimX"), ValueLayout.JAVA_INT.withName("gridDimY"), ValueLayout.JAVA_INT.withName("gridDimZ"),
            ValueLayout.JAVA_INT.withName("blockDimX"), ValueLayout.JAVA_INT.withName("blockDimY"), ValueLayout.JAVA_INT.withName("blockDimZ"),
            ValueLayout.JAVA_INT.withName("sharedMemBytes"), MemoryLayout.paddingLayout(4),
            ValueLayout.JAVA_LONG.withName("hStream"), ValueLayout.ADDRESS.withName("attrs"), ValueLayout.JAVA_INT.withName("numAttrs"),
            MemoryLayout.paddingLayout(4));

    /** {@code CUlaunchAttribute}: an id, padding, and the 64-byte {@code CUlaunchAttributeValue} union. */
    public static final StructLayout ATTRIBUTE = MemoryLayout.structLayout(ValueLayout.JAVA_INT.withName("id"), MemoryLayout.paddingLayout(4),
            MemoryLayout.sequenceLayout(64, ValueLayout.JAVA_BYTE).withName("value"));

    private static final long STREAM = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("hStream"));
    private static final long ATTRS = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("attrs"));
    private static final long NUM_ATTRS = LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("numAttrs"));
    private static final long VALUE = ATTRIBUTE.byteOffset(MemoryLayout.PathElement.groupElement("value"));

    private CUlaunchConfig() {
    }

    /**
     * A zeroed config of {@code grid} blocks of {@code block} threads (x, y, z) with {@code attributes}
     * zeroed attribute slots, allocated by {@code allocator}; returns the config, its attributes after it.
     */
    public static MemorySegment allocate(SegmentAllocator allocator, int[] grid, int[] block, int sharedBytes, int attributes) {
        MemorySegment config = allocator.allocate(LAYOUT.byteSize() + ATTRIBUTE.byteSize() * attributes, 8);
        config.fill((byte) 0);
        for (int d = 0; d < 3; d++) {
            config.setAtIndex(ValueLayout.JAVA_INT, d, grid[d]);
            config.setAtIndex(ValueLayout.JAVA_INT, 3 + d, block[d]);
        }
        config.setAtIndex(ValueLayout.JAVA_INT, 6, sharedBytes);
        config.set(ValueLayout.ADDRESS, ATTRS, config.asSlice(LAYOUT.byteSize()));
        config.set(ValueLayout.JAVA_INT, NUM_ATTRS, attributes);
        return config;
    }

    /** Sets the stream ({@code CUstream}) the launch goes to. */
    public static void stream(MemorySegment config, long stream) {
        config.set(ValueLayout.JAVA_LONG, STREAM, stream);
    }

    /** Sets attribute {@code index} to {@code CU_LAUNCH_ATTRIBUTE_COOPERATIVE} = 1. */
    public static void cooperative(MemorySegment config, int index) {
        long attribute = LAYOUT.byteSize() + ATTRIBUTE.byteSize() * index;
        config.set(ValueLayout.JAVA_INT, attribute, cuda_h.CU_LAUNCH_ATTRIBUTE_COOPERATIVE);
        config.set(ValueLayout.JAVA_INT, attribute + VALUE, 1);
    }

    /** Sets attribute {@code index} to {@code CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION} = (x, 1, 1). */
    public static void clusterDimension(MemorySegment config, int index, int x) {
        long attribute = LAYOUT.byteSize() + ATTRIBUTE.byteSize() * index;
        config.set(ValueLayout.JAVA_INT, attribute, cuda_h.CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION);
        config.set(ValueLayout.JAVA_INT, attribute + VALUE, x);
        config.set(ValueLayout.JAVA_INT, attribute + VALUE + 4, 1);
        config.set(ValueLayout.JAVA_INT, attribute + VALUE + 8, 1);
    }
}
