package org.holdfast.tornado.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;
import java.util.Objects;
import java.util.Random;
import org.holdfast.tornado.api.ArrayKind;
import org.holdfast.tornado.cuda.backend.CudaTornadoDevice;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The runtime's wrappers against a real driver and GPU. */
@Tag("gpu")
class CudaRuntimeGpuTest {

    private static final String EMPTY_KERNEL = "extern \"C\" __global__ void empty() {}\n";

    private CudaTornadoDevice gpu;
    private CudaContext context;

    @BeforeEach
    void takeTheGpu() {
        gpu = GpuAvailability.requireGpu();
        context = gpu.context();
    }

    private CudaModule emptyKernelModule() {
        GpuAvailability.requireNvrtc();
        return CudaModule.load(context, gpu.compiler().compile(EMPTY_KERNEL, "empty.cu", gpu.device().architecture()).cubin());
    }

    @Test
    void theDeviceDescribesItself() {
        CudaDevice device = gpu.device();
        assertFalse(device.name().isBlank());
        assertTrue(device.multiprocessors() > 0);
        assertEquals(32, device.warpSize());
        assertTrue(device.maxThreadsPerBlock() >= 256);
        assertTrue(device.totalMemoryBytes() > 1L << 30);
        assertTrue(device.sharedBytesPerBlockOptIn() >= device.sharedBytesPerBlock());
        assertTrue(gpu.description().startsWith(device.name() + ", " + device.multiprocessors() + " SMs, "), gpu.description());
        assertTrue(gpu.description().contains(", " + device.architecture().smName() + ", driver "), gpu.description());
        CudaContext.MemoryInfo memory = context.memoryInfo();
        assertTrue(memory.freeBytes() > 0 && memory.freeBytes() <= memory.totalBytes());
    }

    @Test
    void arraysOfEveryKindRoundTripThroughTheStagingHalves() {
        Random random = new Random(3);
        double[] doubles = random.doubles(1001).toArray();
        int[] ints = random.ints(333).toArray();
        long[] longs = random.longs(77).toArray();
        float[] floats = new float[129];
        for (int i = 0; i < floats.length; i++) {
            floats[i] = random.nextFloat();
        }
        // 64-byte halves: every array crosses many chunks, in both directions.
        try (StagingCopier copier = StagingCopier.create(context, 64); CudaStream stream = CudaStream.create(context)) {
            for (Object array : new Object[] {doubles, ints, longs, floats}) {
                Object back = ArrayKind.copyOf(array);
                Array.set(back, 0, Array.get(array, 1));
                try (DeviceBuffer buffer = DeviceBuffer.allocate(context, ArrayKind.of(array).bytes(array), "test")) {
                    copier.toDevice(array, buffer, stream);
                    copier.toHost(buffer, back, stream);
                }
                assertTrue(Objects.deepEquals(array, back), array.getClass().getSimpleName());
            }
        }
    }

    @Test
    void deviceMemoryZeroesCopiesAndReadsBack() {
        try (Arena arena = Arena.ofConfined();
                CudaStream stream = CudaStream.create(context);
                DeviceBuffer a = DeviceBuffer.allocate(context, 4096, "a");
                DeviceBuffer b = DeviceBuffer.allocate(context, 4096, "b");
                PinnedBuffer pinned = PinnedBuffer.allocate(context, 4096)) {
            MemorySegment host = arena.allocate(4096);
            host.fill((byte) 7);
            a.copyFromHost(host);
            b.zeroAsync(stream);
            stream.synchronize();
            b.copyToHost(host);
            assertEquals(0, host.get(ValueLayout.JAVA_LONG, 4088));
            pinned.segment().fill((byte) 5);
            a.copyFromHostAsync(0, pinned.segment(), stream);
            b.copyFromAsync(a, 4096, stream);
            b.copyToHostAsync(0, host, stream);
            stream.synchronize();
            assertEquals(0x0505050505050505L, host.get(ValueLayout.JAVA_LONG, 0));
        }
    }

    /** Halo rows between two bands' arrays: a copy from one offset to another, checked against both buffers' sizes. */
    @Test
    void aCopyBetweenOffsetsMovesThoseBytesOnly() {
        try (Arena arena = Arena.ofConfined();
                CudaStream stream = CudaStream.create(context);
                DeviceBuffer a = DeviceBuffer.allocate(context, 4096, "a");
                DeviceBuffer b = DeviceBuffer.allocate(context, 4096, "b")) {
            MemorySegment host = arena.allocate(4096, Double.BYTES);
            for (int i = 0; i < 512; i++) {
                host.setAtIndex(ValueLayout.JAVA_DOUBLE, i, i);
            }
            a.copyFromHost(host);
            b.zeroAsync(stream);
            b.copyFromAsync(a, 1024, 2048, 512, stream);
            stream.synchronize();
            b.copyToHost(host);
            for (int i = 0; i < 512; i++) {
                assertEquals(i >= 256 && i < 320 ? i - 128 : 0, host.getAtIndex(ValueLayout.JAVA_DOUBLE, i), "double " + i);
            }
            assertThrows(IndexOutOfBoundsException.class, () -> b.copyFromAsync(a, 3840, 0, 512, stream));
            assertThrows(IndexOutOfBoundsException.class, () -> b.copyFromAsync(a, 0, 3840, 512, stream));
        }
    }

