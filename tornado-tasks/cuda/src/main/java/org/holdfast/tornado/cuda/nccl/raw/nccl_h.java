package org.holdfast.tornado.cuda.nccl.raw;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;
import org.holdfast.ffi.NativeLibrary;

/**
 * The part of {@code nccl.h} (NCCL 2.30.7) that Holdfast uses, in the style of jextract (see
 * {@link org.holdfast.tornado.cuda.driver.raw.cuda_h}): one method per C function, linked lazily through
 * a nested holder class, the raw {@code ncclResult_t} returned, the header's enum values as constants.
 * As in the driver's binding, the opaque handles {@code ncclComm_t} and {@code cudaStream_t} (a
 * {@code CUstream}) and the device buffers travel as 64-bit integers. {@code ncclUniqueId} is a struct
 * of {@value #NCCL_UNIQUE_ID_BYTES} bytes that {@code ncclCommInitRank} takes by value. The library is
 * found by {@link NcclLibrary}.
 */
public final class nccl_h {

    static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    static final ValueLayout.OfLong C_SIZE_T = ValueLayout.JAVA_LONG;
    static final AddressLayout C_POINTER = ValueLayout.ADDRESS;
    /** An opaque handle ({@code ncclComm_t}, {@code cudaStream_t}) as a 64-bit integer. */
    static final ValueLayout.OfLong C_HANDLE = ValueLayout.JAVA_LONG;
    /** A device buffer's address ({@code void *} on the device) as a 64-bit integer, a {@code CUdeviceptr}. */
    static final ValueLayout.OfLong C_DEVICEPTR = ValueLayout.JAVA_LONG;

    /** {@code NCCL_VERSION_CODE} of the header this binding mirrors: {@code NCCL_VERSION(2, 30, 7)}. */
    public static final int NCCL_VERSION_CODE = 23007;
    /** {@code NCCL_UNIQUE_ID_BYTES}. */
    public static final int NCCL_UNIQUE_ID_BYTES = 128;
    /** {@code typedef struct { char internal[NCCL_UNIQUE_ID_BYTES]; } ncclUniqueId;} */
    public static final StructLayout ncclUniqueId = MemoryLayout.structLayout(
            MemoryLayout.sequenceLayout(NCCL_UNIQUE_ID_BYTES, ValueLayout.JAVA_BYTE).withName("internal")).withName("ncclUniqueId");

    // ncclResult_t
    public static final int ncclSuccess = 0;
    public static final int ncclUnhandledCudaError = 1;
    public static final int ncclSystemError = 2;
    public static final int ncclInternalError = 3;
    public static final int ncclInvalidArgument = 4;
    public static final int ncclInvalidUsage = 5;
    public static final int ncclRemoteError = 6;
    public static final int ncclInProgress = 7;
    public static final int ncclTimeout = 8;
    public static final int ncclNumResults = 9;

    // ncclDataType_t: the one Holdfast sends
    public static final int ncclFloat64 = 8;
    public static final int ncclDouble = 8;

    private nccl_h() {
    }

    private static final class Library {
        static final Optional<NativeLibrary> NCCL = NcclLibrary.open();
    }

    /** Whether NCCL could be loaded; no function links before this is true. */
    public static boolean isLoaded() {
        return Library.NCCL.isPresent();
    }

    /** The file NCCL was loaded from, if it was. */
    public static Optional<String> loadedFrom() {
        return Library.NCCL.map(NativeLibrary::name);
    }

    private static MethodHandle link(FunctionDescriptor descriptor, String symbol) {
        NativeLibrary library = Library.NCCL.orElseThrow(() -> new IllegalStateException(NcclLibrary.notFoundReason()));
        return library.downcall(descriptor, symbol);
    }

    static final FunctionDescriptor ncclGetVersion$DESC = FunctionDescriptor.of(C_INT, C_POINTER);

    private static final class ncclGetVersion {
        static final MethodHandle HANDLE = link(ncclGetVersion$DESC, "ncclGetVersion");
    }

