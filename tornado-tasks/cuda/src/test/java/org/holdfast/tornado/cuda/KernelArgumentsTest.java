package org.holdfast.tornado.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

/** The kernelParams block, checked in memory without a driver. */
class KernelArgumentsTest {

    @Test
    @SuppressWarnings("restricted")
    void eachArgumentHasASlotOfItsTypeAndThePointerArrayPointsAtThem() {
        try (KernelArguments arguments = KernelArguments.builder().pointer(0x7f00_1234_5000L).int32(-7).float64(0.25)
                .bool(true).int64(Long.MIN_VALUE).float32(1.5f).bool(false).build()) {
            assertEquals(7, arguments.count());
            long[] sizes = {8, 4, 8, 1, 8, 4, 1};
            MemorySegment pointers = arguments.parameters().reinterpret(7L * ValueLayout.ADDRESS.byteSize());
            for (int i = 0; i < sizes.length; i++) {
                MemorySegment slot = arguments.slot(i);
                assertEquals(sizes[i], slot.byteSize(), "slot " + i);
                assertEquals(0, slot.address() % sizes[i], "slot " + i + " is aligned to its size");
                assertEquals(slot.address(), pointers.getAtIndex(ValueLayout.ADDRESS, i).address(), "kernelParams[" + i + "]");
            }
            assertEquals(0x7f00_1234_5000L, arguments.slot(0).get(ValueLayout.JAVA_LONG, 0));
            assertEquals(-7, arguments.slot(1).get(ValueLayout.JAVA_INT, 0));
            assertEquals(0.25, arguments.slot(2).get(ValueLayout.JAVA_DOUBLE, 0));
            assertEquals(1, arguments.slot(3).get(ValueLayout.JAVA_BYTE, 0));
            assertEquals(Long.MIN_VALUE, arguments.slot(4).get(ValueLayout.JAVA_LONG, 0));
            assertEquals(1.5f, arguments.slot(5).get(ValueLayout.JAVA_FLOAT, 0));
            assertEquals(0, arguments.slot(6).get(ValueLayout.JAVA_BYTE, 0));
        }
    }

    @Test
    void slotsDoNotOverlap() {
        try (KernelArguments arguments = KernelArguments.builder().bool(true).float64(2).int32(3).int64(4).build()) {
            for (int i = 1; i < arguments.count(); i++) {
                MemorySegment previous = arguments.slot(i - 1);
                assertTrue(previous.address() + previous.byteSize() <= arguments.slot(i).address(), "slot " + i);
            }
        }
    }

    @Test
    void aKernelWithoutParametersGetsNull() {
        try (KernelArguments none = KernelArguments.builder().build()) {
            assertEquals(0, none.count());
            assertEquals(MemorySegment.NULL, none.parameters());
        }
    }

    @Test
    void closingFreesOnceAndALaunchAfterwardsIsRefusedBeforeTheDriver() {
        KernelArguments arguments = KernelArguments.builder().int32(1).build();
        KernelLaunch launch = KernelLaunch.of(new CudaFunction(0x1234, "k"), new int[] {1, 1, 1}, new int[] {32, 1, 1}, 0,
                arguments);
        arguments.close();
        arguments.close();
        assertFalse(arguments.isOpen());
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> launch.launch(null));
        assertTrue(refused.getMessage().contains("arguments of k were freed"), refused.getMessage());
    }

    @Test
    void aLaunchNeedsThreePositiveSizes() {
        try (KernelArguments none = KernelArguments.builder().build()) {
            CudaFunction kernel = new CudaFunction(1, "k");
            assertThrows(IllegalArgumentException.class, () -> KernelLaunch.of(kernel, new int[] {1, 1}, new int[] {1, 1, 1}, 0, none));
            assertThrows(IllegalArgumentException.class, () -> KernelLaunch.of(kernel, new int[] {1, 0, 1}, new int[] {1, 1, 1}, 0, none));
            assertThrows(IllegalArgumentException.class, () -> KernelLaunch.of(kernel, new int[] {1, 1, 1}, new int[] {1, 1, 1}, -1, none));
            KernelLaunch launch = KernelLaunch.of(kernel, new int[] {4, 2, 1}, new int[] {16, 16, 1}, 0, none);
            assertEquals(java.util.List.of(4, 2, 1), java.util.Arrays.stream(launch.grid()).boxed().toList());
        }
    }
}
