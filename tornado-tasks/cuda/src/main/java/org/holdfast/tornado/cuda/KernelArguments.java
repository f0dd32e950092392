package org.holdfast.tornado.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * A kernel's arguments as {@code cuLaunchKernel} takes them, built once: one native slot per
 * argument holding its value, and an array of pointers to the slots ({@code void **kernelParams}).
 * Launches reuse it, so a launch marshals nothing. Freed on {@link #close()}.
 *
 * <p>Slot types follow the kernel ABI: device pointers 8 bytes, {@code int} 4, {@code long} 8,
 * {@code float} 4, {@code double} 8, {@code bool} 1; each slot aligned to its size.
 */
public final class KernelArguments implements AutoCloseable {

    private final Arena arena;
    private final MemorySegment pointers;
    private final List<MemorySegment> slots;

    private KernelArguments(Arena arena, MemorySegment pointers, List<MemorySegment> slots) {
        this.arena = arena;
        this.pointers = pointers;
        this.slots = List.copyOf(slots);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** {@code kernelParams}: the array of pointers to the slots, or {@code NULL} for a kernel without parameters. */
    public MemorySegment parameters() {
        return pointers;
    }

    public int count() {
        return slots.size();
    }

    /** Argument {@code index}'s slot, sized as its type. */
    public MemorySegment slot(int index) {
        return slots.get(index);
    }

    /** Whether the memory is still there (not closed). */
    public boolean isOpen() {
        return arena.scope().isAlive();
    }

    @Override
    public void close() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
    }

    /** Adds arguments in the kernel's parameter order. */
    public static final class Builder {

        private final List<ValueLayout> layouts = new ArrayList<>();
        private final List<Object> values = new ArrayList<>();

        private Builder() {
        }

        /** A device pointer ({@code T*}). */
        public Builder pointer(long devicePointer) {
            return add(ValueLayout.JAVA_LONG, devicePointer);
        }

        public Builder int32(int value) {
            return add(ValueLayout.JAVA_INT, value);
        }

        public Builder int64(long value) {
            return add(ValueLayout.JAVA_LONG, value);
        }

        public Builder float32(float value) {
            return add(ValueLayout.JAVA_FLOAT, value);
        }

        public Builder float64(double value) {
            return add(ValueLayout.JAVA_DOUBLE, value);
        }

        /** A C++ {@code bool}: one byte, 0 or 1. */
        public Builder bool(boolean value) {
            return add(ValueLayout.JAVA_BYTE, (byte) (value ? 1 : 0));
        }

        private Builder add(ValueLayout layout, Object value) {
            layouts.add(layout);
            values.add(value);
            return this;
        }

        /** Lays out the slots in shared memory (launches may come from any thread). */
        public KernelArguments build() {
            Arena arena = Arena.ofShared();
            if (layouts.isEmpty()) {
                return new KernelArguments(arena, MemorySegment.NULL, List.of());
            }
            long[] offsets = new long[layouts.size()];
            long size = 0;
            for (int i = 0; i < layouts.size(); i++) {
                long alignment = layouts.get(i).byteAlignment();
                size = (size + alignment - 1) / alignment * alignment;
                offsets[i] = size;
                size += layouts.get(i).byteSize();
            }
            MemorySegment block = arena.allocate(size, Long.BYTES);
            MemorySegment pointers = arena.allocate(ValueLayout.ADDRESS, layouts.size());
            List<MemorySegment> slots = new ArrayList<>();
            for (int i = 0; i < layouts.size(); i++) {
                MemorySegment slot = block.asSlice(offsets[i], layouts.get(i).byteSize());
                write(slot, layouts.get(i), values.get(i));
                pointers.setAtIndex(ValueLayout.ADDRESS, i, slot);
                slots.add(slot);
            }
            return new KernelArguments(arena, pointers, slots);
        }

        private static void write(MemorySegment slot, ValueLayout layout, Object value) {
            switch (layout) {
                case ValueLayout.OfInt l -> slot.set(l, 0, (Integer) value);
                case ValueLayout.OfLong l -> slot.set(l, 0, (Long) value);
                case ValueLayout.OfFloat l -> slot.set(l, 0, (Float) value);
                case ValueLayout.OfDouble l -> slot.set(l, 0, (Double) value);
                case ValueLayout.OfByte l -> slot.set(l, 0, (Byte) value);
                default -> throw new IllegalStateException("no kernel argument has layout " + layout);
            }
        }
    }
}