    @Test
    void aRelaxedCaptureHoldsItsLaunches() {
        try (CudaModule module = emptyKernelModule();
                CudaStream stream = CudaStream.create(context);
                KernelArguments none = KernelArguments.builder().build()) {
            KernelLaunch empty = KernelLaunch.of(module.function("empty"), new int[] {1, 1, 1}, new int[] {32, 1, 1}, 0, none);
            try (CudaGraph graph = CudaGraph.captureRelaxed(stream, () -> {
                empty.launch(stream);
                empty.launch(stream);
            })) {
                assertEquals(2, graph.nodeCount());
                graph.launch(stream);
                stream.synchronize();
            }
        }
    }

    @Test
    void moreMemoryThanIsFreeIsRefusedBeforeAllocating() {
        long free = context.memoryInfo().freeBytes();
        InsufficientDeviceMemoryException refused = assertThrows(InsufficientDeviceMemoryException.class,
                () -> DeviceBuffer.allocate(context, free + (1L << 30), "N = 60001"));
        assertTrue(refused.getMessage().matches("N = 60001 needs \\d+\\.\\d GB of device memory; the GPU has \\d+\\.\\d GB free"),
                refused.getMessage());
        assertEquals(free + (1L << 30), refused.neededBytes());
    }

    @Test
    void aDriverErrorNamesTheCallAndTheError() {
        try (CudaModule module = emptyKernelModule()) {
            CudaException missing = assertThrows(CudaException.class, () -> module.function("missing"));
            assertSame(CudaError.NOT_FOUND, missing.error());
            assertTrue(missing.getMessage().startsWith("cuModuleGetFunction(missing) failed: CUDA_ERROR_NOT_FOUND ("),
                    missing.getMessage());
        }
    }

    @Test
    void eventsTimeWorkAndGraphsHoldEveryCapturedLaunch() {
        try (CudaModule module = emptyKernelModule();
                CudaStream stream = CudaStream.create(context);
                KernelArguments none = KernelArguments.builder().build();
                CudaEvent start = CudaEvent.create(context);
                CudaEvent end = CudaEvent.create(context)) {
            KernelLaunch empty = KernelLaunch.of(module.function("empty"), new int[] {1, 1, 1}, new int[] {32, 1, 1}, 0, none);
            start.record(stream);
            for (int i = 0; i < 100; i++) {
                empty.launch(stream);
            }
            end.record(stream);
            end.synchronize();
            assertTrue(end.millisSince(start) > 0);
            try (CudaGraph graph = CudaGraph.capture(stream, () -> {
                for (int i = 0; i < 10; i++) {
                    empty.launch(stream);
                }
            })) {
                assertEquals(10, graph.nodeCount());
                graph.launch(stream);
                stream.synchronize();
            }
        }
    }

    @Test
    void aFailedCaptureLeavesTheStreamUsable() {
        try (CudaModule module = emptyKernelModule();
                CudaStream stream = CudaStream.create(context);
                KernelArguments none = KernelArguments.builder().build()) {
            KernelLaunch empty = KernelLaunch.of(module.function("empty"), new int[] {1, 1, 1}, new int[] {1, 1, 1}, 0, none);
            IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> CudaGraph.capture(stream, () -> {
                empty.launch(stream);
                throw new IllegalStateException("stop");
            }));
            assertEquals("stop", thrown.getMessage());
            empty.launch(stream);
            stream.synchronize();
        }
    }

    @Test
    void occupancyBoundsTheCooperativeGrid() {
        try (CudaModule module = emptyKernelModule(); CudaStream stream = CudaStream.create(context);
                KernelArguments none = KernelArguments.builder().build()) {
            CudaFunction empty = module.function("empty");
            assertTrue(empty.registers() >= 0);
            assertTrue(empty.maxThreadsPerBlock() >= 256);
            assertEquals(0, empty.staticSharedBytes());
            int resident = empty.maxCoResidentBlocks(gpu.device(), 256, 0);
            assertTrue(resident >= gpu.device().multiprocessors());
            KernelLaunch.cooperative(empty, gpu.device(), resident, 256, 0, none).launch(stream);
            stream.synchronize();
            IllegalArgumentException tooLarge = assertThrows(IllegalArgumentException.class,
                    () -> KernelLaunch.cooperative(empty, gpu.device(), resident + 1, 256, 0, none));
            assertTrue(tooLarge.getMessage().contains("cannot all be resident"), tooLarge.getMessage());
        }
    }

    @Test
    void pinnedMemoryIsHostMemory() {
        try (PinnedBuffer pinned = PinnedBuffer.allocate(context, 1 << 20)) {
            pinned.segment().setAtIndex(ValueLayout.JAVA_INT, 1000, 42);
            assertEquals(42, pinned.segment().getAtIndex(ValueLayout.JAVA_INT, 1000));
            assertEquals(1 << 20, pinned.bytes());
        }
    }
}
