package org.holdfast.tornado.cuda.driver.raw;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;
import org.holdfast.ffi.NativeLibrary;

/**
 * The part of {@code cuda.h} (CUDA 13.0) that Holdfast uses, bound to {@code libcuda.so.1} in the
 * style of jextract: one method per C function, named after the symbol the driver exports (the
 * header's {@code #define cuMemAlloc cuMemAlloc_v2} already applied), each linked lazily on first
 * use through a nested holder class, and the header's enum values as constants. Every function
 * returns the raw {@code CUresult}; checking it is the wrappers' job.
 *
 * <p>Two choices differ from jextract, both for the launch path: opaque handles ({@code CUstream},
 * {@code CUfunction}, {@code CUmodule}, {@code CUevent}, {@code CUcontext}, {@code CUgraph},
 * {@code CUgraphExec}) and {@code CUdeviceptr} travel as 64-bit integers, which the LP64 calling
 * conventions pass exactly like pointers, so wrappers hold plain {@code long}s and a launch builds
 * no {@code MemorySegment}. And no downcall is linked with {@code Linker.Option.critical}: it would
 * save a few tens of nanoseconds against a launch of several microseconds, while
 * {@code cuLaunchKernel} and {@code cuGraphLaunch} block whenever the launch queue is full, and a
 * critical call blocks the garbage collector for as long as it runs.
 */
public final class cuda_h {

    /** The driver library, as the loader knows it. */
    public static final String LIBRARY = "libcuda.so.1";

    static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    static final ValueLayout.OfLong C_LONG_LONG = ValueLayout.JAVA_LONG;
    static final ValueLayout.OfLong C_SIZE_T = ValueLayout.JAVA_LONG;
    static final ValueLayout.OfFloat C_FLOAT = ValueLayout.JAVA_FLOAT;
    static final ValueLayout.OfByte C_CHAR = ValueLayout.JAVA_BYTE;
    static final AddressLayout C_POINTER = ValueLayout.ADDRESS;
    /** An opaque handle ({@code CUstream}, {@code CUfunction}, ...) as a 64-bit integer. */
    static final ValueLayout.OfLong C_HANDLE = ValueLayout.JAVA_LONG;
    /** {@code CUdeviceptr}: {@code unsigned long long}. */
    static final ValueLayout.OfLong C_DEVICEPTR = ValueLayout.JAVA_LONG;

    // CUresult
    public static final int CUDA_SUCCESS = 0;
    public static final int CUDA_ERROR_NO_DEVICE = 100;
    public static final int CUDA_ERROR_NOT_READY = 600;

    // CUdevice_attribute
    public static final int CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1;
    public static final int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8;
    public static final int CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10;
    public static final int CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK = 12;
    public static final int CU_DEVICE_ATTRIBUTE_CLOCK_RATE = 13;
    public static final int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
    public static final int CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE = 36;
    public static final int CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH = 37;
    public static final int CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38;
    public static final int CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR = 39;
    public static final int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
    public static final int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
    public static final int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81;
    public static final int CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH = 95;
    public static final int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;
    public static final int CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR = 106;
    public static final int CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH = 120;

    // CUfunction_attribute
    public static final int CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0;
    public static final int CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1;
    public static final int CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES = 2;
    public static final int CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3;
    public static final int CU_FUNC_ATTRIBUTE_NUM_REGS = 4;
    public static final int CU_FUNC_ATTRIBUTE_PTX_VERSION = 5;
    public static final int CU_FUNC_ATTRIBUTE_BINARY_VERSION = 6;
    public static final int CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;
    public static final int CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED = 14;

    // CUlaunchAttributeID (CUlaunchAttribute.id; see CUlaunchConfig)
    public static final int CU_LAUNCH_ATTRIBUTE_COOPERATIVE = 2;
    public static final int CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4;

    // CUstream_flags, CUevent_flags, CUstreamCaptureMode, cuMemHostAlloc flags
    public static final int CU_STREAM_DEFAULT = 0x0;
    public static final int CU_STREAM_NON_BLOCKING = 0x1;
    public static final int CU_EVENT_DEFAULT = 0x0;
    public static final int CU_EVENT_BLOCKING_SYNC = 0x1;
    public static final int CU_EVENT_DISABLE_TIMING = 0x2;
    public static final int CU_STREAM_CAPTURE_MODE_GLOBAL = 0;
    public static final int CU_STREAM_CAPTURE_MODE_THREAD_LOCAL = 1;
    public static final int CU_STREAM_CAPTURE_MODE_RELAXED = 2;
    public static final int CU_MEMHOSTALLOC_PORTABLE = 0x01;
    public static final int CU_MEMHOSTALLOC_DEVICEMAP = 0x02;
    public static final int CU_MEMHOSTALLOC_WRITECOMBINED = 0x04;