    /** {@code ncclResult_t ncclGetVersion(int *version)} */
    public static int ncclGetVersion(MemorySegment version) {
        try {
            return (int) ncclGetVersion.HANDLE.invokeExact(version);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor ncclGetUniqueId$DESC = FunctionDescriptor.of(C_INT, C_POINTER);

    private static final class ncclGetUniqueId {
        static final MethodHandle HANDLE = link(ncclGetUniqueId$DESC, "ncclGetUniqueId");
    }

    /** {@code ncclResult_t ncclGetUniqueId(ncclUniqueId *uniqueId)} */
    public static int ncclGetUniqueId(MemorySegment uniqueId) {
        try {
            return (int) ncclGetUniqueId.HANDLE.invokeExact(uniqueId);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor ncclCommInitRank$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_INT, ncclUniqueId, C_INT);

    private static final class ncclCommInitRank {
        static final MethodHandle HANDLE = link(ncclCommInitRank$DESC, "ncclCommInitRank");
    }

    /** {@code ncclResult_t ncclCommInitRank(ncclComm_t *comm, int nranks, ncclUniqueId commId, int rank)}; {@code commId} by value, a segment of {@link #ncclUniqueId} */
    public static int ncclCommInitRank(MemorySegment comm, int nranks, MemorySegment commId, int rank) {
        try {
            return (int) ncclCommInitRank.HANDLE.invokeExact(comm, nranks, commId, rank);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor ncclCommInitAll$DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_INT, C_POINTER);

    private static final class ncclCommInitAll {
        static final MethodHandle HANDLE = link(ncclCommInitAll$DESC, "ncclCommInitAll");
    }

    /** {@code ncclResult_t ncclCommInitAll(ncclComm_t *comm, int ndev, const int *devlist)} */
    public static int ncclCommInitAll(MemorySegment comm, int ndev, MemorySegment devlist) {
        try {
            return (int) ncclCommInitAll.HANDLE.invokeExact(comm, ndev, devlist);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor ncclCommDestroy$DESC = FunctionDescriptor.of(C_INT, C_HANDLE);

    private static final class ncclCommDestroy {
        static final MethodHandle HANDLE = link(ncclCommDestroy$DESC, "ncclCommDestroy");
    }

    /** {@code ncclResult_t ncclCommDestroy(ncclComm_t comm)} */
    public static int ncclCommDestroy(long comm) {
        try {
            return (int) ncclCommDestroy.HANDLE.invokeExact(comm);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor ncclCommGetAsyncError$DESC = FunctionDescriptor.of(C_INT, C_HANDLE, C_POINTER);

    private static final class ncclCommGetAsyncError {
        static final MethodHandle HANDLE = link(ncclCommGetAsyncError$DESC, "ncclCommGetAsyncError");
    }

    /** {@code ncclResult_t ncclCommGetAsyncError(ncclComm_t comm, ncclResult_t *asyncError)} */
    public static int ncclCommGetAsyncError(long comm, MemorySegment asyncError) {
        try {
            return (int) ncclCommGetAsyncError.HANDLE.invokeExact(comm, asyncError);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor ncclGroupStart$DESC = FunctionDescriptor.of(C_INT);

    private static final class ncclGroupStart {
        static final MethodHandle HANDLE = link(ncclGroupStart$DESC, "ncclGroupStart");
    }

    /** {@code ncclResult_t ncclGroupStart()} */
    public static int ncclGroupStart() {
        try {
            return (int) ncclGroupStart.HANDLE.invokeExact();
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor ncclGroupEnd$DESC = FunctionDescriptor.of(C_INT);

    private static final class ncclGroupEnd {
        static final MethodHandle HANDLE = link(ncclGroupEnd$DESC, "ncclGroupEnd");
    }

    /** {@code ncclResult_t ncclGroupEnd()} */
    public static int ncclGroupEnd() {
        try {
            return (int) ncclGroupEnd.HANDLE.invokeExact();
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor ncclSend$DESC = FunctionDescriptor.of(C_INT, C_DEVICEPTR, C_SIZE_T, C_INT, C_INT, C_HANDLE, C_HANDLE);

    private static final class ncclSend {
        static final MethodHandle HANDLE = link(ncclSend$DESC, "ncclSend");
    }

    /** {@code ncclResult_t ncclSend(const void *sendbuff, size_t count, ncclDataType_t datatype, int peer, ncclComm_t comm, cudaStream_t stream)} */
    public static int ncclSend(long sendbuff, long count, int datatype, int peer, long comm, long stream) {
        try {
            return (int) ncclSend.HANDLE.invokeExact(sendbuff, count, datatype, peer, comm, stream);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor ncclRecv$DESC = FunctionDescriptor.of(C_INT, C_DEVICEPTR, C_SIZE_T, C_INT, C_INT, C_HANDLE, C_HANDLE);

    private static final class ncclRecv {
        static final MethodHandle HANDLE = link(ncclRecv$DESC, "ncclRecv");
    }

    /** {@code ncclResult_t ncclRecv(void *recvbuff, size_t count, ncclDataType_t datatype, int peer, ncclComm_t comm, cudaStream_t stream)} */
    public static int ncclRecv(long recvbuff, long count, int datatype, int peer, long comm, long stream) {
        try {
            return (int) ncclRecv.HANDLE.invokeExact(recvbuff, count, datatype, peer, comm, stream);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor ncclGetErrorString$DESC = FunctionDescriptor.of(C_POINTER, C_INT);

    private static final class ncclGetErrorString {
        static final MethodHandle HANDLE = link(ncclGetErrorString$DESC, "ncclGetErrorString");
    }

    /** {@code const char *ncclGetErrorString(ncclResult_t result)} */
    public static MemorySegment ncclGetErrorString(int result) {
        try {
            return (MemorySegment) ncclGetErrorString.HANDLE.invokeExact(result);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }

    static final FunctionDescriptor ncclGetLastError$DESC = FunctionDescriptor.of(C_POINTER, C_HANDLE);

    private static final class ncclGetLastError {
        static final MethodHandle HANDLE = link(ncclGetLastError$DESC, "ncclGetLastError");
    }

    /** {@code const char *ncclGetLastError(ncclComm_t comm)} */
    public static MemorySegment ncclGetLastError(long comm) {
        try {
            return (MemorySegment) ncclGetLastError.HANDLE.invokeExact(comm);
        } catch (Throwable t) {
            throw NativeLibrary.propagate(t);
        }
    }
}