    private cuda_h() {
    }

    /** The library, opened on first use; empty when the loader cannot find it. */
    private static final class Library {
        static final Optional<NativeLibrary> CUDA = NativeLibrary.open(LIBRARY);
    }

    /** Whether {@code libcuda.so.1} could be loaded; no function links before this is true. */
    public static boolean isLoaded() {
        return Library.CUDA.isPresent();
    }

    private static MethodHandle link(FunctionDescriptor descriptor, String... symbols) {
        NativeLibrary library = Library.CUDA.orElseThrow(
                () -> new IllegalStateException("no NVIDIA driver: " + LIBRARY + " not found"));
        return library.downcall(descriptor, symbols);
    }

    static final FunctionDescriptor cuGetErrorString$DESC = FunctionDescriptor.of(C_INT, C_INT, C_POINTER);

    private static final class cuGetErrorString {
        static final MethodHandle HANDLE = link(cuGetErrorString$DESC, "cuGetErrorString");
    }

    /** {@code CUresult cuGetErrorString(CUresult error, const char **pStr)} */
    public static int cuGetErrorString(int error, MemorySegment pStr) {
        try {
            return (int) cuGetErrorString.HANDLE.invokeExact(error, pStr);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuGetErrorName$DESC = FunctionDescriptor.of(C_INT, C_INT, C_POINTER);

    private static final class cuGetErrorName {
        static final MethodHandle HANDLE = link(cuGetErrorName$DESC, "cuGetErrorName");
    }

    /** {@code CUresult cuGetErrorName(CUresult error, const char **pStr)} */
    public static int cuGetErrorName(int error, MemorySegment pStr) {
        try {
            return (int) cuGetErrorName.HANDLE.invokeExact(error, pStr);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuInit$DESC = FunctionDescriptor.of(C_INT, C_INT);

    private static final class cuInit {
        static final MethodHandle HANDLE = link(cuInit$DESC, "cuInit");
    }

    /** {@code CUresult cuInit(unsigned int Flags)} */
    public static int cuInit(int Flags) {
        try {
            return (int) cuInit.HANDLE.invokeExact(Flags);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuDriverGetVersion$DESC = FunctionDescriptor.of(C_INT, C_POINTER);

    private static final class cuDriverGetVersion {
        static final MethodHandle HANDLE = link(cuDriverGetVersion$DESC, "cuDriverGetVersion");
    }

    /** {@code CUresult cuDriverGetVersion(int *driverVersion)} */
    public static int cuDriverGetVersion(MemorySegment driverVersion) {
        try {
            return (int) cuDriverGetVersion.HANDLE.invokeExact(driverVersion);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuDeviceGet$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_INT);

    private static final class cuDeviceGet {
        static final MethodHandle HANDLE = link(cuDeviceGet$DESC, "cuDeviceGet");
    }

    /** {@code CUresult cuDeviceGet(CUdevice *device, int ordinal)} */
    public static int cuDeviceGet(MemorySegment device, int ordinal) {
        try {
            return (int) cuDeviceGet.HANDLE.invokeExact(device, ordinal);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuDeviceGetCount$DESC = FunctionDescriptor.of(C_INT, C_POINTER);

    private static final class cuDeviceGetCount {
        static final MethodHandle HANDLE = link(cuDeviceGetCount$DESC, "cuDeviceGetCount");
    }

    /** {@code CUresult cuDeviceGetCount(int *count)} */
    public static int cuDeviceGetCount(MemorySegment count) {
        try {
            return (int) cuDeviceGetCount.HANDLE.invokeExact(count);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuDeviceGetName$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_INT, C_INT);

    private static final class cuDeviceGetName {
        static final MethodHandle HANDLE = link(cuDeviceGetName$DESC, "cuDeviceGetName");
    }

    /** {@code CUresult cuDeviceGetName(char *name, int len, CUdevice dev)} */
    public static int cuDeviceGetName(MemorySegment name, int len, int dev) {
        try {
            return (int) cuDeviceGetName.HANDLE.invokeExact(name, len, dev);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuDeviceTotalMem_v2$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_INT);

    private static final class cuDeviceTotalMem_v2 {
        static final MethodHandle HANDLE = link(cuDeviceTotalMem_v2$DESC, "cuDeviceTotalMem_v2");
    }

    /** {@code CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice dev)} */
    public static int cuDeviceTotalMem_v2(MemorySegment bytes, int dev) {
        try {
            return (int) cuDeviceTotalMem_v2.HANDLE.invokeExact(bytes, dev);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuDeviceGetAttribute$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_INT, C_INT);

    private static final class cuDeviceGetAttribute {
        static final MethodHandle HANDLE = link(cuDeviceGetAttribute$DESC, "cuDeviceGetAttribute");
    }

    /** {@code CUresult cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib, CUdevice dev)} */
    public static int cuDeviceGetAttribute(MemorySegment pi, int attrib, int dev) {
        try {
            return (int) cuDeviceGetAttribute.HANDLE.invokeExact(pi, attrib, dev);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuDevicePrimaryCtxRetain$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_INT);

    private static final class cuDevicePrimaryCtxRetain {
        static final MethodHandle HANDLE = link(cuDevicePrimaryCtxRetain$DESC, "cuDevicePrimaryCtxRetain");
    }

    /** {@code CUresult cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev)} */
    public static int cuDevicePrimaryCtxRetain(MemorySegment pctx, int dev) {
        try {
            return (int) cuDevicePrimaryCtxRetain.HANDLE.invokeExact(pctx, dev);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuDevicePrimaryCtxRelease_v2$DESC = FunctionDescriptor.of(C_INT, C_INT);

    private static final class cuDevicePrimaryCtxRelease_v2 {
        static final MethodHandle HANDLE = link(cuDevicePrimaryCtxRelease_v2$DESC, "cuDevicePrimaryCtxRelease_v2");
    }

    /** {@code CUresult cuDevicePrimaryCtxRelease_v2(CUdevice dev)} */
    public static int cuDevicePrimaryCtxRelease_v2(int dev) {
        try {
            return (int) cuDevicePrimaryCtxRelease_v2.HANDLE.invokeExact(dev);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuCtxSetCurrent$DESC = FunctionDescriptor.of(C_INT, C_HANDLE);

    private static final class cuCtxSetCurrent {
        static final MethodHandle HANDLE = link(cuCtxSetCurrent$DESC, "cuCtxSetCurrent");
    }

    /** {@code CUresult cuCtxSetCurrent(CUcontext ctx)} */
    public static int cuCtxSetCurrent(long ctx) {
        try {
            return (int) cuCtxSetCurrent.HANDLE.invokeExact(ctx);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuCtxSynchronize$DESC = FunctionDescriptor.of(C_INT);

    private static final class cuCtxSynchronize {
        static final MethodHandle HANDLE = link(cuCtxSynchronize$DESC, "cuCtxSynchronize");
    }

    /** {@code CUresult cuCtxSynchronize()} */
    public static int cuCtxSynchronize() {
        try {
            return (int) cuCtxSynchronize.HANDLE.invokeExact();
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuModuleLoadData$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER);

    private static final class cuModuleLoadData {
        static final MethodHandle HANDLE = link(cuModuleLoadData$DESC, "cuModuleLoadData");
    }

    /** {@code CUresult cuModuleLoadData(CUmodule *module, const void *image)} */
    public static int cuModuleLoadData(MemorySegment module, MemorySegment image) {
        try {
            return (int) cuModuleLoadData.HANDLE.invokeExact(module, image);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuModuleUnload$DESC = FunctionDescriptor.of(C_INT, C_HANDLE);

    private static final class cuModuleUnload {
        static final MethodHandle HANDLE = link(cuModuleUnload$DESC, "cuModuleUnload");
    }

    /** {@code CUresult cuModuleUnload(CUmodule hmod)} */
    public static int cuModuleUnload(long hmod) {
        try {
            return (int) cuModuleUnload.HANDLE.invokeExact(hmod);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuModuleGetFunction$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_HANDLE, C_POINTER);

    private static final class cuModuleGetFunction {
        static final MethodHandle HANDLE = link(cuModuleGetFunction$DESC, "cuModuleGetFunction");
    }

    /** {@code CUresult cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod, const char *name)} */
    public static int cuModuleGetFunction(MemorySegment hfunc, long hmod, MemorySegment name) {
        try {
            return (int) cuModuleGetFunction.HANDLE.invokeExact(hfunc, hmod, name);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuMemGetInfo_v2$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER);

    private static final class cuMemGetInfo_v2 {
        static final MethodHandle HANDLE = link(cuMemGetInfo_v2$DESC, "cuMemGetInfo_v2");
    }

    /** {@code CUresult cuMemGetInfo_v2(size_t *free, size_t *total)} */
    public static int cuMemGetInfo_v2(MemorySegment free, MemorySegment total) {
        try {
            return (int) cuMemGetInfo_v2.HANDLE.invokeExact(free, total);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuMemAlloc_v2$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_SIZE_T);

    private static final class cuMemAlloc_v2 {
        static final MethodHandle HANDLE = link(cuMemAlloc_v2$DESC, "cuMemAlloc_v2");
    }

    /** {@code CUresult cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytesize)} */
    public static int cuMemAlloc_v2(MemorySegment dptr, long bytesize) {
        try {
            return (int) cuMemAlloc_v2.HANDLE.invokeExact(dptr, bytesize);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuMemFree_v2$DESC = FunctionDescriptor.of(C_INT, C_DEVICEPTR);

    private static final class cuMemFree_v2 {
        static final MethodHandle HANDLE = link(cuMemFree_v2$DESC, "cuMemFree_v2");
    }

    /** {@code CUresult cuMemFree_v2(CUdeviceptr dptr)} */
    public static int cuMemFree_v2(long dptr) {
        try {
            return (int) cuMemFree_v2.HANDLE.invokeExact(dptr);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuMemAllocHost_v2$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_SIZE_T);

    private static final class cuMemAllocHost_v2 {
        static final MethodHandle HANDLE = link(cuMemAllocHost_v2$DESC, "cuMemAllocHost_v2");
    }

    /** {@code CUresult cuMemAllocHost_v2(void **pp, size_t bytesize)} */
    public static int cuMemAllocHost_v2(MemorySegment pp, long bytesize) {
        try {
            return (int) cuMemAllocHost_v2.HANDLE.invokeExact(pp, bytesize);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuMemFreeHost$DESC = FunctionDescriptor.of(C_INT, C_POINTER);

    private static final class cuMemFreeHost {
        static final MethodHandle HANDLE = link(cuMemFreeHost$DESC, "cuMemFreeHost");
    }

    /** {@code CUresult cuMemFreeHost(void *p)} */
    public static int cuMemFreeHost(MemorySegment p) {
        try {
            return (int) cuMemFreeHost.HANDLE.invokeExact(p);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuMemHostAlloc$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_SIZE_T, C_INT);

    private static final class cuMemHostAlloc {
        static final MethodHandle HANDLE = link(cuMemHostAlloc$DESC, "cuMemHostAlloc");
    }

    /** {@code CUresult cuMemHostAlloc(void **pp, size_t bytesize, unsigned int Flags)} */
    public static int cuMemHostAlloc(MemorySegment pp, long bytesize, int Flags) {
        try {
            return (int) cuMemHostAlloc.HANDLE.invokeExact(pp, bytesize, Flags);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuMemcpyHtoD_v2$DESC = FunctionDescriptor.of(C_INT, C_DEVICEPTR, C_POINTER, C_SIZE_T);

    private static final class cuMemcpyHtoD_v2 {
        static final MethodHandle HANDLE = link(cuMemcpyHtoD_v2$DESC, "cuMemcpyHtoD_v2");
    }

    /** {@code CUresult cuMemcpyHtoD_v2(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount)} */
    public static int cuMemcpyHtoD_v2(long dstDevice, MemorySegment srcHost, long ByteCount) {
        try {
            return (int) cuMemcpyHtoD_v2.HANDLE.invokeExact(dstDevice, srcHost, ByteCount);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuMemcpyDtoH_v2$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_DEVICEPTR, C_SIZE_T);

    private static final class cuMemcpyDtoH_v2 {
        static final MethodHandle HANDLE = link(cuMemcpyDtoH_v2$DESC, "cuMemcpyDtoH_v2");
    }

    /** {@code CUresult cuMemcpyDtoH_v2(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount)} */
    public static int cuMemcpyDtoH_v2(MemorySegment dstHost, long srcDevice, long ByteCount) {
        try {
            return (int) cuMemcpyDtoH_v2.HANDLE.invokeExact(dstHost, srcDevice, ByteCount);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuMemcpyHtoDAsync_v2$DESC = FunctionDescriptor.of(C_INT, C_DEVICEPTR, C_POINTER, C_SIZE_T, C_HANDLE);

    private static final class cuMemcpyHtoDAsync_v2 {
        static final MethodHandle HANDLE = link(cuMemcpyHtoDAsync_v2$DESC, "cuMemcpyHtoDAsync_v2");
    }

    /** {@code CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount, CUstream hStream)} */
    public static int cuMemcpyHtoDAsync_v2(long dstDevice, MemorySegment srcHost, long ByteCount, long hStream) {
        try {
            return (int) cuMemcpyHtoDAsync_v2.HANDLE.invokeExact(dstDevice, srcHost, ByteCount, hStream);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuMemcpyDtoHAsync_v2$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_DEVICEPTR, C_SIZE_T, C_HANDLE);

    private static final class cuMemcpyDtoHAsync_v2 {
        static final MethodHandle HANDLE = link(cuMemcpyDtoHAsync_v2$DESC, "cuMemcpyDtoHAsync_v2");
    }

    /** {@code CUresult cuMemcpyDtoHAsync_v2(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount, CUstream hStream)} */
    public static int cuMemcpyDtoHAsync_v2(MemorySegment dstHost, long srcDevice, long ByteCount, long hStream) {
        try {
            return (int) cuMemcpyDtoHAsync_v2.HANDLE.invokeExact(dstHost, srcDevice, ByteCount, hStream);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuMemcpyDtoDAsync_v2$DESC = FunctionDescriptor.of(C_INT, C_DEVICEPTR, C_DEVICEPTR, C_SIZE_T, C_HANDLE);

    private static final class cuMemcpyDtoDAsync_v2 {
        static final MethodHandle HANDLE = link(cuMemcpyDtoDAsync_v2$DESC, "cuMemcpyDtoDAsync_v2");
    }

    /** {@code CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount, CUstream hStream)} */
    public static int cuMemcpyDtoDAsync_v2(long dstDevice, long srcDevice, long ByteCount, long hStream) {
        try {
            return (int) cuMemcpyDtoDAsync_v2.HANDLE.invokeExact(dstDevice, srcDevice, ByteCount, hStream);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuMemsetD8Async$DESC = FunctionDescriptor.of(C_INT, C_DEVICEPTR, C_CHAR, C_SIZE_T, C_HANDLE);

    private static final class cuMemsetD8Async {
        static final MethodHandle HANDLE = link(cuMemsetD8Async$DESC, "cuMemsetD8Async");
    }

    /** {@code CUresult cuMemsetD8Async(CUdeviceptr dstDevice, unsigned char uc, size_t N, CUstream hStream)} */
    public static int cuMemsetD8Async(long dstDevice, byte uc, long N, long hStream) {
        try {
            return (int) cuMemsetD8Async.HANDLE.invokeExact(dstDevice, uc, N, hStream);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuMemsetD32Async$DESC = FunctionDescriptor.of(C_INT, C_DEVICEPTR, C_INT, C_SIZE_T, C_HANDLE);

    private static final class cuMemsetD32Async {
        static final MethodHandle HANDLE = link(cuMemsetD32Async$DESC, "cuMemsetD32Async");
    }

    /** {@code CUresult cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui, size_t N, CUstream hStream)} */
    public static int cuMemsetD32Async(long dstDevice, int ui, long N, long hStream) {
        try {
            return (int) cuMemsetD32Async.HANDLE.invokeExact(dstDevice, ui, N, hStream);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuStreamCreate$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_INT);

    private static final class cuStreamCreate {
        static final MethodHandle HANDLE = link(cuStreamCreate$DESC, "cuStreamCreate");
    }

    /** {@code CUresult cuStreamCreate(CUstream *phStream, unsigned int Flags)} */
    public static int cuStreamCreate(MemorySegment phStream, int Flags) {
        try {
            return (int) cuStreamCreate.HANDLE.invokeExact(phStream, Flags);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuStreamBeginCapture_v2$DESC = FunctionDescriptor.of(C_INT, C_HANDLE, C_INT);

    private static final class cuStreamBeginCapture_v2 {
        static final MethodHandle HANDLE = link(cuStreamBeginCapture_v2$DESC, "cuStreamBeginCapture_v2");
    }

    /** {@code CUresult cuStreamBeginCapture_v2(CUstream hStream, CUstreamCaptureMode mode)} */
    public static int cuStreamBeginCapture_v2(long hStream, int mode) {
        try {
            return (int) cuStreamBeginCapture_v2.HANDLE.invokeExact(hStream, mode);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuStreamEndCapture$DESC = FunctionDescriptor.of(C_INT, C_HANDLE, C_POINTER);

    private static final class cuStreamEndCapture {
        static final MethodHandle HANDLE = link(cuStreamEndCapture$DESC, "cuStreamEndCapture");
    }

    /** {@code CUresult cuStreamEndCapture(CUstream hStream, CUgraph *phGraph)} */
    public static int cuStreamEndCapture(long hStream, MemorySegment phGraph) {
        try {
            return (int) cuStreamEndCapture.HANDLE.invokeExact(hStream, phGraph);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuStreamSynchronize$DESC = FunctionDescriptor.of(C_INT, C_HANDLE);

    private static final class cuStreamSynchronize {
        static final MethodHandle HANDLE = link(cuStreamSynchronize$DESC, "cuStreamSynchronize");
    }

    /** {@code CUresult cuStreamSynchronize(CUstream hStream)} */
    public static int cuStreamSynchronize(long hStream) {
        try {
            return (int) cuStreamSynchronize.HANDLE.invokeExact(hStream);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuStreamDestroy_v2$DESC = FunctionDescriptor.of(C_INT, C_HANDLE);

    private static final class cuStreamDestroy_v2 {
        static final MethodHandle HANDLE = link(cuStreamDestroy_v2$DESC, "cuStreamDestroy_v2");
    }

    /** {@code CUresult cuStreamDestroy_v2(CUstream hStream)} */
    public static int cuStreamDestroy_v2(long hStream) {
        try {
            return (int) cuStreamDestroy_v2.HANDLE.invokeExact(hStream);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuEventCreate$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_INT);

    private static final class cuEventCreate {
        static final MethodHandle HANDLE = link(cuEventCreate$DESC, "cuEventCreate");
    }

    /** {@code CUresult cuEventCreate(CUevent *phEvent, unsigned int Flags)} */
    public static int cuEventCreate(MemorySegment phEvent, int Flags) {
        try {
            return (int) cuEventCreate.HANDLE.invokeExact(phEvent, Flags);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuEventRecord$DESC = FunctionDescriptor.of(C_INT, C_HANDLE, C_HANDLE);

    private static final class cuEventRecord {
        static final MethodHandle HANDLE = link(cuEventRecord$DESC, "cuEventRecord");
    }

    /** {@code CUresult cuEventRecord(CUevent hEvent, CUstream hStream)} */
    public static int cuEventRecord(long hEvent, long hStream) {
        try {
            return (int) cuEventRecord.HANDLE.invokeExact(hEvent, hStream);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuEventQuery$DESC = FunctionDescriptor.of(C_INT, C_HANDLE);

    private static final class cuEventQuery {
        static final MethodHandle HANDLE = link(cuEventQuery$DESC, "cuEventQuery");
    }

    /** {@code CUresult cuEventQuery(CUevent hEvent)}: CUDA_SUCCESS once completed, CUDA_ERROR_NOT_READY before. */
    public static int cuEventQuery(long hEvent) {
        try {
            return (int) cuEventQuery.HANDLE.invokeExact(hEvent);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuEventSynchronize$DESC = FunctionDescriptor.of(C_INT, C_HANDLE);

    private static final class cuEventSynchronize {
        static final MethodHandle HANDLE = link(cuEventSynchronize$DESC, "cuEventSynchronize");
    }

    /** {@code CUresult cuEventSynchronize(CUevent hEvent)} */
    public static int cuEventSynchronize(long hEvent) {
        try {
            return (int) cuEventSynchronize.HANDLE.invokeExact(hEvent);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuEventDestroy_v2$DESC = FunctionDescriptor.of(C_INT, C_HANDLE);

    private static final class cuEventDestroy_v2 {
        static final MethodHandle HANDLE = link(cuEventDestroy_v2$DESC, "cuEventDestroy_v2");
    }

    /** {@code CUresult cuEventDestroy_v2(CUevent hEvent)} */
    public static int cuEventDestroy_v2(long hEvent) {
        try {
            return (int) cuEventDestroy_v2.HANDLE.invokeExact(hEvent);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuEventElapsedTime_v2$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_HANDLE, C_HANDLE);

    private static final class cuEventElapsedTime_v2 {
        static final MethodHandle HANDLE = link(cuEventElapsedTime_v2$DESC, "cuEventElapsedTime_v2", "cuEventElapsedTime");
    }

    /** {@code CUresult cuEventElapsedTime_v2(float *pMilliseconds, CUevent hStart, CUevent hEnd)} */
    public static int cuEventElapsedTime_v2(MemorySegment pMilliseconds, long hStart, long hEnd) {
        try {
            return (int) cuEventElapsedTime_v2.HANDLE.invokeExact(pMilliseconds, hStart, hEnd);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuFuncGetAttribute$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_INT, C_HANDLE);

    private static final class cuFuncGetAttribute {
        static final MethodHandle HANDLE = link(cuFuncGetAttribute$DESC, "cuFuncGetAttribute");
    }

    /** {@code CUresult cuFuncGetAttribute(int *pi, CUfunction_attribute attrib, CUfunction hfunc)} */
    public static int cuFuncGetAttribute(MemorySegment pi, int attrib, long hfunc) {
        try {
            return (int) cuFuncGetAttribute.HANDLE.invokeExact(pi, attrib, hfunc);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuFuncSetAttribute$DESC = FunctionDescriptor.of(C_INT, C_HANDLE, C_INT, C_INT);

    private static final class cuFuncSetAttribute {
        static final MethodHandle HANDLE = link(cuFuncSetAttribute$DESC, "cuFuncSetAttribute");
    }

    /** {@code CUresult cuFuncSetAttribute(CUfunction hfunc, CUfunction_attribute attrib, int value)} */
    public static int cuFuncSetAttribute(long hfunc, int attrib, int value) {
        try {
            return (int) cuFuncSetAttribute.HANDLE.invokeExact(hfunc, attrib, value);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuLaunchKernel$DESC = FunctionDescriptor.of(C_INT, C_HANDLE, C_INT, C_INT, C_INT, C_INT, C_INT, C_INT, C_INT, C_HANDLE, C_POINTER, C_POINTER);

    private static final class cuLaunchKernel {
        static final MethodHandle HANDLE = link(cuLaunchKernel$DESC, "cuLaunchKernel");
    }

    /** {@code CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream, void **kernelParams, void **extra)} */
    public static int cuLaunchKernel(long f, int gridDimX, int gridDimY, int gridDimZ, int blockDimX, int blockDimY, int blockDimZ, int sharedMemBytes, long hStream, MemorySegment kernelParams, MemorySegment extra) {
        try {
            return (int) cuLaunchKernel.HANDLE.invokeExact(f, gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes, hStream, kernelParams, extra);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuLaunchCooperativeKernel$DESC = FunctionDescriptor.of(C_INT, C_HANDLE, C_INT, C_INT, C_INT, C_INT, C_INT, C_INT, C_INT, C_HANDLE, C_POINTER);

    private static final class cuLaunchCooperativeKernel {
        static final MethodHandle HANDLE = link(cuLaunchCooperativeKernel$DESC, "cuLaunchCooperativeKernel");
    }

    /** {@code CUresult cuLaunchCooperativeKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream, void **kernelParams)} */
    public static int cuLaunchCooperativeKernel(long f, int gridDimX, int gridDimY, int gridDimZ, int blockDimX, int blockDimY, int blockDimZ, int sharedMemBytes, long hStream, MemorySegment kernelParams) {
        try {
            return (int) cuLaunchCooperativeKernel.HANDLE.invokeExact(f, gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes, hStream, kernelParams);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuLaunchKernelEx$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_HANDLE, C_POINTER, C_POINTER);

    private static final class cuLaunchKernelEx {
        static final MethodHandle HANDLE = link(cuLaunchKernelEx$DESC, "cuLaunchKernelEx");
    }

    /** {@code CUresult cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f, void **kernelParams, void **extra)} */
    public static int cuLaunchKernelEx(MemorySegment config, long f, MemorySegment kernelParams, MemorySegment extra) {
        try {
            return (int) cuLaunchKernelEx.HANDLE.invokeExact(config, f, kernelParams, extra);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuOccupancyMaxActiveClusters$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_HANDLE, C_POINTER);

    private static final class cuOccupancyMaxActiveClusters {
        static final MethodHandle HANDLE = link(cuOccupancyMaxActiveClusters$DESC, "cuOccupancyMaxActiveClusters");
    }

    /** {@code CUresult cuOccupancyMaxActiveClusters(int *numClusters, CUfunction func, const CUlaunchConfig *config)} */
    public static int cuOccupancyMaxActiveClusters(MemorySegment numClusters, long func, MemorySegment config) {
        try {
            return (int) cuOccupancyMaxActiveClusters.HANDLE.invokeExact(numClusters, func, config);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuOccupancyMaxActiveBlocksPerMultiprocessor$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_HANDLE, C_INT, C_SIZE_T);

    private static final class cuOccupancyMaxActiveBlocksPerMultiprocessor {
        static final MethodHandle HANDLE = link(cuOccupancyMaxActiveBlocksPerMultiprocessor$DESC, "cuOccupancyMaxActiveBlocksPerMultiprocessor");
    }

    /** {@code CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, CUfunction func, int blockSize, size_t dynamicSMemSize)} */
    public static int cuOccupancyMaxActiveBlocksPerMultiprocessor(MemorySegment numBlocks, long func, int blockSize, long dynamicSMemSize) {
        try {
            return (int) cuOccupancyMaxActiveBlocksPerMultiprocessor.HANDLE.invokeExact(numBlocks, func, blockSize, dynamicSMemSize);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuGraphGetNodes$DESC = FunctionDescriptor.of(C_INT, C_HANDLE, C_POINTER, C_POINTER);

    private static final class cuGraphGetNodes {
        static final MethodHandle HANDLE = link(cuGraphGetNodes$DESC, "cuGraphGetNodes");
    }

    /** {@code CUresult cuGraphGetNodes(CUgraph hGraph, CUgraphNode *nodes, size_t *numNodes)} */
    public static int cuGraphGetNodes(long hGraph, MemorySegment nodes, MemorySegment numNodes) {
        try {
            return (int) cuGraphGetNodes.HANDLE.invokeExact(hGraph, nodes, numNodes);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuGraphInstantiateWithFlags$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_HANDLE, C_LONG_LONG);

    private static final class cuGraphInstantiateWithFlags {
        static final MethodHandle HANDLE = link(cuGraphInstantiateWithFlags$DESC, "cuGraphInstantiateWithFlags");
    }

    /** {@code CUresult cuGraphInstantiateWithFlags(CUgraphExec *phGraphExec, CUgraph hGraph, unsigned long long flags)} */
    public static int cuGraphInstantiateWithFlags(MemorySegment phGraphExec, long hGraph, long flags) {
        try {
            return (int) cuGraphInstantiateWithFlags.HANDLE.invokeExact(phGraphExec, hGraph, flags);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuGraphUpload$DESC = FunctionDescriptor.of(C_INT, C_HANDLE, C_HANDLE);

    private static final class cuGraphUpload {
        static final MethodHandle HANDLE = link(cuGraphUpload$DESC, "cuGraphUpload");
    }

    /** {@code CUresult cuGraphUpload(CUgraphExec hGraphExec, CUstream hStream)} */
    public static int cuGraphUpload(long hGraphExec, long hStream) {
        try {
            return (int) cuGraphUpload.HANDLE.invokeExact(hGraphExec, hStream);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuGraphLaunch$DESC = FunctionDescriptor.of(C_INT, C_HANDLE, C_HANDLE);

    private static final class cuGraphLaunch {
        static final MethodHandle HANDLE = link(cuGraphLaunch$DESC, "cuGraphLaunch");
    }

    /** {@code CUresult cuGraphLaunch(CUgraphExec hGraphExec, CUstream hStream)} */
    public static int cuGraphLaunch(long hGraphExec, long hStream) {
        try {
            return (int) cuGraphLaunch.HANDLE.invokeExact(hGraphExec, hStream);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuGraphExecDestroy$DESC = FunctionDescriptor.of(C_INT, C_HANDLE);

    private static final class cuGraphExecDestroy {
        static final MethodHandle HANDLE = link(cuGraphExecDestroy$DESC, "cuGraphExecDestroy");
    }

    /** {@code CUresult cuGraphExecDestroy(CUgraphExec hGraphExec)} */
    public static int cuGraphExecDestroy(long hGraphExec) {
        try {
            return (int) cuGraphExecDestroy.HANDLE.invokeExact(hGraphExec);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor cuGraphDestroy$DESC = FunctionDescriptor.of(C_INT, C_HANDLE);

    private static final class cuGraphDestroy {
        static final MethodHandle HANDLE = link(cuGraphDestroy$DESC, "cuGraphDestroy");
    }

    /** {@code CUresult cuGraphDestroy(CUgraph hGraph)} */
    public static int cuGraphDestroy(long hGraph) {
        try {
            return (int) cuGraphDestroy.HANDLE.invokeExact(hGraph);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }
}
